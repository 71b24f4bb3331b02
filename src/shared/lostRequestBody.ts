// A logged request that had a body the log could not keep: one refused at the key check is
// answered before its body is read. Replaying it would send another request (no body), so the
// console API refuses to and the Requests screen says why.
import type { RequestLogEntry } from './types';

export function bodyWasLost(entry: Pick<RequestLogEntry, 'request_body' | 'request_headers'>): boolean {
  if (entry.request_body !== null) return false;
  const length = Number(entry.request_headers['content-length'] ?? 0);
  return length > 0 || entry.request_headers['transfer-encoding'] !== undefined;
}

export const LOST_BODY =
  'Not kept: the request was refused at the key check, which answers before the body is read.';
