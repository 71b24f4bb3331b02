/** A store that cannot be opened: what is wrong, where, and what to do. Never leads to an overwrite. */
export class StoreFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly remedy: string,
  ) {
    super(`${file}: ${problem}; ${remedy}`);
    this.name = 'StoreFileError';
  }
}

const FIX_PERMISSIONS = 'fix its permissions, or choose another directory with --data';
const FREE_SPACE = 'free some space, or choose another directory with --data';
const FILE_SYSTEM_REFUSALS: Record<string, { what: string; remedy: string }> = {
  EROFS: {
    what: 'read-only file system',
    remedy: 'remount it read-write, or choose another directory with --data',
  },
  EACCES: { what: 'permission denied', remedy: FIX_PERMISSIONS },
  EPERM: { what: 'operation not permitted', remedy: FIX_PERMISSIONS },
  ENOSPC: { what: 'no space left on device', remedy: FREE_SPACE },
  EDQUOT: { what: 'disk quota exceeded', remedy: FREE_SPACE },
  EMFILE: {
    what: 'too many open files',
    remedy: 'raise the open-files limit (ulimit -n) before starting the sandbox',
  },
  ENFILE: {
    what: 'too many open files on the system',
    remedy: 'raise the system open-files limit, or stop other programs',
  },
};

/** A directory the file system will not let us `do`: names the errno and, for the usual ones, its fix. */
export function directoryRefused(dir: string, doing: string, err: unknown): StoreFileError {
  const code = (err as NodeJS.ErrnoException).code;
  const known = code ? FILE_SYSTEM_REFUSALS[code] : undefined;
  const reason = known ? `${code}: ${known.what}` : (code ?? String(err));
  return new StoreFileError(
    dir,
    `cannot ${doing} (${reason})`,
    known?.remedy ?? 'choose another directory with --data',
  );
}
