import { IdleClose } from './idleClose';
import { closeSync, ftruncateSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { RefusedWrites } from './storageFailure';
import { RetiredFiles } from './retiredFiles';
import {
  eachLine,
  eachLineSync,
  keepFrom,
  lastOf,
  openForAppend,
  readAt,
  sizeOf,
  type OnLine,
} from './jsonlFiles';

/** Where a kept line is: its file, where it starts and its length in bytes (newline included). */
export interface LinePlace {
  file: string;
  offset: number;
  length: number;
}

/** What the owner makes of an entry read back from the files; undefined leaves the line out. */
/**
 * A line in three parts written one after the other, so that a large part (a JSON answer as it was
 * sent) is never copied to join the rest: `ascii` and `end` hold printable ASCII alone (they are
 * written as Latin-1, byte for byte), `text` anything.
 */
export interface QueuedLine {
  ascii: string;
  text?: string;
  end?: string;
}

export type Keep<T, K> = (entry: T) => K | undefined;

/** The lines a load read, oldest first, and what the owner made of each. */
interface Read<K> {
  kept: K[];
  offsets: number[];
  lengths: number[];
  inOlder: number;
  /** The log's clears when the load began. */
  clears: number;
}

/**
 * How long a queued line waits for others before they are written together. Not setImmediate: a
 * callback due on the next turn makes the event loop poll without waiting, so each turn takes one
 * request and the write is per request again (issue 28).
 */
const QUEUE_MS = 10;
/** Bytes of lines queued at most (unless one line is longer): past it they are written at once. */
const QUEUED_BYTES_LIMIT = 1024 * 1024;

/**
 * An append-only log of JSON lines in two files, within a byte budget: the one home of the rule
 * the request log and the inbox log share (docs/storage.md). Entries are appended to
 * `<name>.jsonl` until it holds half the budget; it then becomes `<name>.older.jsonl` and the one
 * before it goes, so the log holds between half its budget and all of it and never rewrites what
 * it wrote. Lowering the budget trims: the older file goes and the current one keeps a tail of its
 * bytes within half the budget (the one rewrite the log makes). A line cut short by a crash is
 * skipped when read, and the next entry starts a line of its own.
 *
 * The log knows where each kept line is, not what it holds: the owner keeps what it needs of each
 * entry in memory, oldest first, in the order the log holds them (those a load reads back come
 * before those appended since), reads one back by its index with `read`, and is told with
 * `dropped(count)` that the oldest `count` went. Without a folder nothing is written and only the
 * budget is kept.
 *
 * Opening the log opens the current file for appending but reads nothing: `load` reads what was on
 * disk then, in chunks, while entries may be appended; rotation and trimming wait for it.
 */
export class JsonlLog<T extends object> {
  /** Where each kept line starts and its length, oldest first; the first `older` are in the older file. */
  private offsets: number[] = [];
  private lengths: number[] = [];
  private older = 0;
  /** The files' sizes: lines a load left out (cut short, refused) are counted until a trim cuts them. */
  private currentBytes = 0;
  private olderBytes = 0;
  /** Open while the log is written to; closed after IDLE_CLOSE_MS without a write. */
  private fd: number | null = null;
  private readonly idle = new IdleClose(
    () => this.queuedBytes > 0,
    () => this.closeFile(),
  );
  /** The files' sizes when the log was opened: what a load reads. Gone once a load starts. */
  private onDisk: { older: number; current: number } | undefined;
  private loaded: boolean;
  /** Counts clears: a load that a clear overtook places nothing. */
  private clears = 0;
  private closed = false;
  /**
   * Lines `queue` took that are not in the file yet, encoded, oldest first: the first `queuedBytes`
   * of `queued`. Encoding a line straight into it also measures it (no Buffer.byteLength pass).
   */
  private queued: Buffer | null = null;
  private queuedBytes = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /** A failing write is said once an episode, not once per batch. */
  private readonly refusedWrites = new RefusedWrites((message) => process.emitWarning(message));
  /** The older file a rotation, a trim or a clear lets go of, deleted off the event loop. */
  private readonly retired = new RetiredFiles();
  private readonly files: { current: string; older: string } | undefined;

  constructor(
    dir: string | undefined,
    name: string,
    private readonly budgetBytes: () => number,
    private readonly dropped: (count: number) => void,
  ) {
    this.files =
      dir === undefined
        ? undefined
        : { current: join(dir, `${name}.jsonl`), older: join(dir, `${name}.older.jsonl`) };
    this.loaded = this.files === undefined;
    if (!this.files) return;
    RetiredFiles.sweep(this.files.older);
    this.olderBytes = sizeOf(this.files.older);
    const { fd, size } = openForAppend(this.files.current);
    this.fd = fd;
    this.idle.wrote();
    this.currentBytes = size;
    this.onDisk = { older: this.olderBytes, current: size };
  }

  /** The files' names in the data folder, for the docs and the answers that cite them. */
  get fileNames(): { current: string; older: string } | undefined {
    return this.files;
  }

  /**
   * The newest entry on disk that `keep` makes something of, read from the files' end (a chunk or
   * two however long they are): what a restart numbers on from before the load.
   */
  last<K>(keep: Keep<T, K>): K | undefined {
    if (!this.files) return undefined;
    const take = (line: string) => parse(line, keep);
    return lastOf(this.files.current, take) ?? lastOf(this.files.older, take);
  }

  /**
   * Reads what was on disk when the log was opened, the older file then the current one, a chunk
   * at a time so the process answers meanwhile. `loaded` gets what `keep` made of each line, oldest
   * first, to put before what was appended since; then the log keeps within its budget (`dropped`
   * is told). A second call, or one after close, reads nothing.
   */
  async load<K>(keep: Keep<T, K>, loaded: (kept: K[]) => void): Promise<void> {
    const onDisk = this.beginLoad();
    if (!this.files || !onDisk) return;
    const read = emptyRead<K>(this.clears);
    try {
      await eachLine(this.files.older, onDisk.older, collect(read, keep));
      read.inOlder = read.kept.length;
      await eachLine(this.files.current, onDisk.current, collect(read, keep));
    } catch (error) {
      this.loaded = true;
      throw error;
    }
    this.settle(read, loaded);
  }

  /** load, for an owner that must hold the entries before it goes on (it reads the whole files at once). */
  loadSync<K>(keep: Keep<T, K>, loaded: (kept: K[]) => void): void {
    const onDisk = this.beginLoad();
    if (!this.files || !onDisk) return;
    const read = emptyRead<K>(this.clears);
    try {
      eachLineSync(this.files.older, onDisk.older, collect(read, keep));
      read.inOlder = read.kept.length;
      eachLineSync(this.files.current, onDisk.current, collect(read, keep));
    } catch (error) {
      this.loaded = true;
      throw error;
    }
    this.settle(read, loaded);
  }

  /**
   * Throws what the disk said when it refuses the line (full, read-only…): the line is then not
   * kept, and whatever part of it reached the file is cut away, so the next one starts a line.
   */
  append(entry: T): void {
    this.flush();
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    this.makeRoom(line.length);
    if (this.files) this.writeWhole(this.openFile(), line);
    this.keep(line.length);
  }

  /**
   * Appends an entry its owner has serialised already (one line of JSON, no newline), written
   * within QUEUE_MS with every other line queued meanwhile, by one write: a caller on a hot path
   * (a request's answer) pays neither a write nor a serialisation of its own. It is placed and
   * counted against the budget at once, as `append` would; reading it back, rotating, trimming,
   * clearing or closing writes what is queued first. A process killed (SIGKILL) loses at most the
   * lines of those last milliseconds; close() writes them.
   */
  queue(line: QueuedLine): void {
    const { ascii, text = '', end = '' } = line;
    if (!this.files) {
      this.reserve(ascii.length + Buffer.byteLength(text) + end.length + 1);
      return;
    }
    // At most 3 bytes of UTF-8 per UTF-16 unit: room for the line, written first when there is not.
    const most = ascii.length + 3 * text.length + end.length + 1;
    if (this.queued === null || this.queuedBytes + most > this.queued.length) {
      this.flush();
      if (this.queued === null || most > this.queued.length)
        this.queued = Buffer.allocUnsafe(Math.max(QUEUED_BYTES_LIMIT, most));
    }
    const buffer = this.queued;
    const start = this.queuedBytes;
    // ASCII is its own Latin-1: written byte for byte, at half the cost of encoding it as UTF-8.
    let at = start + buffer.write(ascii, start, 'latin1');
    if (text !== '') at += buffer.write(text, at);
    if (end !== '') at += buffer.write(end, at, 'latin1');
    buffer[at++] = 0x0a;
    // A rotation writes what was queued before this line (to the file that becomes the older one).
    this.reserve(at - start);
    if (this.queuedBytes === start) this.queuedBytes = at;
    else {
      buffer.copyWithin(this.queuedBytes, start, at);
      this.queuedBytes += at - start;
    }
    this.flushTimer ??= setTimeout(() => this.flush(), QUEUE_MS);
  }

  /** Writes the queued lines, in order, by one write. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.queuedBytes === 0 || this.queued === null || !this.files) return;
    const length = this.queuedBytes;
    this.queuedBytes = 0;
    try {
      const fd = this.openFile();
      for (let at = 0; at < length;) at += writeSync(fd, this.queued, at, length - at);
      this.refusedWrites.succeeded();
    } catch (error) {
      // Off the request's path there is no one to answer: the lines are lost, and it is said once.
      this.refusedWrites.refused({
        message: `${this.files?.current}: could not write to the log (${(error as NodeJS.ErrnoException).code ?? String(error)}); the entries since are not kept on disk until a write succeeds`,
      });
    }
  }

  /**
   * A new line's place: after the last one, in the current file (rotated first when it would pass
   * half the budget), for a line of `length` bytes.
   */
  private reserve(length: number): void {
    this.makeRoom(length);
    this.keep(length);
  }

  /** Rotates first when a line of `length` bytes would take the current file past half the budget. */
  private makeRoom(length: number): void {
    if (this.loaded && this.currentBytes > 0 && this.currentBytes + length > this.budgetBytes() / 2)
      this.rotate();
  }

  /** Counts a line of `length` bytes, placed after the last one. */
  private keep(length: number): void {
    this.offsets.push(this.currentBytes);
    this.lengths.push(length);
    this.currentBytes += length;
  }

  /** Where the kept line at `index` (0 the oldest) is; undefined without a folder. */
  place(index: number): LinePlace | undefined {
    const offset = this.offsets[index];
    const length = this.lengths[index];
    if (!this.files || offset === undefined || length === undefined) return undefined;
    return { file: index < this.older ? this.files.older : this.files.current, offset, length };
  }

  /** The kept entry at `index` (0 the oldest), read from its file; undefined without a folder. */
  read(index: number): T | undefined {
    const line = this.readLine(index);
    return line === undefined ? undefined : (JSON.parse(line) as T);
  }

  /** The kept line at `index` (0 the oldest) as it is in its file; undefined without a folder. */
  readLine(index: number): string | undefined {
    this.flush();
    const place = this.place(index);
    return place && readAt(place.file, place.offset, place.length);
  }

  /**
   * After the budget is lowered: over it, the older file goes, and the current one keeps its
   * newest lines within half the budget. While the log loads, the load does this once it is done.
   */
  trim(): void {
    if (!this.loaded || this.closed) return;
    const budget = this.budgetBytes();
    if (this.olderBytes + this.currentBytes <= budget) return;
    this.dropOlder();
    let drop = 0;
    let bytes = this.currentBytes;
    while (drop < this.lengths.length && bytes > budget / 2) bytes -= this.lengths[drop++] as number;
    if (drop === 0) return;
    this.forget(drop);
    this.keepCurrentFrom(this.offsets[0] ?? this.currentBytes);
  }

  /**
   * Forgets every entry, on disk too (the owner forgets its own: `dropped` is not told); a load not
   * yet done has nothing left to read.
   */
  clear(): void {
    this.clears++;
    this.onDisk = undefined;
    this.loaded = true;
    this.offsets.length = 0;
    this.lengths.length = 0;
    this.older = 0;
    this.olderBytes = 0;
    if (this.files) this.retired.retire(this.files.older);
    this.keepCurrentFrom(this.currentBytes);
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.idle.stop();
    this.closeFile();
    this.retired.finish();
  }

  /**
   * The current file, open for appending: opened again when a write comes after it was closed
   * for being idle. A log holds no file open between its writes once IDLE_CLOSE_MS have passed, so
   * a thousand idle workspaces hold no thousand files (docs/storage.md).
   */
  private openFile(): number {
    this.fd ??= openSync((this.files as { current: string }).current, 'a');
    this.idle.wrote();
    return this.fd;
  }

  private closeFile(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** How many entries are kept, and the files' size in bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.lengths.length, bytes: this.olderBytes + this.currentBytes };
  }

  private beginLoad(): { older: number; current: number } | undefined {
    const { onDisk } = this;
    this.onDisk = undefined;
    return this.closed ? undefined : onDisk;
  }

  /** The lines a load read go before those appended since; then the budget is kept. */
  private settle<K>(read: Read<K>, loaded: (kept: K[]) => void): void {
    if (this.closed || read.clears !== this.clears) return;
    this.offsets = [...read.offsets, ...this.offsets];
    this.lengths = [...read.lengths, ...this.lengths];
    this.older = read.inOlder;
    this.loaded = true;
    loaded(read.kept);
    this.trim();
    if (this.currentBytes > this.budgetBytes() / 2) this.rotate();
  }

  /** A disk filling up mid-line writes part of it, then refuses the rest. */
  private writeWhole(fd: number, line: Buffer): void {
    try {
      for (let at = 0; at < line.length;) at += writeSync(fd, line, at);
    } catch (error) {
      try {
        ftruncateSync(fd, this.currentBytes);
      } catch {
        // Then the cut line and the next are read as one broken line, and skipped.
      }
      throw error;
    }
  }

  /** The current file becomes the older one; the entries of the one before it go. */
  private rotate(): void {
    this.forget(this.older);
    this.older = this.lengths.length;
    this.olderBytes = this.currentBytes;
    this.currentBytes = 0;
    if (!this.files) return;
    this.flush();
    this.closeFile();
    this.retired.retire(this.files.older);
    renameSync(this.files.current, this.files.older);
    this.openFile();
  }

  private dropOlder(): void {
    this.forget(this.older);
    this.older = 0;
    this.olderBytes = 0;
    if (this.files) this.retired.retire(this.files.older);
  }

  /** The current file keeps its bytes from `from` on; the lines' places move with them. */
  private keepCurrentFrom(from: number): void {
    for (let i = this.older; i < this.offsets.length; i++) (this.offsets[i] as number) -= from;
    this.currentBytes -= from;
    if (!this.files) return;
    this.flush();
    this.closeFile();
    keepFrom(this.files.current, from);
    this.openFile();
  }

  private forget(count: number): void {
    if (count === 0) return;
    this.offsets.splice(0, count);
    this.lengths.splice(0, count);
    this.dropped(count);
  }
}

const emptyRead = <K>(clears: number): Read<K> => ({
  kept: [],
  offsets: [],
  lengths: [],
  inOlder: 0,
  clears,
});

function collect<T extends object, K>(read: Read<K>, keep: Keep<T, K>): OnLine {
  return (line, offset, length) => {
    const kept = parse(line, keep);
    if (kept === undefined) return;
    read.kept.push(kept);
    read.offsets.push(offset);
    read.lengths.push(length);
  };
}

/** A line cut short (the machine stopped while it was written), or not an entry, makes nothing. */
function parse<T extends object, K>(line: string, keep: Keep<T, K>): K | undefined {
  if (line === '') return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? keep(entry as T) : undefined;
}
