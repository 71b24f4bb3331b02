// Pure helpers for the Requests screen: which entries show, how they read, and how they merge.
import type { RequestLogSummary } from '../../../shared/types';

/** The console lists the newest 1,000 of what the server keeps (docs/storage.md, "The request log"). */
export const REQUEST_LOG_CAP = 1000;

/** One row of the list: a logged request without its bodies (the detail fetches them). */
export type RequestRow = RequestLogSummary;

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'other';

export function statusClass(status: number): StatusClass {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500 && status < 600) return '5xx';
  return 'other';
}

/** Whether an entry matches the filter box: part of its path, link, request id, Idempotency-Key or key, or its status. */
export function matchesQuery(entry: RequestLogSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const status = String(entry.status);
  if (/^\d{1,3}$/.test(q)) return status.startsWith(q);
  if (/^\dxx$/.test(q)) return status[0] === q[0];
  return (
    entry.path.toLowerCase().includes(q) ||
    (entry.link_id !== undefined && entry.link_id.includes(q)) ||
    entry.request_id.toLowerCase().includes(q) ||
    (entry.idempotency_key ?? '').toLowerCase().includes(q) ||
    (entry.key_prefix ?? '').toLowerCase().includes(q) ||
    entry.method.toLowerCase() === q ||
    // "fault" finds every request a fault rule hit; a rule id finds that rule's.
    (entry.fault !== undefined && (q === 'fault' || entry.fault.rule_id === q))
  );
}

/** "3.4 ms", "1.20 s". */
export const formatMs = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A body pretty-printed when it is JSON, and whether it was. */
export function prettyJson(body: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}
