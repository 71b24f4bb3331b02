import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestLogEntry, RequestLogSummary } from '../shared/types';
import { matchesQuery } from '../shared/requestQuery';
import { eachLine, keepFrom, lastSeqOf, openForAppend, readAt, sizeOf } from './requestLogFiles';

export type UnnumberedEntry = Omit<RequestLogEntry, 'seq'>;

/** The API request log's files in the data folder: one entry a line, oldest first. */
export const REQUEST_LOG_FILE = 'requests.jsonl';
/** The file before the current one: together they hold between half the budget and all of it. */
export const OLDER_REQUEST_LOG_FILE = 'requests.older.jsonl';
/** The console's own calls, the checkout page and files: kept apart, in memory, the newest of them. */
const OTHER_LIMIT = 1000;

/** An entry without its bodies, as the event stream and the list carry it. */
export function requestSummary(entry: RequestLogEntry): RequestLogSummary {
  const {
    request_body: _request,
    response_body: _response,
    request_headers: _requestHeaders,
    response_headers: _responseHeaders,
    ...summary
  } = entry;
  return summary;
}

/**
 * An API request as memory holds it: what the list shows, and where its line is in its file. In
 * memory-only mode, the entry itself.
 */
interface Kept {
  summary: RequestLogSummary;
  offset: number;
  length: number;
  entry?: RequestLogEntry;
}

export interface RequestPageQuery {
  /** 'all': the console's and the checkout page's requests too. */
  scope: 'api' | 'all';
  /** The filter box (shared/requestQuery.ts). */
  q: string;
  offset: number;
  limit: number;
}

