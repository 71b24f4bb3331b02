import type { RequestLogEntry, RequestLogSummary } from '../shared/types';
import { matchesQuery } from '../shared/requestQuery';
import { OTHER_REQUESTS_KEPT } from '../shared/requestLogRetention';
import { JsonlLog } from './store/jsonlLog';
import { entryOfLine, lineOf } from './requestLogLine';

export type UnnumberedEntry = Omit<RequestLogEntry, 'seq'>;

/** The API request log's files in the data folder (store/jsonlLog.ts): one entry a line, oldest first. */
const REQUEST_LOG_NAME = 'requests';
export const REQUEST_LOG_FILE = `${REQUEST_LOG_NAME}.jsonl`;
/** The file before the current one: together they hold between half the budget and all of it. */
export const OLDER_REQUEST_LOG_FILE = `${REQUEST_LOG_NAME}.older.jsonl`;
/** The console's own calls, the checkout page and files: kept apart, in memory, the newest of them. */

type OptionalKey<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** The summary's optional fields: a field added to it and not here fails to compile. */
const OPTIONAL_SUMMARY_FIELDS: Record<OptionalKey<RequestLogSummary>, true> = {
  key_rejected: true,
  replay_of: true,
  link_id: true,
  fault: true,
};

/**
 * An entry's summary fields, numbered `seq`. Built field by field: an object spread or rest
 * (`{ seq, ...entry }`, `{ request_body, ...summary }`) copies through the runtime's generic path,
 * four times slower, and every logged request made two (issue 28).
 */
function summaryOf(seq: number, e: UnnumberedEntry): RequestLogSummary {
  const summary: RequestLogSummary = {
    seq,
    request_id: e.request_id,
    method: e.method,
    path: e.path,
    status: e.status,
    duration_ms: e.duration_ms,
    key_prefix: e.key_prefix,
    idempotency_key: e.idempotency_key,
    replayed: e.replayed,
    at: e.at,
    api: e.api,
    request_body_length: e.request_body_length,
    response_body_length: e.response_body_length,
  };
  for (const field in OPTIONAL_SUMMARY_FIELDS) {
    const value = e[field as OptionalKey<RequestLogSummary>];
    if (value !== undefined) (summary as Record<string, unknown>)[field] = value;
  }
  return summary;
}

/** An entry without its bodies, as the event stream and the list carry it. */
export const requestSummary = (entry: RequestLogEntry): RequestLogSummary => summaryOf(entry.seq, entry);

export interface RequestPageQuery {
  /** 'all': the console's and the checkout page's requests too. */
  scope: 'api' | 'all';
  /** The filter box (shared/requestQuery.ts). */
  q: string;
  offset: number;
  limit: number;
}

