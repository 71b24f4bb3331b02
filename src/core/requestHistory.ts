import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { RequestLogEntry, RequestLogSummary } from '../shared/types';

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

interface Kept {
  entry: RequestLogEntry;
  line: string;
}

/** The index of `seq` in entries sorted by seq, or -1. */
function indexOf(kept: readonly { entry: RequestLogEntry }[], seq: number): number {
  let low = 0;
  let high = kept.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = (kept[mid] as { entry: RequestLogEntry }).entry.seq;
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
 * what it wrote. The console's own requests and the checkout page's are kept apart, in memory, the
 * newest 1,000. Seqs are shared by both and continue across restarts.
 */
export class RequestHistory {
  private readonly api: Kept[] = [];
  /** How many of `api`, from its start, are in the older file. */
  private older = 0;
  private currentBytes = 0;
  private olderBytes = 0;
  private readonly other: RequestLogEntry[] = [];
  private seq = 0;
  private fd: number | null = null;
  private readonly files: { current: string; older: string } | undefined;

  constructor(
    private readonly announce: (entry: RequestLogEntry) => void,
    private readonly budgetBytes: () => number,
    dir?: string,
  ) {
    this.files =
      dir === undefined
        ? undefined
        : { current: join(dir, REQUEST_LOG_FILE), older: join(dir, OLDER_REQUEST_LOG_FILE) };
    if (this.files) this.load(this.files);
  }

  record(unnumbered: UnnumberedEntry): void {
    const entry: RequestLogEntry = { seq: ++this.seq, ...unnumbered };
    if (entry.api) {
      const line = `${JSON.stringify(entry)}\n`;
      if (this.currentBytes > 0 && this.currentBytes + Buffer.byteLength(line) > this.budgetBytes() / 2)
        this.rotate();
      this.api.push({ entry, line });
      this.currentBytes += Buffer.byteLength(line);
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
   */
  trim(): void {
    const budget = this.budgetBytes();
    if (this.olderBytes + this.currentBytes <= budget) return;
    this.dropOlder();
    let drop = 0;
    while (drop < this.api.length && this.currentBytes > budget / 2)
      this.currentBytes -= Buffer.byteLength((this.api[drop++] as Kept).line);
    if (drop === 0) return;
    this.api.splice(0, drop);
    this.rewriteCurrent();
  }

  /** A reset: the app's requests are forgotten, on disk too. How many there were. */
  clear(): number {
    const removed = this.api.length;
    this.dropOlder();
    this.api.length = 0;
    this.other.length = 0;
    this.currentBytes = 0;
    this.rewriteCurrent();
    return removed;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** How many API requests are kept, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.api.length, bytes: this.olderBytes + this.currentBytes };
  }

  /** The API requests kept, newest first. */
  listApi(): RequestLogEntry[] {
    return this.api.map((k) => k.entry).reverse();
  }

  /** Every request kept, API or not, newest first. */
  list(): RequestLogEntry[] {
    const all = [...this.api.map((k) => k.entry), ...this.other];
    return all.sort((a, b) => b.seq - a.seq);
  }

  /** The entry numbered `seq`, while it is kept. */
  get(seq: number): RequestLogEntry | undefined {
    const i = indexOf(this.api, seq);
    if (i >= 0) return this.api[i]?.entry;
    return this.other.find((e) => e.seq === seq);
  }

  /** The current file becomes the older one; the entries of the one before it go. */
  private rotate(): void {
    this.api.splice(0, this.older);
    this.older = this.api.length;
    this.olderBytes = this.currentBytes;
    this.currentBytes = 0;
    if (!this.files) return;
    this.close();
    renameSync(this.files.current, this.files.older);
    this.fd = openSync(this.files.current, 'a');
  }

  private dropOlder(): void {
    this.api.splice(0, this.older);
    this.older = 0;
    this.olderBytes = 0;
    if (this.files) rmSync(this.files.older, { force: true });
  }

  /** A line cut short (the machine stopped while it was written) is skipped; the rest are kept. */
  private load(files: { current: string; older: string }): void {
    this.olderBytes = this.read(files.older);
    this.older = this.api.length;
    this.currentBytes = this.read(files.current);
    this.fd = openSync(files.current, 'a');
    this.trim();
  }

  /** Adds a file's entries; their size in bytes. */
  private read(file: string): number {
    if (!existsSync(file)) return 0;
    let bytes = 0;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      try {
        const entry = JSON.parse(line) as RequestLogEntry;
        if (!Number.isSafeInteger(entry.seq) || entry.seq <= this.seq) continue;
        const kept = `${line}\n`;
        this.api.push({ entry, line: kept });
        bytes += Buffer.byteLength(kept);
        this.seq = entry.seq;
      } catch {
        continue;
      }
    }
    return bytes;
  }

  /** The current file's entries written to a new file, then put in its place. */
  private rewriteCurrent(): void {
    if (!this.files) return;
    this.close();
    const next = `${this.files.current}.next`;
    writeFileSync(next, this.api.map((k) => k.line).join(''));
    renameSync(next, this.files.current);
    this.fd = openSync(this.files.current, 'a');
  }
}
