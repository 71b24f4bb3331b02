import type { FileHandle } from 'node:fs/promises';

/** Writes every byte: a write may take fewer than it was given (a signal, a nearly full disk). */
export async function writeAll(fh: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await fh.write(bytes, written, bytes.length - written);
    if (bytesWritten === 0)
      throw Object.assign(new Error('the disk accepted no more bytes'), { code: 'ENOSPC' });
    written += bytesWritten;
  }
}
