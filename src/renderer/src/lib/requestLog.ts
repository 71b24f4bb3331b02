// Pure helpers for the Requests screen: which entries show, how they read, and how they merge.
import type { RequestLogSummary } from '../../../shared/types';

/** One row of the list: a logged request without its bodies (the detail fetches them), keyed by its seq. */
export type RequestRow = RequestLogSummary & { id: string };

export const requestRow = (summary: RequestLogSummary): RequestRow => ({
  ...summary,
  id: String(summary.seq),
});

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'other';

export function statusClass(status: number): StatusClass {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500 && status < 600) return '5xx';
  return 'other';
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
