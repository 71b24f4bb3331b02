import { IdleClose } from './idleClose';
import { open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxError } from '../errors';
import { readLines } from './lineReader';
import type { Op } from './ops';
import { opProblem } from './recordChecks';
import { storageFailure } from './storageFailure';
import { StoreFileError } from './storeErrors';
import { syncDirectory } from './syncDirectory';
import { writeAll } from './writeAll';

export interface JournalRecord {
  seq: number;
  ops: Op[];
}

export interface JournalOptions {
  /** Opens a segment for appending; tests hand in a handle that fails on purpose. */
  openSegment?: (path: string) => Promise<FileHandle>;
  /**
   * Told, before any waiting commit is rejected, that every commit not yet on disk is lost: the
   * store undoes them in memory.
   */
  onFailure: (err: SandboxError) => void;
  /** Bytes of lines joined into one write; a batch larger than this takes several. */
  chunkBytes: number;
}

interface Waiter {
  /** The record's JSON, newline not included, and its size in bytes. */
  text: string;
  bytes: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

const SEGMENT = /^journal-(\d{6,})\.ndjson$/;
const segmentName = (n: number): string => `journal-${String(n).padStart(6, '0')}.ndjson`;
/** A disk that is briefly full or out of descriptors often recovers within a second or two. */
const RETRY_DELAYS_MS = [20, 100, 400, 1000];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const RESTORE = 'restore the file from a backup, or move the data directory aside to start empty';

/**
 * Append-only journal in numbered segment files. Commits that arrive while a write is on disk
 * wait and then share the next write and fdatasync (group commit), so the durable step costs in
 * proportion to the commits, never to the store. A failed write is retried; if it keeps failing,
 * the segment is cut back to its last good byte and every commit not yet on disk is refused, so
 * the journal never holds a line that was not acknowledged in order.
 */
export class Journal {
  private fh: FileHandle | null = null;
  private fhSegment = -1;
  /** Bytes of the open segment that are on disk and acknowledged. */
  private goodSize = 0;
  private waiting: Waiter[] = [];
  private scheduled = false;
  private tail: Promise<void> = Promise.resolve();
  /** Set when the segment could not even be cut back: nothing more can be written safely. */
  private broken: SandboxError | null = null;
  /** Bytes appended since the last rotation: compaction also waits on this. */
  bytesSinceRotation = 0;
  /** The segment is closed once idle, in the journal's order, and opened again by the next write. */
  private readonly idle = new IdleClose(
    () => this.waiting.length > 0,
    () => {
      this.tail = this.tail.then(async () => {
        if (this.waiting.length > 0 || !this.idle.idle) return;
        const fh = this.fh;
        this.fh = null;
        this.fhSegment = -1;
        await fh?.close().catch(() => undefined);
      });
    },
  );

  private constructor(
    private readonly dir: string,
    private segment: number,
    private readonly options: JournalOptions,
  ) {}

