// A JSON-lines file as byte ranges (store/jsonlLog.ts is its one user): read whole in chunks, from
// its end, or one line by its offset; appended to after a repair; cut to a tail of its bytes.
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

export type OnLine = (line: string, offset: number, length: number) => void;

export const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

/** `length` bytes at `offset`, as text. */
export const readAt = (file: string, offset: number, length: number): string =>
  readAtBuffer(file, offset, length).toString('utf8');

/**
 * The last line of the file that `take` makes something of, or undefined; read from its end, a
 * chunk at a time, so a long file costs a chunk or two.
 */
export function lastOf<K>(file: string, take: (line: string) => K | undefined): K | undefined {
  if (!existsSync(file)) return undefined;
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
        const taken = lines[i] === '' ? undefined : take(lines[i] as string);
        if (taken !== undefined) return taken;
      }
      if (start > 0) tail = Buffer.from(lines[0] as string, 'utf8');
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens the file for appending. A last line cut short by a crash gets its newline, so the next
 * line starts a line of its own (the cut one is skipped when read). The file's size after that.
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

/** Cuts chunks read in order into whole lines, each with where it starts and its length (newline included). */
class LineSplitter {
  private carried = Buffer.alloc(0);
  private carriedAt = 0;

  constructor(private readonly onLine: OnLine) {}

  push(chunk: Buffer): void {
    const data = this.carried.length === 0 ? chunk : Buffer.concat([this.carried, chunk]);
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      this.onLine(data.toString('utf8', start, end), this.carriedAt + start, end + 1 - start);
      start = end + 1;
    }
    this.carried = Buffer.from(data.subarray(start));
    this.carriedAt += start;
  }
}

/** Each whole line of the file's first `size` bytes, a chunk at a time, letting other work in between. */
export async function eachLine(file: string, size: number, onLine: OnLine): Promise<void> {
  if (size === 0) return;
  const handle = await open(file, 'r');
  try {
    const lines = new LineSplitter(onLine);
    for (let position = 0; position < size;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      lines.push(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** eachLine, for an owner that must have the file read before it goes on. */
export function eachLineSync(file: string, size: number, onLine: OnLine): void {
  if (size === 0) return;
  const fd = openSync(file, 'r');
  try {
    const lines = new LineSplitter(onLine);
    for (let position = 0; position < size;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      lines.push(chunk.subarray(0, bytesRead));
    }
  } finally {
    closeSync(fd);
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
