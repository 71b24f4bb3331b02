import type { RequestLogEntry } from '../shared/types';

/** The newest requests, in memory (a restart starts a fresh log), for the console's Requests screen. */
export class RequestHistory {
  private readonly entries: RequestLogEntry[] = [];

  constructor(
    private readonly announce: (entry: RequestLogEntry) => void,
    private readonly limit = 1000,
  ) {}

  record(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.announce(entry);
  }

  /** After an import or a reset the log would name links that are gone: it starts afresh. */
  clear(): void {
    this.entries.length = 0;
  }

  /** Newest first. */
  list(): RequestLogEntry[] {
    return [...this.entries].reverse();
  }
}
