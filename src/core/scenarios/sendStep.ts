import type { StepRequest } from './stepRequests';

export type StepAnswer = { status: number; body: unknown } | { noAnswer: string };

/**
 * Why a request got no answer, in words for a CI log. fetch reports every one as "fetch failed";
 * the reason is in its cause (undici's or the socket's code).
 */
function noAnswerReason(err: unknown, target: string, timeoutMs: number): string {
  if (err instanceof DOMException && err.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s (--timeout)`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const detail = cause?.message ?? (err as Error).message;
  if (code === 'ECONNREFUSED') return `no answer: nothing listens at ${target} (connection refused)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `no answer: the host of ${target} was not found`;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')
    return `no answer: the connection was closed before an answer came (${detail})`;
  return `no answer: ${detail}${code ? ` (${code})` : ''}`;
}

/**
 * Sends one step's request. A connection that drops, is refused or stays silent past the
 * timeout is an outcome the step reports, never an error that ends the run.
 */
export async function sendStep(
  base: string,
  key: string,
  request: StepRequest,
  timeoutMs: number,
): Promise<StepAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...request.headers };
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  try {
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: compared as text.
    }
    return { status: response.status, body };
  } catch (err) {
    return { noAnswer: noAnswerReason(err, base, timeoutMs) };
  }
}