/** The index of `seq` in summaries sorted by seq, or -1. */
function indexOf(kept: readonly RequestLogSummary[], seq: number): number {
  let low = 0;
  let high = kept.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = (kept[mid] as RequestLogSummary).seq;
    if (at === seq) return mid;
    if (at < seq) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * The Requests screen's log (docs/storage.md, "The request log"). The app's API requests are kept
 * on their own, within `budgetBytes()` of JSON, so the console's own calls never push them out,
 * and in the data folder so a restart keeps them, in a rotating JSON-lines log (store/jsonlLog.ts,
 * which owns the files, their rotation and trimming). Memory holds each one's summary, in the
 * log's order; its headers and bodies are read from the file when asked for. The console's own
 * requests and the checkout page's are kept apart, in memory, the newest 1,000. Seqs are shared by
 * both and continue across restarts.
 *
 * The files are read by `load()`, after the server listens. Until then the log numbers requests
 * after the last one on disk (read from the file's end) and appends them, so a request that arrives
 * meanwhile is neither lost nor put before older ones; rotation and trimming wait for the load, and
 * so does every read (page, get, allApi, replayOf): a caller never has to remember to load first.
 */
export class RequestHistory {
  /**
   * What the list shows of each API request the log keeps, oldest first: the log's `dropped` takes
   * the oldest out. Without a data folder, `entries` holds the whole of each, alike; with one, they
   * are read from the files.
   */
  private api: RequestLogSummary[] = [];
  private readonly entries: RequestLogEntry[] | undefined;
  private readonly other: RequestLogEntry[] = [];
  private seq = 0;
  private readonly log: JsonlLog<RequestLogEntry>;
  /** The last seq on disk when the log was opened: a load keeps none after it. */
  private readonly lastOnDisk: number;
  private loading: Promise<void> | undefined;

  constructor(
    /** Each request as it is logged, with its summary (the one the list keeps) when it is the API's. */
    private readonly announce: (entry: RequestLogEntry, summary: RequestLogSummary | undefined) => void,
    budgetBytes: () => number,
    dir?: string,
  ) {
    this.log = new JsonlLog<RequestLogEntry>(dir, REQUEST_LOG_NAME, budgetBytes, (count) => {
      this.api.splice(0, count);
      this.entries?.splice(0, count);
    });
    if (!this.log.fileNames) this.entries = [];
    this.seq = this.log.last((entry) => (Number.isSafeInteger(entry.seq) ? entry.seq : undefined)) ?? 0;
    this.lastOnDisk = this.seq;
  }

  /** Reads the kept requests in (once; a start calls it once listening); every read waits for it. */
  load(): Promise<void> {
    this.loading ??= this.readFiles();
    return this.loading;
  }

  private readFiles(): Promise<void> {
    let last = 0;
    return this.log
      .load(
        (entry) => {
          // Seqs only grow: a line that would put a request out of order is not kept.
          if (!Number.isSafeInteger(entry.seq) || entry.seq <= last || entry.seq > this.lastOnDisk)
            return undefined;
          last = entry.seq;
          return requestSummary(entry);
        },
        (kept) => {
          this.api = [...kept, ...this.api];
        },
      )
      .catch((error: unknown) => {
        process.emitWarning(`request log: ${error instanceof Error ? error.message : String(error)}`);
      });
  }

  /** Numbers the entry it is given (built for it alone: a copy would cost every request one). */
  record(unnumbered: UnnumberedEntry): void {
    const entry = unnumbered as RequestLogEntry;
    entry.seq = ++this.seq;
    if (!entry.api) {
      this.other.push(entry);
      if (this.other.length > OTHER_REQUESTS_KEPT)
        this.other.splice(0, this.other.length - OTHER_REQUESTS_KEPT);
      this.announce(entry, undefined);
      return;
    }
    // Serialised once, here; written after the answer with the turn's other requests (issue 28).
    this.log.queue(lineOf(entry));
    const summary = requestSummary(entry);
    this.api.push(summary);
    this.entries?.push(entry);
    this.announce(entry, summary);
  }

  /**
   * After the setting is lowered: over the budget, the older file goes, and the current one keeps
   * its newest entries within half the budget. While the log loads, the load does this once done.
   */
  trim(): void {
    this.log.trim();
  }

  /** A reset: the app's requests are forgotten, on disk too. How many there were. */
  async clear(): Promise<number> {
    await this.load();
    const removed = this.api.length;
    this.log.clear();
    this.api.length = 0;
    if (this.entries) this.entries.length = 0;
    this.other.length = 0;
    return removed;
  }

  close(): void {
    this.log.close();
  }

  /** How many API requests are kept, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return this.log.size;
  }

  /** The number the last request got. */
  get latestSeq(): number {
    return this.seq;
  }

  /** A window of the requests kept (API only, or all), newest first, filtered; and how many match. */
  async page(query: RequestPageQuery): Promise<{ total: number; rows: RequestLogSummary[] }> {
    await this.load();
    const { offset, limit } = query;
    const q = query.q.trim();
    if (query.scope === 'api' && q === '') {
      const rows: RequestLogSummary[] = [];
      for (let i = this.api.length - 1 - offset; i >= 0 && rows.length < limit; i--)
        rows.push(this.api[i] as RequestLogSummary);
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
  async get(seq: number): Promise<RequestLogEntry | undefined> {
    await this.load();
    return this.recorded(seq);
  }

  /**
   * As get, at once, for a request recorded since this start (GET /sandbox/logs reads back those it
   * saw logged): those are kept in memory whether or not the files have been read in yet.
   */
  recorded(seq: number): RequestLogEntry | undefined {
    const i = indexOf(this.api, seq);
    if (i >= 0) return this.entryAt(i);
    return this.other.find((e) => e.seq === seq);
  }

  /** The newest request numbered after `after` that replays `seq`, with its bodies. */
  async replayOf(seq: number, after: number): Promise<RequestLogEntry | undefined> {
    await this.load();
    for (let i = this.api.length - 1; i >= 0; i--) {
      const summary = this.api[i] as RequestLogSummary;
      if (summary.seq <= after) break;
      if (summary.replay_of === seq) return this.entryAt(i);
    }
    return undefined;
  }

  /** Every API request kept, with its bodies, newest first: read from the files. */
  async allApi(): Promise<RequestLogEntry[]> {
    await this.load();
    const entries: RequestLogEntry[] = [];
    for (let i = this.api.length - 1; i >= 0; i--) entries.push(this.entryAt(i));
    return entries;
  }

  /** What the list shows of every API request kept, oldest first (no bodies: nothing is read). */
  async apiSummaries(): Promise<readonly RequestLogSummary[]> {
    await this.load();
    return this.api;
  }

  private entryAt(i: number): RequestLogEntry {
    return this.entries?.[i] ?? entryOfLine(this.log.readLine(i) as string);
  }

  private *newestFirst(withOther: boolean): Generator<RequestLogSummary> {
    let a = this.api.length - 1;
    let o = withOther ? this.other.length - 1 : -1;
    while (a >= 0 || o >= 0) {
      const fromApi = this.api[a];
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
}