/** The index of `seq` in entries sorted by seq, or -1. */
function indexOf(kept: readonly Kept[], seq: number): number {
  let low = 0;
  let high = kept.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = (kept[mid] as Kept).summary.seq;
    if (at === seq) return mid;
    if (at < seq) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * The Requests screen's log (docs/storage.md, "The request log"). The app's API requests are kept
 * on their own, within `budgetBytes()` of JSON, so the console's own calls never push them out,
 * and in the data folder so a restart keeps them: appended to one file until it holds half the
 * budget, which then becomes the older file (the one before it goes), so the log never rewrites
 * what it wrote. Memory holds each one's summary and where its line is; its headers and bodies are
 * read from the file when asked for. The console's own requests and the checkout page's are kept
 * apart, in memory, the newest 1,000. Seqs are shared by both and continue across restarts.
 *
 * The files are read by `load()`, after the server listens. Until then the log numbers requests
 * after the last one on disk (read from the file's end) and appends them, so a request that arrives
 * meanwhile is neither lost nor put before older ones; rotation and trimming wait for the load.
 */
export class RequestHistory {
  private api: Kept[] = [];
  /** How many of `api`, from its start, are in the older file. */
  private older = 0;
  private currentBytes = 0;
  private olderBytes = 0;
  private readonly other: RequestLogEntry[] = [];
  private seq = 0;
  private fd: number | null = null;
  private readonly files: { current: string; older: string } | undefined;
  /** What `load()` reads: the files' sizes when they were opened; entries from then on are in `api`. */
  private readonly onDisk: { older: number; current: number; lastSeq: number } | undefined;
  private loading: Promise<void> | undefined;
  private loaded: boolean;
  private closed = false;

  constructor(
    private readonly announce: (entry: RequestLogEntry) => void,
    private readonly budgetBytes: () => number,
    dir?: string,
  ) {
    this.files =
      dir === undefined
        ? undefined
        : { current: join(dir, REQUEST_LOG_FILE), older: join(dir, OLDER_REQUEST_LOG_FILE) };
    this.loaded = this.files === undefined;
    if (!this.files) return;
    const current = lastSeqOf(this.files.current);
    this.seq = current > 0 ? current : lastSeqOf(this.files.older);
    this.olderBytes = sizeOf(this.files.older);
    const { fd, size } = openForAppend(this.files.current);
    this.fd = fd;
    this.currentBytes = size;
    this.onDisk = { older: this.olderBytes, current: size, lastSeq: this.seq };
  }

  /** Reads the kept requests in (once); every read of the log waits for it. */
  load(): Promise<void> {
    this.loading ??= this.readFiles().catch((error: unknown) => {
      process.emitWarning(`request log: ${error instanceof Error ? error.message : String(error)}`);
      this.loaded = true;
    });
    return this.loading;
  }

  record(unnumbered: UnnumberedEntry): void {
    const entry: RequestLogEntry = { seq: ++this.seq, ...unnumbered };
    if (entry.api) {
      const line = `${JSON.stringify(entry)}\n`;
      const length = Buffer.byteLength(line);
      if (this.loaded && this.currentBytes > 0 && this.currentBytes + length > this.budgetBytes() / 2)
        this.rotate();
      this.api.push({
        summary: requestSummary(entry),
        offset: this.currentBytes,
        length,
        ...(this.files ? {} : { entry }),
      });
      this.currentBytes += length;
      if (this.fd !== null) writeSync(this.fd, line);
    } else {
      this.other.push(entry);
      if (this.other.length > OTHER_LIMIT) this.other.splice(0, this.other.length - OTHER_LIMIT);
    }
    this.announce(entry);
  }

  /**
   * After the setting is lowered: over the budget, the older file goes, and the current one keeps
   * its newest entries within half the budget (written afresh, the one rewrite the log makes).
   * While the log loads, the load does this once it is done.
   */
  trim(): void {
    if (!this.loaded || this.closed) return;
    const budget = this.budgetBytes();
    if (this.olderBytes + this.currentBytes <= budget) return;
    this.dropOlder();
    let drop = 0;
    let bytes = this.currentBytes;
    while (drop < this.api.length && bytes > budget / 2) bytes -= (this.api[drop++] as Kept).length;
    if (drop === 0) return;
    this.api.splice(0, drop);
    this.keepCurrentFrom(this.api[0]?.offset ?? this.currentBytes);
  }

  /** A reset: the app's requests are forgotten, on disk too. How many there were. */
  async clear(): Promise<number> {
    await this.load();
    const removed = this.api.length;
    this.dropOlder();
    this.api.length = 0;
    this.other.length = 0;
    this.keepCurrentFrom(this.currentBytes);
    return removed;
  }

  close(): void {
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** How many API requests are kept, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.api.length, bytes: this.olderBytes + this.currentBytes };
  }

  /** The number the last request got. */
  get latestSeq(): number {
    return this.seq;
  }

  /** A window of the requests kept (API only, or all), newest first, filtered; and how many match. */
  page(query: RequestPageQuery): { total: number; rows: RequestLogSummary[] } {
    const { offset, limit } = query;
    const q = query.q.trim();
    if (query.scope === 'api' && q === '') {
      const rows: RequestLogSummary[] = [];
      for (let i = this.api.length - 1 - offset; i >= 0 && rows.length < limit; i--)
        rows.push((this.api[i] as Kept).summary);
      return { total: this.api.length, rows };
    }
    const rows: RequestLogSummary[] = [];
    let total = 0;
    for (const summary of this.newestFirst(query.scope === 'all')) {
      if (!matchesQuery(summary, q)) continue;
      if (total >= offset && rows.length < limit) rows.push(summary);
      total++;
    }
    return { total, rows };
  }

  /** The entry numbered `seq` with its headers and bodies, while it is kept. */
  get(seq: number): RequestLogEntry | undefined {
    const i = indexOf(this.api, seq);
    if (i >= 0) return this.entryAt(i);
    return this.other.find((e) => e.seq === seq);
  }

  /** The newest request numbered after `after` that replays `seq`, with its bodies. */
  replayOf(seq: number, after: number): RequestLogEntry | undefined {
    for (let i = this.api.length - 1; i >= 0; i--) {
      const { summary } = this.api[i] as Kept;
      if (summary.seq <= after) break;
      if (summary.replay_of === seq) return this.entryAt(i);
    }
    return undefined;
  }

  /** Every API request kept, with its bodies, newest first: read from the files. */
  allApi(): RequestLogEntry[] {
    const entries: RequestLogEntry[] = [];
    for (let i = this.api.length - 1; i >= 0; i--) entries.push(this.entryAt(i));
    return entries;
  }

  private entryAt(i: number): RequestLogEntry {
    const kept = this.api[i] as Kept;
    if (kept.entry || !this.files) return kept.entry as RequestLogEntry;
    const file = i < this.older ? this.files.older : this.files.current;
    return JSON.parse(readAt(file, kept.offset, kept.length)) as RequestLogEntry;
  }

  private *newestFirst(withOther: boolean): Generator<RequestLogSummary> {
    let a = this.api.length - 1;
    let o = withOther ? this.other.length - 1 : -1;
    while (a >= 0 || o >= 0) {
      const fromApi = (this.api[a] as Kept | undefined)?.summary;
      const fromOther = this.other[o];
      if (fromApi && (!fromOther || fromApi.seq > fromOther.seq)) {
        yield fromApi;
        a--;
      } else if (fromOther) {
        yield requestSummary(fromOther);
        o--;
      }
    }
  }

  /** The older file's entries, then the current one's, before those recorded since the files were opened. */
  private async readFiles(): Promise<void> {
    if (!this.files || !this.onDisk) return;
    const { lastSeq } = this.onDisk;
    let last = 0;
    const read = async (file: string, size: number) => {
      const kept: Kept[] = [];
      await eachLine(file, size, (line, offset, length) => {
        if (line === '') return;
        try {
          const entry = JSON.parse(line) as RequestLogEntry;
          if (!Number.isSafeInteger(entry.seq) || entry.seq <= last || entry.seq > lastSeq) return;
          last = entry.seq;
          kept.push({ summary: requestSummary(entry), offset, length });
        } catch {
          // A line cut short (the machine stopped while it was written) is skipped; the rest are kept.
        }
      });
      return kept;
    };
    const older = await read(this.files.older, this.onDisk.older);
    const current = await read(this.files.current, this.onDisk.current);
    if (this.closed) return;
    this.api = [...older, ...current, ...this.api];
    this.older = older.length;
    this.loaded = true;
    this.trim();
    if (this.currentBytes > this.budgetBytes() / 2) this.rotate();
  }

  /** The current file becomes the older one; the entries of the one before it go. */
  private rotate(): void {
    this.api.splice(0, this.older);
    this.older = this.api.length;
    this.olderBytes = this.currentBytes;
    this.currentBytes = 0;
    if (!this.files) return;
    if (this.fd !== null) closeSync(this.fd);
    renameSync(this.files.current, this.files.older);
    this.fd = openSync(this.files.current, 'a');
  }

  private dropOlder(): void {
    this.api.splice(0, this.older);
    this.older = 0;
    this.olderBytes = 0;
    if (this.files) rmSync(this.files.older, { force: true });
  }

  /** The current file keeps its bytes from `from` on; the entries' places move with them. */
  private keepCurrentFrom(from: number): void {
    for (const kept of this.api) kept.offset -= from;
    this.currentBytes -= from;
    if (!this.files) return;
    if (this.fd !== null) closeSync(this.fd);
    keepFrom(this.files.current, from);
    this.fd = openSync(this.files.current, 'a');
  }
}
