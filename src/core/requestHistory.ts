import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestLogEntry, RequestLogSummary } from '../shared/types';

export type UnnumberedEntry = Omit<RequestLogEntry, 'seq'>;

/** The API request log's file in the data folder: one entry a line, oldest first. */
export const REQUEST_LOG_FILE = 'requests.jsonl';
/** The console's own calls, the checkout page and files: kept apart, in memory, the newest of them. */
const OTHER_LIMIT = 1000;
/** Trimming goes this far under the budget, so a full log is rewritten once per tenth of it, not per request. */
const TRIM_TO = 0.9;

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
 * on their own, within `budgetBytes()` of JSON, and in the data folder as an append-only
 * JSON-lines file, so a restart keeps them and the console's own calls never push them out; those
 * and the checkout page's are kept apart, in memory, the newest 1,000. Seqs are shared by both and
 * continue across restarts.
 */
export class RequestHistory {
  private readonly api: Kept[] = [];
  private readonly other: RequestLogEntry[] = [];
  private apiBytes = 0;
  private seq = 0;
  private fd: number | null = null;
  private readonly file: string | undefined;

  constructor(
    private readonly announce: (entry: RequestLogEntry) => void,
    private readonly budgetBytes: () => number,
    dir?: string,
  ) {
    this.file = dir === undefined ? undefined : join(dir, REQUEST_LOG_FILE);
    if (this.file) this.load(this.file);
  }

  record(unnumbered: UnnumberedEntry): void {
    const entry: RequestLogEntry = { seq: ++this.seq, ...unnumbered };
    if (entry.api) {
      const line = `${JSON.stringify(entry)}\n`;
      this.api.push({ entry, line });
      this.apiBytes += Buffer.byteLength(line);
      if (!this.trim() && this.fd !== null) writeSync(this.fd, line);
    } else {
      this.other.push(entry);
      if (this.other.length > OTHER_LIMIT) this.other.splice(0, this.other.length - OTHER_LIMIT);
    }
    this.announce(entry);
  }

  /**
   * Drops the oldest API entries while the log is over its budget (after a request, or the setting
   * lowered), and writes the file afresh. Whether it did.
   */
  trim(): boolean {
    const budget = this.budgetBytes();
    if (this.apiBytes <= budget) return false;
    let drop = 0;
    while (drop < this.api.length && this.apiBytes > budget * TRIM_TO)
      this.apiBytes -= Buffer.byteLength((this.api[drop++] as Kept).line);
    this.api.splice(0, drop);
    this.rewrite();
    return true;
  }

  /** A reset: the app's requests are forgotten, on disk too. How many there were. */
  clear(): number {
    const removed = this.api.length;
    this.api.length = 0;
    this.other.length = 0;
    this.apiBytes = 0;
    this.rewrite();
    return removed;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** How many API requests are kept, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.api.length, bytes: this.apiBytes };
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

  /** A line cut short (the machine stopped while it was written) is skipped; the rest are kept. */
  private load(file: string): void {
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line === '') continue;
        try {
          const entry = JSON.parse(line) as RequestLogEntry;
          if (!Number.isSafeInteger(entry.seq) || entry.seq <= this.seq) continue;
          const kept = `${line}\n`;
          this.api.push({ entry, line: kept });
          this.apiBytes += Buffer.byteLength(kept);
          this.seq = entry.seq;
        } catch {
          continue;
        }
      }
    }
    if (!this.trim()) this.fd = openSync(file, 'a');
  }

  /** The kept API entries written to a new file, then put in the old one's place. */
  private rewrite(): void {
    if (!this.file) return;
    this.close();
    const next = `${this.file}.next`;
    writeFileSync(next, this.api.map((k) => k.line).join(''));
    renameSync(next, this.file);
    this.fd = openSync(this.file, 'a');
  }
}
