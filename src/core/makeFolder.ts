import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Makes a folder and the folders above it that are missing, like `mkdir -p`, or throws the first
 * errno (its `path` the level that failed). Not Node's `mkdir(…, { recursive: true })`: where the
 * file system answers ENOENT to a folder whose parent exists (under /proc), Node's retries that
 * level for ever at full CPU and its promise never settles (issue 28). Here each level is made
 * once, parents first, so such a file system fails at once.
 */
export async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let level = resolve(folder);
  for (;;) {
    const found = await stat(level).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      return null;
    });
    if (found?.isDirectory()) break;
    if (found) throw notAFolder(level);
    missing.unshift(level);
    const parent = dirname(level);
    if (parent === level) break;
    level = parent;
  }
  for (const next of missing) {
    try {
      await mkdir(next);
    } catch (err) {
      // Made by someone else meanwhile: fine when it is a folder.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!(await stat(next)).isDirectory()) throw notAFolder(next);
    }
  }
}

function notAFolder(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), {
    code: 'ENOTDIR',
    path,
    syscall: 'mkdir',
  });
}
