import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createExclusive } from './exclusiveFile';
import { isRunning, parseOwner, type LockOwner } from './lockOwner';

export type LockOutcome =
  | { acquired: true }
  | { acquired: false; heldBy: LockOwner }
  /** A lock or claim file that names nobody: being written in place right now, or damaged. */
  | { acquired: false; unreadable: string };

interface Found {
  text: string;
  owner: LockOwner | null;
}

async function readLockFile(path: string): Promise<Found | null> {
  try {
    const text = await readFile(path, 'utf8');
    return { text, owner: parseOwner(text) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A fresh token in every file written, so no two lock or claim files ever have the same text. */
function record(owner: LockOwner): string {
  return JSON.stringify({ ...owner, token: randomBytes(8).toString('hex') });
}

/** The claim on replacing the lock or claim file holding `text`: a name no other file ever had. */
export function takeoverClaim(lockFile: string, text: string): string {
  return `${lockFile}.takeover-${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * Makes `owner` the owner of `file`, unless a running process is. A lock left by a process that is
 * gone is replaced; of several processes trying at once, exactly one acquires it.
 */
export async function acquireLock(file: string, owner: LockOwner): Promise<LockOutcome> {
  for (;;) {
    if (await createExclusive(file, record(owner))) {
      await sweepLeftovers(file);
      return { acquired: true };
    }
    const held = await readLockFile(file);
    if (!held) continue; // released in the meantime
    if (!held.owner) return { acquired: false, unreadable: file };
    if (await isRunning(held.owner)) return { acquired: false, heldBy: held.owner };
    const refusal = await removeStale(file, held.text, owner);
    if (refusal) return refusal;
  }
}

/**
 * Deletes `file` if it still holds `stale`, under a claim that link() grants to one process only.
 * Nobody but a claim holder deletes another's lock, and the holder re-reads it first, so a lock
 * that changed meanwhile (a new, live owner) is never removed. A claim whose holder died is
 * superseded the same way, by the claim named after its own text: the chain ends at a live
 * claimant (refused: it is about to own the lock) or at a free name.
 */
async function removeStale(file: string, stale: string, owner: LockOwner): Promise<LockOutcome | null> {
  let claim = takeoverClaim(file, stale);
  for (;;) {
    if (await createExclusive(claim, record(owner))) {
      try {
        if ((await readLockFile(file))?.text === stale) await unlink(file);
        return null;
      } finally {
        await unlink(claim).catch(() => undefined);
      }
    }
    const claimant = await readLockFile(claim);
    if (!claimant) continue; // its holder finished: the lock has changed, which the claim will show
    if (!claimant.owner) return { acquired: false, unreadable: claim };
    if (await isRunning(claimant.owner)) return { acquired: false, heldBy: claimant.owner };
    claim = takeoverClaim(file, claimant.text);
  }
}

/**
 * Removes temp and claim files of processes that died mid-way. Each claim is on a lock that no
 * longer exists (the lock is now ours), so removing it cannot let anyone delete a live lock.
 */
async function sweepLeftovers(file: string): Promise<void> {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  const names = await readdir(dir).catch(() => []);
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const found = await readLockFile(join(dir, name)).catch(() => null);
    if (found?.owner && !(await isRunning(found.owner))) await unlink(join(dir, name)).catch(() => undefined);
  }
}
