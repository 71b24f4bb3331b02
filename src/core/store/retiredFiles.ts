import { readdirSync, renameSync, rm, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const ASIDE_SUFFIX = '.gone';

/**
 * Files a log lets go of (store/jsonlLog.ts), removed without the event loop waiting for the disk.
 * Deleting a 32 MiB log file, or renaming another over it, makes the kernel free its blocks there
 * and then, and on ext4 renaming over a file also flushes the one renamed (its replace-by-rename
 * rule): 20–27 ms a rotation of the request log on this machine, several times a second under a
 * load of lists (issue 28). So a file is renamed aside (a rename onto no file costs nothing) and
 * deleted by the thread pool. `finish` deletes what is still pending, when the log closes; what a
 * killed process left aside is deleted by the next open's `sweep`.
 */
export class RetiredFiles {
  private readonly pending = new Set<string>();
  private count = 0;

  /** Takes `file` out of the way at once (when it exists) and deletes it in the background. */
  retire(file: string): void {
    const aside = `${file}.${process.pid}-${++this.count}${ASIDE_SUFFIX}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    this.pending.add(aside);
    rm(aside, { force: true }, () => this.pending.delete(aside));
  }

  /** Deletes, now, what the background has not yet. */
  finish(): void {
    for (const aside of this.pending) rmSync(aside, { force: true });
    this.pending.clear();
  }

  /** Deletes what an earlier process set aside from `file` and did not live to delete. */
  static sweep(file: string): void {
    const prefix = `${basename(file)}.`;
    for (const name of readdirSync(dirname(file)))
      if (name.startsWith(prefix) && name.endsWith(ASIDE_SUFFIX))
        rmSync(join(dirname(file), name), { force: true });
  }
}
