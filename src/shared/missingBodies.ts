// Why a logged request shows no body: it had none, or the log could not keep it. The Requests
// screen says which in these words, and the console API refuses to replay a request whose body was
// lost (it would send another request), so the rule lives here for both.
import type { RequestLogEntry } from './types';

type Logged = Pick<RequestLogEntry, 'api' | 'method' | 'status' | 'request_body' | 'request_headers'>;

/** The API's body limit (createApp's bodyLimit): a longer body is refused with a 413 unread. */
const BODY_LIMIT_KIB = 64;

const NOT_API = 'Not kept: the log keeps the bodies of API requests only.';

/** Whether the request said it had a body (a length above 0, or one sent in chunks). */
const bodySent = (entry: Pick<RequestLogEntry, 'request_headers'>): boolean =>
  Number(entry.request_headers['content-length'] ?? 0) > 0 ||
  entry.request_headers['transfer-encoding'] !== undefined;

/**
 * An API request that had a body the log could not keep: one refused at the key check, or for
 * being over the body limit, is answered before its body is read.
 */
export function bodyWasLost(entry: Pick<RequestLogEntry, 'request_body' | 'request_headers'>): boolean {
  return entry.request_body === null && bodySent(entry);
}

/** Why a body the request sent was not kept, in the words of what answered it. */
export function lostBodyReason(entry: Pick<RequestLogEntry, 'status'>): string {
  return entry.status === 413
    ? `it was over the API's ${BODY_LIMIT_KIB} KiB body limit, refused before it was read`
    : 'the request was refused at the key check, which answers before the body is read';
}

/** Why the request body shows as none; null when the log has it (an empty one included). */
export function missingRequestBody(entry: Logged): string | null {
  if (entry.request_body !== null) return null;
  if (!entry.api) return NOT_API;
  if (bodyWasLost(entry)) return `Not kept: ${lostBodyReason(entry)}.`;
  const method = entry.method.toUpperCase();
  return method === 'GET' || method === 'HEAD'
    ? `No body: a ${method} carries none.`
    : 'No body: none was sent.';
}

/** Why the response body shows as none; null when the log has it. */
export function missingResponseBody(
  entry: Pick<RequestLogEntry, 'api' | 'status' | 'response_body'>,
): string | null {
  if (entry.response_body !== null) return null;
  if (!entry.api) return NOT_API;
  // A drop fault closes the connection: status 0, nothing sent.
  return entry.status === 0 ? 'No answer: the connection was closed without one.' : 'No body: none was sent.';
}
