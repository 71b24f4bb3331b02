import { SandboxError } from '../errors';

const REMEDIES: Record<string, string> = {
  ENOSPC: 'free some disk space',
  EDQUOT: 'free some space within your disk quota',
  EROFS: 'the file system is read-only; choose another directory with --data',
  EACCES: 'fix the permissions of the data directory',
  EPERM: 'fix the permissions of the data directory',
  EMFILE: 'too many files are open; close some programs',
  ENFILE: 'too many files are open on this machine; close some programs',
  EIO: 'the disk reported an I/O error; check it',
};

/**
 * What a client hears when its change could not be made durable: what happened, where, that
 * nothing was kept, and what to do. A 503, not a 500: the sandbox has no bug, its disk said no.
 */
export function storageFailure(dir: string, err: unknown, retryable: boolean): SandboxError {
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? 'error';
  const what = e.message?.replace(/^[A-Z]+: /, '') ?? String(err);
  const remedy = REMEDIES[code] ?? 'check the data directory';
  const next = retryable ? 'then retry the request' : 'then restart the sandbox';
  return new SandboxError(
    'storage_unavailable',
    `The sandbox could not save this change to its data directory ${dir} (${code}: ${what}); nothing was changed. ${capitalise(remedy)}, ${next}.`,
  );
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The log line for a disk that refuses writes: one per episode, not one per refused request. A
 * full disk refuses every write until it has room, and hundreds of copies of one line (or of a
 * stack trace) bury what it says. The episode ends with the next write that succeeds.
 */
export class RefusedWrites {
  private refusing = false;

  constructor(private readonly warn: (message: string) => void) {}

  refused<F extends { message: string }>(failure: F): F {
    if (!this.refusing) this.warn(failure.message);
    this.refusing = true;
    return failure;
  }

  succeeded(): void {
    this.refusing = false;
  }
}
