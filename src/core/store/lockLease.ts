import { readFile, stat, utimes } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * An owner whose pid cannot be checked from here (another container, another machine) keeps its
 * lock by touching the file's modification time every LEASE_MS / 3; a lock left untouched for
 * LEASE_MS is taken over (docs/storage.md, "Opening").
 */
export const LEASE_MS = 10_000;

/** How often a waiter looks at the lease: often enough to answer soon after it is renewed. */
const LOOK_EVERY_MS = 250;

export type LeaseVerdict =
  /** The owner touched it while we watched: it is alive. */
  | { verdict: 'renewed' }
  /** Untouched for the whole lease: its owner is gone. `mtimeMs` is what a takeover must still find. */
  | { verdict: 'lapsed'; mtimeMs: number }
  /** Removed or replaced meanwhile: look again. */
  | { verdict: 'changed' };

async function mtimeOf(file: string): Promise<number | null> {
  return stat(file).then(
    (found) => found.mtimeMs,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    },
  );
}

async function textOf(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
}

/**
 * Watches the lock or claim file holding `text` for `leaseMs` of this process's own time. Only a
 * change seen here counts, never the file's time against our clock: another machine's clock may be
 * off by more than a lease.
 */
export async function watchLease(file: string, text: string, leaseMs: number): Promise<LeaseVerdict> {
  const first = await mtimeOf(file);
  const start = performance.now();
  for (;;) {
    if (first === null || (await textOf(file)) !== text) return { verdict: 'changed' };
    const now = await mtimeOf(file);
    if (now === null) return { verdict: 'changed' };
    if (now !== first) return { verdict: 'renewed' };
    if (performance.now() - start >= leaseMs) return { verdict: 'lapsed', mtimeMs: first };
    await sleep(Math.min(LOOK_EVERY_MS, leaseMs / 10));
  }
}

/** Whether `file` still holds `text`, untouched since `mtimeMs` when that is given. */
export async function unchanged(file: string, text: string, mtimeMs?: number): Promise<boolean> {
  if ((await textOf(file)) !== text) return false;
  return mtimeMs === undefined || (await mtimeOf(file)) === mtimeMs;
}

/**
 * Renews the lease on `file`, which holds `text`, every `leaseMs / 3` until stopped, off every
 * request's path: a timer that keeps no process alive, one read and one utimes a time. A lock that
 * no longer holds `text` was taken over (this process stood still for a whole lease): `lost` hears
 * of it once, and renewing stops.
 */
export function renewLease(
  file: string,
  text: string,
  leaseMs: number,
  lost: (reason: string) => void,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void renewOnce()
      .catch(() => undefined) // a passing I/O error: the next tick tries again, well within the lease
      .finally(() => (busy = false));
  }, leaseMs / 3);
  timer.unref();
  async function renewOnce(): Promise<void> {
    const now = await textOf(file);
    if (now !== text) {
      clearInterval(timer);
      lost(now === null ? 'its lock file was deleted' : 'its lock file names another process');
      return;
    }
    const time = new Date();
    await utimes(file, time, time);
  }
  return () => clearInterval(timer);
}
