import type { RequestLogEntry } from '../shared/types';
import type { QueuedLine } from './store/jsonlLog';

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

/** Printable ASCII but `"` and `\`: a JSON string of these is the text between two quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const NOT_ASCII = /[\u007f-\uffff]/g;
const asEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A JSON string in ASCII alone: the line is then a one-byte string, its length its size in bytes. */
function text(s: string): string {
  return PLAIN.test(s) ? `"${s}"` : JSON.stringify(s).replace(NOT_ASCII, asEscape);
}

/** Headers and key prefixes that needed escaping (the "…" of every request's key), remembered. */
const escapedTexts = new Map<string, string>();
const ESCAPED_KEPT = 1000;
const ESCAPED_LENGTH_KEPT = 256;

/** text, for what repeats from request to request: a header, a key prefix. */
function repeatedText(s: string): string {
  if (PLAIN.test(s)) return `"${s}"`;
  const known = escapedTexts.get(s);
  if (known !== undefined) return known;
  const json = text(s);
  if (s.length > ESCAPED_LENGTH_KEPT) return json;
  if (escapedTexts.size >= ESCAPED_KEPT) escapedTexts.clear();
  escapedTexts.set(s, json);
  return json;
}

const orNull = (s: string | null): string => (s === null ? 'null' : text(s));
const num = (n: number | null): string => (n === null || !Number.isFinite(n) ? 'null' : String(n));

function headers(h: Record<string, string>): string {
  let out = '';
  for (const name in h) out += `,${repeatedText(name)}:${repeatedText(h[name] as string)}`;
  return `{${out.slice(1)}}`;
}

/**
 * The entry's line, but its answer and the closing brace. Written field by field rather than by
 * JSON.stringify, in ASCII alone: a one-byte string, quicker to build and to encode (issue 28).
 * src/test/requestLogLine.test.ts reads back an entry with every field: one added to the entry and
 * not written here fails it.
 */
function head(e: RequestLogEntry): string {
  let line = `{"seq":${num(e.seq)},"request_id":${text(e.request_id)},"method":${text(e.method)},"path":${text(e.path)},"status":${num(e.status)},"duration_ms":${num(e.duration_ms)},"key_prefix":${e.key_prefix === null ? 'null' : repeatedText(e.key_prefix)}`;
  if (e.key_rejected !== undefined) line += `,"key_rejected":${e.key_rejected}`;
  if (e.replay_of !== undefined) line += `,"replay_of":${num(e.replay_of)}`;
  line += `,"idempotency_key":${orNull(e.idempotency_key)},"replayed":${e.replayed},"at":${text(e.at)},"api":${e.api},"request_body_length":${num(e.request_body_length)},"response_body_length":${num(e.response_body_length)}`;
  if (e.link_id !== undefined) line += `,"link_id":${text(e.link_id)}`;
  const { fault } = e;
  if (fault !== undefined) {
    line += `,"fault":{"rule_id":${text(fault.rule_id)},"action":${text(fault.action)}`;
    if (fault.latency_ms !== undefined) line += `,"latency_ms":${num(fault.latency_ms)}`;
    line += '}';
  }
  return `${line},"request_body":${orNull(e.request_body)},"request_headers":${headers(e.request_headers)},"response_headers":${headers(e.response_headers)}`;
}

/**
 * The entry's line in requests.jsonl, its JSON answer as sent, in parts written one after the
 * other: the answer is never copied into a line of its own, nor encoded with the rest.
 */
export function lineOf(entry: RequestLogEntry): QueuedLine {
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
    return { ascii: `${head(entry)},"response_body":${orNull(body)}}` };
  return { ascii: `${head(entry)}${SENT_JSON_KEY}`, text: body, end: '}' };
}

/** An entry read back from its line (lineOf, or an earlier version's). */
export function entryOfLine(line: string): RequestLogEntry {
  const entry = JSON.parse(line) as RequestLogEntry & { response_json?: unknown };
  if (entry.response_json === undefined) return entry;
  const end = line.endsWith('\n') ? line.length - 2 : line.length - 1;
  const { response_json: _sent, ...rest } = entry;
  return { ...rest, response_body: line.slice(line.indexOf(SENT_JSON_KEY) + SENT_JSON_KEY.length, end) };
}