  /**
   * Streams every segment in order, line by line. A torn final line (a write cut off by a crash)
   * was never acknowledged and is skipped; any other bad line refuses the store, named.
   */
  static async replay(
    dir: string,
    onRecord: (record: JournalRecord, file: string, line: number) => void,
  ): Promise<{ lastSegment: number; bytes: number }> {
    const segments = (await readdir(dir))
      .map((name) => SEGMENT.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    let bytes = 0;
    for (const n of segments) {
      const file = join(dir, segmentName(n));
      bytes += await readLines(file, (text, line, unterminated) => {
        let record: JournalRecord;
        try {
          record = JSON.parse(text) as JournalRecord;
        } catch (err) {
          if (unterminated) return;
          throw new StoreFileError(file, `line ${line} is corrupt (${(err as Error).message})`, RESTORE);
        }
        const problem = recordShapeProblem(record);
        if (problem) throw new StoreFileError(file, `line ${line} ${problem}`, RESTORE);
        onRecord(record, file, line);
      }).catch((err: unknown) => {
        if (err instanceof StoreFileError) throw err;
        throw new StoreFileError(file, `cannot be read (${(err as Error).message})`, RESTORE);
      });
    }
    return { lastSegment: segments.at(-1) ?? 0, bytes };
  }

  static start(dir: string, afterSegment: number, options: JournalOptions): Journal {
    return new Journal(dir, afterSegment + 1, options);
  }

  /** Appends one record, already serialised (the store refuses one too large before applying it). */
  append(line: { text: string; bytes: number }): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ text: line.text, bytes: line.bytes, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Runs `task` in the journal's order: after every append made before, and before any made
   * after, which wait for it. If it fails, those later appends fail with it (they counted on it).
   */
  exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.tail.then(async () => {
      try {
        await task();
      } catch (err) {
        this.refuseWaiting(err as SandboxError);
        throw err;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Later writes go to a fresh segment; returns the last segment a snapshot taken now covers. */
  rotate(): number {
    this.bytesSinceRotation = 0;
    return this.segment++;
  }

  /** Resolves when every append made so far is on disk (or has failed). */
  drained(): Promise<void> {
    return this.tail;
  }

  async deleteSegmentsUpTo(last: number): Promise<void> {
    for (const name of await readdir(this.dir)) {
      const m = SEGMENT.exec(name);
      if (m && Number(m[1]) <= last) await unlink(join(this.dir, name));
    }
  }

  async close(): Promise<void> {
    this.idle.stop();
    await this.tail;
    await this.fh?.close();
    this.fh = null;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.tail = this.tail.then(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    const chunks = this.chunksOf(batch);
    for (let attempt = 0; ; attempt++) {
      try {
        if (this.broken) throw this.broken;
        const fh = await this.currentFile();
        for (const chunk of chunks) await writeAll(fh, chunk);
        await fh.datasync();
        const written = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        this.goodSize += written;
        this.bytesSinceRotation += written;
        this.idle.wrote();
        for (const w of batch) w.resolve();
        return;
      } catch (err) {
        const cutBack = await this.cutBack();
        if (cutBack && attempt < RETRY_DELAYS_MS.length) {
          await sleep(RETRY_DELAYS_MS[attempt] as number);
          continue;
        }
        const failure = this.broken ?? storageFailure(this.dir, err, cutBack);
        if (!cutBack) this.broken = failure;
        this.waiting = [...batch, ...this.waiting];
        this.refuseWaiting(failure);
        return;
      }
    }
  }

  /**
   * The batch's lines as buffers of about `chunkBytes` each: many large lines waiting together
   * (a slow disk, a burst of webhook attempts) would pass V8's cap on one string if joined.
   */
  private chunksOf(batch: readonly Waiter[]): Buffer[] {
    const chunks: Buffer[] = [];
    let lines: string[] = [];
    let bytes = 0;
    for (const w of batch) {
      lines.push(w.text, '\n');
      bytes += w.bytes + 1;
      if (bytes >= this.options.chunkBytes) {
        chunks.push(Buffer.from(lines.join(''), 'utf8'));
        lines = [];
        bytes = 0;
      }
    }
    if (lines.length > 0) chunks.push(Buffer.from(lines.join(''), 'utf8'));
    return chunks;
  }

  /** Every commit not on disk is lost together: the store undoes them, then each is refused. */
  private refuseWaiting(failure: SandboxError): void {
    const refused = this.waiting;
    this.waiting = [];
    this.options.onFailure(failure);
    for (const w of refused) w.reject(failure);
  }

  /** Removes a partly written batch, so the segment ends on its last acknowledged line. */
  private async cutBack(): Promise<boolean> {
    if (this.broken) return false;
    if (!this.fh) return true;
    try {
      await this.fh.truncate(this.goodSize);
      return true;
    } catch {
      return false;
    }
  }

  private async currentFile(): Promise<FileHandle> {
    // Taken before the awaits: a rotation while the file opens (the start-up compaction beside the
    // start's first write) must leave this handle marked as the segment it is, or later writes
    // would go on into a segment the compaction deletes.
    const segment = this.segment;
    if (this.fh && this.fhSegment === segment) return this.fh;
    const path = join(this.dir, segmentName(segment));
    const fh = await (this.options.openSegment ?? ((p: string) => open(p, 'a')))(path);
    const size = (await fh.stat()).size;
    await syncDirectory(this.dir);
    await this.fh?.close().catch(() => undefined);
    this.fh = fh;
    this.fhSegment = segment;
    this.goodSize = size;
    return fh;
  }
}

function recordShapeProblem(record: JournalRecord): string | null {
  if (typeof record !== 'object' || record === null) return 'is not a journal record';
  if (typeof record.seq !== 'number' || !Number.isInteger(record.seq)) return 'has no sequence number';
  if (!Array.isArray(record.ops)) return 'has no ops';
  for (const op of record.ops) {
    const problem = opProblem(op);
    if (problem) return `(record ${record.seq}) is damaged: ${problem}`;
  }
  return null;
}
