import { open } from 'node:fs/promises';

/** Makes a created or renamed directory entry durable; a no-op where directories cannot be opened. */
export async function syncDirectory(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EISDIR' && process.platform !== 'win32') throw err;
  } finally {
    await fh?.close();
  }
}
