const DEFAULT_RECORDS = 50_000;
const DEFAULT_BYTES = 64 * 1024 * 1024;

/**
 * When to fold the journal into the snapshot. Rewriting the snapshot costs in proportion to the
 * store, so by default it waits for a journal about as large as the store was at the last
 * snapshot, in records or in bytes, whichever comes first: compaction's cost per commit stays
 * constant as the store grows, and the journal a start-up replays is never much larger than the
 * snapshot. An explicit record count (--compact-after) replaces the record rule.
 */
export class CompactionPolicy {
  private records = 0;
  private linksAtSnapshot = 0;
  private snapshotBytes = 0;

  constructor(private readonly fixedRecords?: number) {}

  /** A snapshot was taken of `links` links and is `bytes` long; counting starts again. */
  reset(links: number, bytes: number): void {
    this.records = 0;
    this.linksAtSnapshot = links;
    this.snapshotBytes = bytes;
  }

  addRecord(): void {
    this.records++;
  }

  due(journalBytes: number): boolean {
    const records = this.fixedRecords ?? Math.max(DEFAULT_RECORDS, this.linksAtSnapshot);
    return this.records >= records || journalBytes >= Math.max(DEFAULT_BYTES, this.snapshotBytes);
  }
}
