// The Requests screen's filter box, applied by the server over the whole kept log so any page of
// the filtered list can be read, and by the console to live arrivals.
import type { RequestLogSummary } from './types';
import { STATUS_FILTER, statusMatches } from './logFilter';

/** Whether an entry matches the filter box: part of its path, link, request id, Idempotency-Key or key, or its status. */
export function matchesQuery(entry: RequestLogSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const status = String(entry.status);
  if (/^\d{1,3}$/.test(q)) return status.startsWith(q);
  if (STATUS_FILTER.test(q)) return statusMatches(entry.status, q);
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
