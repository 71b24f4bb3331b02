import type { DeliveryAttempt } from '../../shared/types';

const RESPONSE_BODY_LIMIT = 64 * 1024;

/** The first 64 KiB of a response body, and whether there was more. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
): Promise<{ text: string; truncated: boolean }> {
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > RESPONSE_BODY_LIMIT) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  return { text: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'), truncated };
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return `timed out: no response within ${timeoutMs / 1000} s`;
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused: nothing is listening at that address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `DNS lookup failed (${code}): the host name does not resolve`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return 'the connection was closed before a response';
  // fetch never connects to the Fetch standard's "bad ports" (9, 25, 6000, 6665–6669, 10080…).
  if (e.cause?.message === 'bad port')
    return 'blocked port: fetch refuses to connect to this port (a Fetch standard "bad port"); run the receiver on another port';
  return `${code ?? e.name ?? 'error'}: ${e.cause?.message ?? e.message ?? String(err)}`;
}

/**
 * One POST to an endpoint (contract §8): any 2xx is delivered; anything else — a status, a
 * redirect (not followed), a timeout, a refused connection, a DNS error — is a failed attempt
 * with its reason. What went over the wire is recorded either way.
 */
export async function sendAttempt(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Omit<DeliveryAttempt, 'series' | 'number' | 'started_at'>> {
  const started = performance.now();
  const request = { url, headers, body };
  const took = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const { text, truncated } = await readCapped(res.body);
    const ok = res.status >= 200 && res.status < 300;
    return {
      duration_ms: took(),
      request,
      response: {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: text,
        body_truncated: truncated,
      },
      error: ok
        ? null
        : `the endpoint answered ${res.status}${res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : ''}`,
    };
  } catch (err) {
    return { duration_ms: took(), request, response: null, error: describeFailure(err, timeoutMs) };
  }
}
