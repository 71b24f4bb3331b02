import { unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { acquireLock, type LockOutcome } from './lockFile';
import { thisProcess, type LockOwner } from './lockOwner';
import { directoryRefused, StoreFileError } from './storeErrors';

export const LOCK_FILE = 'sandbox.lock';

/** Directories locked by this process: its own pid in a lock file cannot tell a second store apart. */
const heldHere = new Set<string>();

function inUse(dir: string, owner: Pick<LockOwner, 'pid' | 'command' | 'started_at'>): StoreFileError {
  return new StoreFileError(
    dir,
    `is in use by process ${owner.pid} (${owner.command}, started ${owner.started_at})`,
    'stop that process, or give this one another directory with --data',
  );
}

function refusal(dir: string, outcome: Exclude<LockOutcome, { acquired: true }>): StoreFileError {
  if ('heldBy' in outcome) return inUse(dir, outcome.heldBy);
  return new StoreFileError(
    outcome.unreadable,
    'names no process (a sandbox may be starting on this directory right now, or the file is damaged)',
    'if no sandbox is using the directory, delete this file',
  );
}

/**
 * Keeps a second sandbox (another process, or another store in this one) off a data directory.
 * A lock left by a process that is gone (kill -9, a crash, a reboot) is taken over; a live owner is
 * named. See lockFile.ts for how exactly one of several starting processes gets it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const key = resolve(dir);
  const file = join(key, LOCK_FILE);
  if (heldHere.has(key))
    throw inUse(key, { pid: process.pid, command: 'this process', started_at: 'earlier' });
  // Taken before the first await, so two opens in this process at once cannot both get past it.
  heldHere.add(key);
  try {
    const outcome = await acquireLock(file, await thisProcess());
    if (!outcome.acquired) throw refusal(key, outcome);
  } catch (err) {
    heldHere.delete(key);
    throw err instanceof StoreFileError ? err : directoryRefused(key, 'hold its lock file', err);
  }
  return async () => {
    await unlink(file).catch(() => undefined);
    heldHere.delete(key);
  };
}
