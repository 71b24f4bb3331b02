import { open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory } from './syncDirectory';
import type { Op } from './ops';
import { StoreFileError } from './storeErrors';

export interface JournalRecord {
  seq: number;
  ops: Op[];
}

interface Waiter {
  line: string;
  resolve: () => void;
  reject: (err: Error) => void;
}

const SEGMENT = /^journal-(\d{6,})\.ndjson$/;
const segmentName = (n: number): string => `journal-${String(n).padStart(6, '0')}.ndjson`;

/**
 * Append-only journal in numbered segment files. Commits that arrive while a write is on disk
 * wait and then share the next write and fdatasync (group commit), so the durable step costs in
 * proportion to the commits, never to the store. Compaction rotates to a new segment and deletes
 * the old ones once a snapshot covers them.
 */
export class Journal {
  private fh: FileHandle | null = null;
  private fhSegment = -1;
  private waiting: Waiter[] = [];
  private scheduled = false;
  private tail: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  private constructor(
    private readonly dir: string,
    private segment: number,
  ) {}

  /** Reads every segment in order; a torn final line (a write cut off by a crash) was never acknowledged. */
  static async replay(dir: string): Promise<{ records: JournalRecord[]; lastSegment: number }> {
    const segments = (await readdir(dir))
      .map((name) => SEGMENT.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const records: JournalRecord[] = [];
    for (const n of segments) {
      const file = join(dir, segmentName(n));
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (line === '') return;
        const isTornTail = i === lines.length - 1;
        try {
          const record = JSON.parse(line) as JournalRecord;
          if (typeof record.seq !== 'number' || !Array.isArray(record.ops))
            throw new Error('not a journal record');
          records.push(record);
        } catch (err) {
          if (isTornTail) return;
          throw new StoreFileError(
            file,
            `line ${i + 1} is corrupt (${(err as Error).message})`,
            'restore the file from a backup, or move the data directory aside to start empty',
          );
        }
      });
    }
    return { records, lastSegment: segments.at(-1) ?? 0 };
  }

  static start(dir: string, afterSegment: number): Journal {
    return new Journal(dir, afterSegment + 1);
  }

  append(record: JournalRecord): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ line: JSON.stringify(record) + '\n', resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        this.tail = this.tail.then(() => this.flush());
      }
    });
  }

  /** Later writes go to a fresh segment; returns the last segment a snapshot taken now covers. */
  rotate(): number {
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
    await this.tail;
    await this.fh?.close();
    this.fh = null;
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    try {
      const fh = await this.currentFile();
      const bytes = Buffer.from(batch.map((w) => w.line).join(''), 'utf8');
      let written = 0;
      while (written < bytes.length) {
        written += (await fh.write(bytes, written, bytes.length - written)).bytesWritten;
      }
      await fh.datasync();
      for (const w of batch) w.resolve();
    } catch (err) {
      // A journal that failed a write can no longer promise order: refuse everything after it.
      this.failure = new Error(`the store could not write its journal: ${(err as Error).message}`);
      for (const w of batch) w.reject(this.failure);
    }
  }

  private async currentFile(): Promise<FileHandle> {
    if (this.fh && this.fhSegment === this.segment) return this.fh;
    await this.fh?.close();
    this.fhSegment = this.segment;
    this.fh = await open(join(this.dir, segmentName(this.segment)), 'a');
    await syncDirectory(this.dir);
    return this.fh;
  }
}
