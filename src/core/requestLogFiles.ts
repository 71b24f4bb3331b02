// The request log's files as byte ranges: one JSON entry a line, read whole at start-up in chunks
// (so the server answers meanwhile), and one line at a time afterwards, by its offset.
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;
/** How much of a file one read takes: big enough to be quick, small enough to let requests in. */
const CHUNK = 1024 * 1024;

export const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

/** `length` bytes at `offset`, as text. */
export const readAt = (file: string, offset: number, length: number): string =>
  readAtBuffer(file, offset, length).toString('utf8');

/** The seq of the file's last whole entry, or 0; read from its end, a chunk at a time. */
export function lastSeqOf(file: string): number {
  if (!existsSync(file)) return 0;
  const fd = openSync(file, 'r');
  try {
    let end = fstatSync(fd).size;
    let tail = Buffer.alloc(0);
    while (end > 0) {
      const start = Math.max(0, end - CHUNK);
      const chunk = Buffer.alloc(end - start);
      readSync(fd, chunk, 0, chunk.length, start);
      tail = Buffer.concat([chunk, tail]);
      end = start;
      const lines = tail.toString('utf8').split('\n');
      // The first piece may be a line cut by the chunk's start: only a whole file's first is whole.
      for (let i = lines.length - 1; i >= (start === 0 ? 0 : 1); i--) {
        const seq = seqOf(lines[i] as string);
        if (seq !== null) return seq;
      }
      if (start > 0) tail = Buffer.from(lines[0] as string, 'utf8');
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

function seqOf(line: string): number | null {
  if (line === '') return null;
  try {
    const seq = (JSON.parse(line) as { seq?: unknown }).seq;
    return Number.isSafeInteger(seq) ? (seq as number) : null;
  } catch {
    return null;
  }
}

/**
 * Opens the file for appending. A last line cut short by a crash gets its newline, so the next
 * entry starts a line of its own (the cut one is skipped when read). The file's size after that.
 */
export function openForAppend(file: string): { fd: number; size: number } {
  const fd = openSync(file, 'a');
  let size = fstatSync(fd).size;
  if (size > 0) {
    const last = Buffer.alloc(1);
    const reader = openSync(file, 'r');
    readSync(reader, last, 0, 1, size - 1);
    closeSync(reader);
    if (last[0] !== NEWLINE) size += writeSync(fd, '\n');
  }
  return { fd, size };
}

/** Each whole line of the file's first `size` bytes, with where it starts and its length (newline included). */
export async function eachLine(
  file: string,
  size: number,
  onLine: (line: string, offset: number, length: number) => void,
): Promise<void> {
  if (size === 0) return;
  const handle = await open(file, 'r');
  try {
    let carried = Buffer.alloc(0);
    let carriedAt = 0;
    for (let position = 0; position < size;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data =
        carried.length === 0
          ? chunk.subarray(0, bytesRead)
          : Buffer.concat([carried, chunk.subarray(0, bytesRead)]);
      let start = 0;
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
        onLine(data.toString('utf8', start, end), carriedAt + start, end + 1 - start);
        start = end + 1;
      }
      carried = Buffer.from(data.subarray(start));
      carriedAt += start;
    }
  } finally {
    await handle.close();
  }
}

/** The file keeps its bytes from `from` on: written to a new file, then put in its place. */
export function keepFrom(file: string, from: number): void {
  const size = sizeOf(file);
  const next = `${file}.next`;
  writeFileSync(next, from >= size ? '' : readAtBuffer(file, from, size - from));
  renameSync(next, file);
}

function readAtBuffer(file: string, offset: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, offset);
    return buffer;
  } finally {
    closeSync(fd);
  }
}
