import type { CompactionFailure } from '../../shared/dataFolder';

const FIRST_DELAY_MS = 60_000;
const LONGEST_DELAY_MS = 60 * 60_000;

/**
 * Failed compactions, and when the next may be tried. A compaction that fails usually fails the
 * same way again (a record too large, a full disk), and each try rewrites the whole snapshot; so
 * after a failure none is tried for a minute, then two, four… up to an hour, and the last failure
 * stays on show (log and Settings → Data) until one succeeds.
 */
export class CompactionBackoff {
  private last: CompactionFailure | null = null;
  private notBefore = 0;

  constructor(private readonly now: () => number) {}

  /** The last failure since the last success, or null. */
  get failure(): CompactionFailure | null {
    return this.last;
  }

  /** Whether a compaction may be tried now. */
  get ready(): boolean {
    return this.now() >= this.notBefore;
  }

  /** Records a failure; returns how long until the next try, in words. */
  failed(reason: string): string {
    const failures = (this.last?.failures ?? 0) + 1;
    const delay = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1));
    const at = this.now();
    this.notBefore = at + delay;
    this.last = {
      failed_at: new Date(at).toISOString(),
      reason,
      failures,
      retry_after: new Date(this.notBefore).toISOString(),
    };
    return delay >= LONGEST_DELAY_MS ? 'an hour' : `${delay / 60_000} minute${delay === 60_000 ? '' : 's'}`;
  }

  succeeded(): void {
    this.last = null;
    this.notBefore = 0;
  }
}
