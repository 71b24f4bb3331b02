import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { InboxForwardResult, InboxMessage } from '../../shared/types';
import { SandboxError } from '../errors';
import { replayableHeaders } from '../../shared/inboxCurl';

/** As a sandbox delivery (docs/contract.md §8): a forward that takes longer is given up. */
const FORWARD_TIMEOUT_MS = 10_000;
const KEPT_ANSWER_BYTES = 4096;

/** The URL a tester typed, when it is one a forward can go to; else a 400 that says what is allowed. */
export function forwardUrl(given: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(given.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const shown = given.length > 80 ? `${given.slice(0, 80)}…` : given;
    throw new SandboxError(
      'parameter_invalid',
      `Invalid url ${JSON.stringify(shown)}: give an absolute http:// or https:// URL, such as http://127.0.0.1:3000/webhooks.`,
      'url',
    );
  }
  return url;
}

/**
 * "Forward to…": sends a kept message again to `url`, with its method, its raw body and its
 * headers as received (less those that describe the old connection: Host, Content-Length,
 * Connection…), and answers how the URL answered. No answer (refused, timed out) is a result too,
 * with its reason: the forward was made.
 */
export async function forwardMessage(message: InboxMessage, url: URL): Promise<InboxForwardResult> {
  const body = Buffer.from(message.body, message.body_encoding);
  const headers = { ...replayableHeaders(message.headers), 'content-length': String(body.length) };
  const started = performance.now();
  const result = (status: number | null, error: string | null, response_body = ''): InboxForwardResult => ({
    url: url.href,
    method: message.method,
    status,
    error,
    duration_ms: Math.round(performance.now() - started),
    response_body,
    body_truncated: message.body_truncated,
  });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, { method: message.method, headers, timeout: FORWARD_TIMEOUT_MS }, (res) => {
      void readAnswer(res).then((text) => resolve(result(res.statusCode ?? null, null, text)));
    });
    req.on('timeout', () =>
      req.destroy(new Error(`no answer within ${FORWARD_TIMEOUT_MS / 1000} s, so the forward was given up`)),
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(result(null, err.code ? `${err.code}: ${err.message}` : err.message)),
    );
    req.end(body);
  });
}

/** The first KEPT_ANSWER_BYTES of an answer, as text; the rest is not read. */
function readAnswer(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    res.on('data', (chunk: Buffer) => {
      if (kept >= KEPT_ANSWER_BYTES) return;
      const part = chunk.subarray(0, KEPT_ANSWER_BYTES - kept);
      chunks.push(part);
      kept += part.length;
      if (kept >= KEPT_ANSWER_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
  });
}
