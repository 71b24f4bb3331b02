import { readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { acquireLock, type LockOutcome } from './lockFile';
import { LEASE_MS, renewLease } from './lockLease';
import { describeOwner, thisProcess, type LockOwner, type Presence } from './lockOwner';
import { directoryRefused, StoreFileError } from './storeErrors';

export const LOCK_FILE = 'sandbox.lock';

export interface LockOptions {
  /** Told in one line when the start waits on another owner's lease (default: stderr). */
  waiting?: (line: string) => void;
  /** Told in one line if this process's lock is taken over while it runs (it stood still a whole lease); the caller must stop writing. */
  lost?: (line: string) => void;
  /** Tests only: a shorter lease than LEASE_MS. */
  leaseMs?: number;
}

/** Directories locked by this process: its own pid in a lock file cannot tell a second store apart. */
const heldHere = new Set<string>();

const STOP_IT = 'stop that process, or give this one another directory with --data';

function inUse(dir: string, owner: LockOwner, presence: Presence, leaseMs: number): StoreFileError {
  const seen = presence === 'elsewhere' ? `, which renewed its lease within ${seconds(leaseMs)} s` : '';
  return new StoreFileError(dir, `is in use by ${describeOwner(owner, presence)}${seen}`, STOP_IT);
}

function refusal(
  dir: string,
  outcome: Exclude<LockOutcome, { acquired: true }>,
  leaseMs: number,
): StoreFileError {
  if ('heldBy' in outcome) return inUse(dir, outcome.heldBy, outcome.presence, leaseMs);
  return new StoreFileError(
    outcome.unreadable,
    'names no process (a sandbox may be starting on this directory right now, or the file is damaged)',
    'if no sandbox is using the directory, delete this file',
  );
}

const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

/**
 * Keeps a second sandbox (another process, or another store in this one) off a data directory.
 * A lock left by a process that is gone (kill -9, a crash, a reboot) is taken over; a live owner is
 * named. An owner in another PID namespace or on another machine holds a lease instead, renewed
 * while it runs: a start waits one lease for it (docs/storage.md, "Opening"). See lockFile.ts for
 * how exactly one of several starting processes gets it.
 */
export async function lockDataDir(dir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const key = resolve(dir);
  const file = join(key, LOCK_FILE);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  if (heldHere.has(key))
    throw new StoreFileError(
      key,
      `is in use by process ${process.pid} (this process, started earlier)`,
      STOP_IT,
    );
  // Taken before the first await, so two opens in this process at once cannot both get past it.
  heldHere.add(key);
  let text: string;
  try {
    const waiting = options.waiting ?? ((line: string) => console.error(line));
    const outcome = await acquireLock(file, await thisProcess(), {
      leaseMs,
      waiting: (holder) =>
        waiting(
          `${key}: held by ${describeOwner(holder, 'elsewhere')}; waiting up to ${seconds(leaseMs)} s ` +
            'for it to renew its lease, and taking the directory over if it does not',
        ),
    });
    if (!outcome.acquired) throw refusal(key, outcome, leaseMs);
    text = outcome.text;
  } catch (err) {
    heldHere.delete(key);
    throw err instanceof StoreFileError ? err : directoryRefused(key, 'hold its lock file', err);
  }
  const lost = options.lost ?? ((line: string) => console.error(line));
  const stopRenewing = renewLease(file, text, leaseMs, (reason) =>
    lost(
      `${key}: this sandbox lost the directory to another (${reason}) and refuses every change, so two never write one store; stop it`,
    ),
  );
  return async () => {
    stopRenewing();
    // Only our own: a lock taken over while we stood still belongs to its new owner.
    if ((await readFile(file, 'utf8').catch(() => null)) === text) await unlink(file).catch(() => undefined);
    heldHere.delete(key);
  };
}
