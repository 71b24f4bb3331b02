// What `logs tail --filter-…` keeps of the log (GET /sandbox/logs' entries), and the status rule
// the console's Requests filter shares: 200 is that status, 4XX (or 4xx) any of its class.
import type { LogEntry } from './sandboxLog';

/** A status as a filter names it: three digits, or a class (1XX to 5XX). */
export const STATUS_FILTER = /^[1-5](\d\d|xx)$/i;

/** Whether `status` is the one `pattern` names (`200`), or in its class (`4XX`). */
export function statusMatches(status: number | null, pattern: string): boolean {
  if (status === null) return false;
  return /xx$/i.test(pattern) ? Math.floor(status / 100) === Number(pattern[0]) : status === Number(pattern);
}

/** Each part narrows; within one, any value matches (GET or POST). */
export interface LogFilter {
  /** Upper-case methods: API requests only (a webhook attempt is no API request). */
  methods?: string[];
  /** Paths, each matching itself and what is under it: API requests only. */
  paths?: string[];
  statuses?: string[];
  linkId?: string;
}

const pathOf = (path: string): string => path.split('?')[0] as string;

/** Whether an entry is one the filter keeps. */
export function matchesLogFilter(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.linkId !== undefined && entry.link_id !== filter.linkId) return false;
  if (filter.statuses && !filter.statuses.some((pattern) => statusMatches(entry.status, pattern)))
    return false;
  if (filter.methods === undefined && filter.paths === undefined) return true;
  if (entry.type !== 'api_request') return false;
  if (filter.methods && !filter.methods.includes(entry.method)) return false;
  const path = pathOf(entry.path);
  return (
    !filter.paths || filter.paths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))
  );
}
