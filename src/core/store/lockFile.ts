import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createExclusive } from './exclusiveFile';
import { LEASE_MS, unchanged, watchLease } from './lockLease';
import { parseOwner, presenceOf, type LockOwner, type Presence } from './lockOwner';

export type LockOutcome =
  /** `text` is what the lock file holds: the owner's renewals and release check it is still theirs. */
  | { acquired: true; text: string }
  /** `presence`: 'elsewhere' when the holder is known to be alive only by the lease it renewed. */
  | { acquired: false; heldBy: LockOwner; presence: Presence }
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

export interface LeaseWait {
  /** How long a lease may go unrenewed before it is taken over (lockLease.ts, LEASE_MS). */
  leaseMs: number;
  /** Told, in one line's words, before waiting on a lease. */
  waiting: (holder: LockOwner, leaseMs: number) => void;
}

/**
 * Makes `owner` the owner of `file`, unless a running process is. A lock left by a process that is
 * gone is replaced; of several processes trying at once, exactly one acquires it. An owner elsewhere
 * (another PID namespace or machine) is watched for one lease: renewed, it is refused; left
 * untouched, it is replaced.
 */
export async function acquireLock(
  file: string,
  owner: LockOwner,
  lease: LeaseWait = { leaseMs: LEASE_MS, waiting: () => undefined },
): Promise<LockOutcome> {
  for (;;) {
    const text = record(owner);
    if (await createExclusive(file, text)) {
      await sweepLeftovers(file, owner);
      return { acquired: true, text };
    }
    const held = await readLockFile(file);
    if (!held) continue; // released in the meantime
    if (!held.owner) return { acquired: false, unreadable: file };
    const presence = await presenceOf(held.owner, owner);
    if (presence === 'running') return { acquired: false, heldBy: held.owner, presence };
    let untouchedSince: number | undefined;
    if (presence === 'elsewhere') {
      lease.waiting(held.owner, lease.leaseMs);
      const watched = await watchLease(file, held.text, lease.leaseMs);
      if (watched.verdict === 'renewed') return { acquired: false, heldBy: held.owner, presence };
      if (watched.verdict === 'changed') continue;
      untouchedSince = watched.mtimeMs;
    }
    const refusal = await removeStale(file, held.text, untouchedSince, owner, lease);
    if (refusal) return refusal;
  }
}

/**
 * Deletes `file` if it still holds `stale` (and, for a lapsed lease, is still untouched since
 * `untouchedSince`), under a claim that link() grants to one process only. Nobody but a claim
 * holder deletes another's lock, and the holder re-reads it first, so a lock that changed or was
 * renewed meanwhile is never removed. A claim whose holder died is superseded the same way, by the
 * claim named after its own text: the chain ends at a live claimant (refused: it is about to own
 * the lock) or at a free name. A claim is never renewed: one from elsewhere still there after a
 * lease is a dead one.
 */
async function removeStale(
  file: string,
  stale: string,
  untouchedSince: number | undefined,
  owner: LockOwner,
  lease: LeaseWait,
): Promise<LockOutcome | null> {
  let claim = takeoverClaim(file, stale);
  for (;;) {
    if (await createExclusive(claim, record(owner))) {
      try {
        if (await unchanged(file, stale, untouchedSince)) await unlink(file);
        return null;
      } finally {
        await unlink(claim).catch(() => undefined);
      }
    }
    const claimant = await readLockFile(claim);
    if (!claimant) continue; // its holder finished: the lock has changed, which the claim will show
    if (!claimant.owner) return { acquired: false, unreadable: claim };
    const presence = await presenceOf(claimant.owner, owner);
    if (presence === 'running') return { acquired: false, heldBy: claimant.owner, presence };
    if (presence === 'elsewhere') {
      const watched = await watchLease(claim, claimant.text, lease.leaseMs);
      if (watched.verdict === 'changed') continue;
      if (watched.verdict === 'renewed') return { acquired: false, heldBy: claimant.owner, presence };
    }
    claim = takeoverClaim(file, claimant.text);
  }
}

/**
 * Removes temp and claim files of processes here that died mid-way. Each claim is on a lock that no
 * longer exists (the lock is now ours), so removing it cannot let anyone delete a live lock. Those
 * of a process elsewhere are left: it may be alive, between writing its temp file and linking it.
 */
async function sweepLeftovers(file: string, owner: LockOwner): Promise<void> {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  const names = await readdir(dir).catch(() => []);
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const found = await readLockFile(join(dir, name)).catch(() => null);
    if (found?.owner && (await presenceOf(found.owner, owner)) === 'gone')
      await unlink(join(dir, name)).catch(() => undefined);
  }
}
