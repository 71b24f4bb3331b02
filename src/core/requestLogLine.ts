import type { RequestLogEntry } from '../shared/types';

// One API request's line in requests.jsonl (docs/storage.md, "The request log"): how an entry is
// written, and read back, with its JSON answer kept as it was sent.

/**
 * A JSON answer is written into its line as it was sent, under this key, rather than as a string:
 * a 13 KB list would otherwise be escaped into a new string on every request (issue 28). Reading
 * the line back gives `response_body` the same text again. Lines of earlier versions, and answers
 * that are not whole JSON, keep `response_body`.
 */
const SENT_JSON_KEY = ',"response_json":';
const BODY_LIMIT = 64 * 1024;

/**
 * The entry's line in requests.jsonl, its JSON answer as sent, in parts written one after the
 * other: the answer is never copied into a line of its own, nor encoded with the rest (a key
 * prefix's "…" would make the whole line a two-byte string, slower to encode).
 */
export function lineOf(entry: RequestLogEntry): string[] {
  const body = entry.response_body;
  const type = entry.response_headers['content-type'];
  // Only what the API's own serialiser wrote: JSON by its type, whole (not cut at the log's
  // 64 KiB), one object. Anything else is escaped as a string, as before.
  if (
    body === null ||
    body.length >= BODY_LIMIT ||
    type === undefined ||
    !type.startsWith('application/json') ||
    body.charCodeAt(0) !== 0x7b ||
    body.charCodeAt(body.length - 1) !== 0x7d
  )
    return [JSON.stringify(entry)];
  // JSON.stringify leaves out a property that is undefined: the rest of the entry, then the answer.
  // The entry is record's own, so it is blanked for that one call rather than copied.
  (entry as { response_body: string | null | undefined }).response_body = undefined;
  const rest = JSON.stringify(entry);
  entry.response_body = body;
  return [`${rest.slice(0, -1)}${SENT_JSON_KEY}`, body, '}'];
}

/** An entry read back from its line (lineOf, or an earlier version's). */
export function entryOfLine(line: string): RequestLogEntry {
  const entry = JSON.parse(line) as RequestLogEntry & { response_json?: unknown };
  if (entry.response_json === undefined) return entry;
  const end = line.endsWith('\n') ? line.length - 2 : line.length - 1;
  const { response_json: _sent, ...rest } = entry;
  return { ...rest, response_body: line.slice(line.indexOf(SENT_JSON_KEY) + SENT_JSON_KEY.length, end) };
}
