import type { RequestLogEntry, RequestLogSummary } from '../shared/types';

export type UnnumberedEntry = Omit<RequestLogEntry, 'seq'>;

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

/** The newest requests, in memory (a restart starts a fresh log), for the console's Requests screen. */
export class RequestHistory {
  /** In seq order, without gaps: entry i has seq `entries[0].seq + i`. */
  private readonly entries: RequestLogEntry[] = [];
  private seq = 0;

  constructor(
    private readonly announce: (entry: RequestLogEntry) => void,
    private readonly limit = 1000,
  ) {}

  record(unnumbered: UnnumberedEntry): void {
    const entry: RequestLogEntry = { seq: ++this.seq, ...unnumbered };
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.announce(entry);
  }

  /** After an import or a reset the log would name links that are gone: it starts afresh. */
  clear(): void {
    this.entries.length = 0;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Newest first. */
  list(): RequestLogEntry[] {
    return [...this.entries].reverse();
  }

  /** The entry numbered `seq`, while it is among the newest kept. */
  get(seq: number): RequestLogEntry | undefined {
    const first = this.entries[0];
    return first ? this.entries[seq - first.seq] : undefined;
  }
}
