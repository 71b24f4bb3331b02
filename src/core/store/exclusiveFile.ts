import { randomBytes } from 'node:crypto';
import { link, open, unlink, type FileHandle } from 'node:fs/promises';

/** What link() answers on a filesystem without hard links (FAT, some network and FUSE mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

async function fill(fh: FileHandle, contents: string): Promise<void> {
  try {
    await fh.writeFile(contents);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Creates `path` holding `contents`, or returns false if it exists. Nobody sees it half written:
 * the contents go to a unique temp file beside it (synced, so not even a power cut leaves it
 * empty), which is then hard-linked to `path`; link() fails with EEXIST rather than replace.
 *
 * Without hard links the file is created exclusively and written in place, so for an instant
 * it exists empty; readers must take a file that names nobody as held, never as stale.
 */
export async function createExclusive(path: string, contents: string): Promise<boolean> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.new`;
  try {
    await fill(await open(temp, 'wx'), contents);
    await link(temp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (NO_HARD_LINKS.has(code)) return createInPlace(path, contents);
    throw err;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function createInPlace(path: string, contents: string): Promise<boolean> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await fill(fh, contents);
    return true;
  } catch (err) {
    // Left empty, it would name nobody and so block every later start.
    await unlink(path).catch(() => undefined);
    throw err;
  }
}
