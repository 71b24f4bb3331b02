import { closeSync, openSync, readSync } from 'node:fs';

/** A file past the most its reader takes; the message says how much that is. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';

  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {
    super(`is larger than ${mebibytes(maxBytes)}, the most it may hold`);
  }
}

const CHUNK_BYTES = 1 << 20;

/**
 * A file's text, read in chunks and given up on once past `maxBytes`. Not stat's size: /dev/zero,
 * a pipe or a file still growing has none, and reading it whole took gigabytes (issue 28). A read
 * error is thrown as fs gives it, for the caller to word.
 */
export function readBoundedFile(file: string, maxBytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw new FileTooLargeError(file, maxBytes);
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function mebibytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes} bytes`;
}
