import { ByteWindow } from './byteWindow';

/** A document that is not the JSON it should be, with the byte offset where reading stopped. */
export class JsonDocumentError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    /** Where in the document, as `links[12]`, when the problem is inside a streamed record. */
    readonly place?: string,
  ) {
    super(message);
    this.name = 'JsonDocumentError';
  }
}

export interface DocumentHandlers {
  /** Top-level keys whose array values arrive element by element instead of in the head. */
  streamed: ReadonlySet<string>;
  onRecord(list: string, index: number, value: unknown): void;
  /** Each head field as soon as it is read, so a caller can refuse a document before its lists. */
  onField?(key: string, value: unknown): void;
  /** After the last record of a streamed list (also of an empty one). */
  onListEnd?(key: string): void;
  /**
   * The most values (object members and array items, at any depth) one record or head field may
   * hold: past it the value is refused while it is still being read, before it is parsed, since a
   * value of millions of tiny fields costs a hundred times its bytes once parsed. None: only the
   * byte cap applies (the store's own snapshot, whose records the store itself bounded).
   */
  valueLimit?: number;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const MAX_VALUE_BYTES = 256 * 1024 * 1024;
const VALUE_CAP = '256 MiB, more than any one value may be';
/** One record per line is what the sandbox writes; a longer line is scanned byte by byte. */
const LINE_FAST_PATH_LIMIT = 1 << 20;

/**
 * Reads a top-level JSON object from a byte stream without ever holding the document as one
 * string: V8 caps a string near 512 MiB, and a snapshot or an export of a million links is larger.
 * Keys listed in `streamed` hand their array elements to `onRecord` one at a time; every other key
 * is parsed whole and returned as the head.
 */
export async function readJsonDocument(
  source: AsyncIterable<Uint8Array>,
  handlers: DocumentHandlers,
): Promise<Record<string, unknown>> {
  const w = new ByteWindow(source[Symbol.asyncIterator]());
  const head: Record<string, unknown> = {};
  const limit = handlers.valueLimit ?? Infinity;
  await skipSpace(w);
  await expect(w, 0x7b, 'the document must be a JSON object');
  await skipSpace(w);
  if (!(await w.peekIs(0x7d))) {
    for (;;) {
      await skipSpace(w);
      const key = (await readValue(w, 'a key', limit)) as unknown;
      if (typeof key !== 'string') throw new JsonDocumentError('expected a quoted key', w.offset);
      await skipSpace(w);
      await expect(w, 0x3a, `expected ":" after "${key}"`);
      await skipSpace(w);
      if (handlers.streamed.has(key) && (await w.peekIs(0x5b))) {
        await readRecords(w, key, handlers, limit);
        head[key] = [];
        handlers.onListEnd?.(key);
      } else {
        head[key] = await readValue(w, `"${key}"`, limit);
        handlers.onField?.(key, head[key]);
      }
      await skipSpace(w);
      if (await w.peekIs(0x2c)) {
        w.pos++;
        continue;
      }
      break;
    }
  }
  await expect(w, 0x7d, 'expected "," or "}" between top-level fields');
  await skipSpace(w);
  if (!(await w.atEnd())) throw new JsonDocumentError('unexpected data after the document', w.offset);
  return head;
}

async function readRecords(
  w: ByteWindow,
  list: string,
  handlers: DocumentHandlers,
  limit: number,
): Promise<void> {
  w.pos++;
  await skipSpace(w);
  if (await w.peekIs(0x5d)) {
    w.pos++;
    return;
  }
  const lines: LongLine = { until: -1, limit };
  for (let index = 0; ; index++) {
    index = readBufferedLines(w, list, index, handlers, lines);
    await skipSpace(w);
    const place = `${list}[${index}]`;
    const value = (await readLineRecord(w, lines)) ?? (await readValue(w, place, limit));
    handlers.onRecord(list, index, value === LINE_NULL ? null : value);
    await skipSpace(w);
    if (await w.peekIs(0x2c)) {
      w.pos++;
      continue;
    }
    await expect(w, 0x5d, `expected "," or "]" after ${place}`);
    return;
  }
}

const LINE_NULL = Symbol('null');

/**
 * The hot loop for the sandbox's own layout: every whole `record,` line already in the buffer,
 * without an await per record (a million of them would cost a second in promise turns). Anything
 * else — the last record, another layout, a line that does not parse — is left to the general
 * path, which reports it properly.
 */
function readBufferedLines(
  w: ByteWindow,
  list: string,
  first: number,
  handlers: DocumentHandlers,
  lines: LongLine,
): number {
  let index = first;
  while (w.offset >= lines.until) {
    let start = w.pos;
    while (start < w.buf.length && isSpace(w.buf[start] as number)) start++;
    const nl = w.buf.indexOf(0x0a, start);
    if (nl === -1) break;
    let end = nl;
    while (end > start && isSpace(w.buf[end - 1] as number)) end--;
    if (end <= start || w.buf[end - 1] !== 0x2c || end - start > lines.limit) break;
    let value: unknown;
    try {
      value = JSON.parse(w.buf.toString('utf8', start, end - 1));
    } catch {
      break;
    }
    handlers.onRecord(list, index++, value);
    w.pos = end;
  }
  return index;
}

/**
 * The absolute offset up to which the line being read is known to hold more than one record, or to
 * be too long to try: the fast path is skipped until then. A minified file is one such line, and
 * without this every record in it would scan, and try to parse, up to a megabyte ahead again.
 */
interface LongLine {
  until: number;
  /**
   * The value limit: a line no longer than it cannot hold more values than it (each takes a byte
   * at least), so it may be parsed whole; a longer one goes through the scanner, which counts.
   */
  limit: number;
}

/**
 * The fast path for the layout the sandbox writes, one record per line ending in "," or nothing:
 * if the rest of the line parses, it is the whole element (a complete JSON value cannot be the
 * start of a longer one). Anything else falls back to the byte scanner.
 */
async function readLineRecord(w: ByteWindow, lines: LongLine): Promise<unknown> {
  if (w.offset < lines.until) return undefined;
  let nl = w.buf.indexOf(0x0a, w.pos);
  const longest = Math.min(LINE_FAST_PATH_LIMIT, lines.limit);
  while (nl === -1 && w.buf.length - w.pos < longest && (await w.more())) {
    nl = w.buf.indexOf(0x0a, w.pos);
  }
  let end = nl === -1 ? w.buf.length : nl;
  if (end - w.pos > longest) {
    lines.until = w.offset + (end - w.pos);
    return undefined;
  }
  while (end > w.pos && isSpace(w.buf[end - 1] as number)) end--;
  if (end > w.pos && w.buf[end - 1] === 0x2c) end--;
  if (end === w.pos) return undefined;
  try {
    const value = JSON.parse(w.buf.toString('utf8', w.pos, end)) as unknown;
    w.pos = end;
    return value === null ? LINE_NULL : value;
  } catch {
    lines.until = w.offset + (end - w.pos);
    return undefined;
  }
}

/**
 * Finds one value's extent byte by byte (strings, nesting), counting the values inside it against
 * `limit`, then parses just that slice.
 */
async function readValue(w: ByteWindow, what: string, limit: number): Promise<unknown> {
  let i = w.pos;
  let depth = 0;
  let inString = false;
  // Each container's items: its commas, and one more for the container (an empty one counts too).
  let values = 0;
  for (;;) {
    if (i >= w.buf.length) {
      // Past this no value can be a record, and V8 could not make a string of it anyway.
      if (w.buf.length - w.pos > MAX_VALUE_BYTES) {
        throw new JsonDocumentError(`${what} is longer than ${VALUE_CAP}`, w.offset, recordPlace(what));
      }
      const shift = w.pos;
      if (!(await w.more())) {
        if (i === shift) throw new JsonDocumentError(`the document ends where ${what} should be`, w.offset);
        // A cut-off copy, named as one rather than as whatever the broken slice fails to parse as.
        if (depth > 0 || inString) {
          throw new JsonDocumentError(`the document ends inside ${what}`, w.offset, recordPlace(what));
        }
        break;
      }
      i -= shift;
      continue;
    }
    const c = w.buf[i] as number;
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        inString = false;
        if (depth === 0) {
          i++;
          break;
        }
      }
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (++values > limit) throw tooManyValues(w, what, limit);
    } else if (c === 0x2c && depth > 0) {
      if (++values > limit) throw tooManyValues(w, what, limit);
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) break;
      if (--depth === 0) {
        i++;
        break;
      }
    } else if (depth === 0 && (c === 0x2c || isSpace(c))) break;
    i++;
  }
  const end = Math.min(i, w.buf.length);
  const text = w.buf.toString('utf8', w.pos, end);
  try {
    const value = JSON.parse(text) as unknown;
    w.pos = end;
    return value;
  } catch (err) {
    const flat = text.replace(/\s+/g, ' ');
    const shown = flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
    throw new JsonDocumentError(
      `${what} is not valid JSON (${(err as Error).message.split('\n')[0]}): ${shown}`,
      w.offset,
      recordPlace(what),
    );
  }
}

function tooManyValues(w: ByteWindow, what: string, limit: number): JsonDocumentError {
  return new JsonDocumentError(
    `${what} holds more than ${limit.toLocaleString('en')} values (fields and list items, at any depth); one record or field may hold at most ${limit.toLocaleString('en')}`,
    w.offset,
    recordPlace(what),
  );
}

/** `what` names a record's place (links[3]), a head field ("settings") or a key. */
const recordPlace = (what: string): string | undefined =>
  what.startsWith('"') || what === 'a key' ? undefined : what;

async function skipSpace(w: ByteWindow): Promise<void> {
  for (;;) {
    while (w.pos < w.buf.length && isSpace(w.buf[w.pos] as number)) w.pos++;
    if (w.pos < w.buf.length || !(await w.more())) return;
  }
}

async function expect(w: ByteWindow, byte: number, problem: string): Promise<void> {
  if (!(await w.peekIs(byte))) {
    throw new JsonDocumentError(
      (await w.atEnd()) ? `the document ends too early (${problem})` : problem,
      w.offset,
    );
  }
  w.pos++;
}
