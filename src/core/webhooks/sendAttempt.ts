import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { RESPONSE_BODY_LIMIT, type DeliveryAttempt } from '../../shared/types';

/** An idle connection is kept this long for the next delivery: under Node servers' own 5 s. */
const IDLE_MS = 4_000;

// One agent per protocol pools connections per origin (host and port), so a burst of deliveries
// to one receiver reuses a few sockets instead of opening one each.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: IDLE_MS }),
};

type Outcome = Omit<DeliveryAttempt, 'series' | 'number' | 'started_at'>;

class AttemptTimeout extends Error {}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof AttemptTimeout) return `timed out: no response within ${timeoutMs / 1000} s`;
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED')
    return 'connection refused (ECONNREFUSED): nothing is listening at that address';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return `DNS lookup failed (${e.code}): the host name does not resolve`;
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return 'the connection was closed before a response';
  return `${e.code ?? 'error'}: ${e.message ?? String(err)}`;
}

/**
 * The first 64 KiB of a response body, and whether there was more. No more than that is ever held:
 * the rest of a large error page is not read at all.
 */
function readCapped(res: IncomingMessage): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      const room = RESPONSE_BODY_LIMIT - size;
      if (chunk.length <= room) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      chunks.push(chunk.subarray(0, room));
      res.off('data', onData);
      // The rest is never read, so this connection cannot carry another request.
      res.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: true });
    };
    res.on('data', onData);
    res.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: false }));
    res.on('error', reject);
  });
}

const flatHeaders = (res: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(res.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );

/**
 * One POST to an endpoint (docs/contract.md §8): any 2xx is delivered; anything else — a status, a
 * redirect (not followed), a timeout, a refused connection, a DNS error — is a failed attempt
 * with its reason. The headers recorded are all the headers sent, Host and Content-Length included.
 * The inbox's "Forward to…" sends through it too, with the method and the raw bytes it received.
 */
export function sendAttempt(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  timeoutMs: number,
  method = 'POST',
): Promise<Outcome> {
  const started = performance.now();
  const took = () => Math.round((performance.now() - started) * 100) / 100;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({
      duration_ms: 0,
      request: { url, headers, body: typeof body === 'string' ? body : body.toString('utf8') },
      response: null,
      error: `invalid URL: ${url}`,
    });
  }
  const sent = {
    host: target.host,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'keep-alive',
    ...headers,
  };
  const request = { url, headers: sent, body: typeof body === 'string' ? body : body.toString('utf8') };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    let current: ReturnType<typeof send> | null = null;
    // The whole attempt, response body included, has one deadline (docs/contract.md §8: 10 s).
    const deadline = setTimeout(() => {
      fail(new AttemptTimeout());
      current?.destroy();
    }, timeoutMs);
    function finish(outcome: Outcome): void {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    }
    function fail(err: unknown): void {
      finish({ duration_ms: took(), request, response: null, error: describeFailure(err, timeoutMs) });
    }
    function post(again: boolean): void {
      let req: ReturnType<typeof send>;
      try {
        req = send(target, { method, headers: sent, agent });
      } catch (err) {
        // A header Node will not send (a control character in it): a failed attempt, not a crash.
        fail(err);
        return;
      }
      current = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the receiver closed just as it was reused: the request never
        // reached it, so it is sent once more on a fresh connection (as Node's docs advise).
        if (!again && req.reusedSocket && err.code === 'ECONNRESET' && !settled) post(true);
        else fail(err);
      });
      req.on('response', (res) => {
        readCapped(res).then(({ text, truncated }) => {
          const status = res.statusCode ?? 0;
          finish({
            duration_ms: took(),
            request,
            response: { status, headers: flatHeaders(res), body: text, body_truncated: truncated },
            error:
              status >= 200 && status < 300
                ? null
                : `the endpoint answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
          });
        }, fail);
      });
      req.end(body);
    }
    post(false);
  });
}
