import { isUtf8 } from 'node:buffer';
import type { InboxMessageSummary } from '../../shared/types';

/** The inbox log's files in the data folder (docs/storage.md, "The inbox"): inbox.jsonl, inbox.older.jsonl. */
export const INBOX_LOG_NAME = 'inbox';

/** One line of the inbox log: a message as received, or an inbox emptied after message `seq`. */
export type LogLine =
  | {
      seq: number;
      summary: InboxMessageSummary;
      headers: Record<string, string>;
      body: string;
      body_encoding: 'utf8' | 'base64';
    }
  | { seq: number; cleared: string };

export const isLogLine = (line: unknown): line is LogLine => {
  const l = line as Partial<Record<string, unknown>> | null;
  if (typeof l !== 'object' || l === null || !Number.isSafeInteger(l.seq)) return false;
  if (typeof l.cleared === 'string') return true;
  const summary = l.summary as Partial<InboxMessageSummary> | undefined;
  return (
    typeof summary?.id === 'string' &&
    typeof summary.inbox === 'string' &&
    typeof l.body === 'string' &&
    typeof l.headers === 'object' &&
    l.headers !== null
  );
};

/** A message as the log keeps it: a body that is not UTF-8 goes as base64. */
export function messageLine(
  seq: number,
  summary: InboxMessageSummary,
  headers: Record<string, string>,
  body: Buffer,
): LogLine {
  return { seq, summary, headers, ...encodedBody(body) };
}

/** A body as the log and the API carry it: UTF-8 text, or base64 when it is not UTF-8. */
export function encodedBody(body: Buffer): { body: string; body_encoding: 'utf8' | 'base64' } {
  const utf8 = isUtf8(body);
  return { body: body.toString(utf8 ? 'utf8' : 'base64'), body_encoding: utf8 ? 'utf8' : 'base64' };
}
