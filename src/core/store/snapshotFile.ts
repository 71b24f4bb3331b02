import { createReadStream } from 'node:fs';
import { open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { SCHEMA_VERSION, type SnapshotData } from './storeState';
import { JsonDocumentError, readJsonDocument } from './jsonDocumentReader';
import { clockProblem, RECORD_LISTS, recordProblem } from './recordChecks';
import { StoreFileError } from './storeErrors';
import { DEFAULT_STORE_LIMITS, recordJson, type StoreLimits } from './storeLimits';
import { syncDirectory } from './syncDirectory';
import { writeAll } from './writeAll';
import { nextTurn } from '../nextTurn';

/** Bytes of a snapshot written between two syncs of it. */
const SYNC_EVERY_BYTES = 16 * 1024 * 1024;

/**
 * lowdb adapter for the snapshot. Unlike lowdb's JSONFile it fsyncs before the atomic rename,
 * refuses a file it cannot understand instead of treating it as empty, reads and writes record by
 * record (never the file as one string), and yields to the event loop between chunks of records,
 * so folding a million links into the snapshot never stalls a request. A chunk is bounded in bytes,
 * not records: a delivery holding many large response bodies is as safe to write as a link.
 */
export class SnapshotFile implements Adapter<SnapshotData> {
  constructor(
    readonly file: string,
    private readonly limits: StoreLimits = DEFAULT_STORE_LIMITS,
  ) {}

  /** Bytes of the snapshot last read or written: compaction waits for a journal about as large. */
  size = 0;
  /**
   * Runs after the new snapshot is on disk and before it replaces the old one; a throw abandons
   * it. The store uses it to wait for the journal writes the capture counted on.
   */
  beforeRename: (() => Promise<void>) | null = null;

  /** Streams the file record by record: a snapshot can be larger than one string can hold. */
  async read(): Promise<SnapshotData | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.file, 'r');
      const info = await handle.stat();
      if (info.isDirectory()) {
        await handle.close();
        throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
      }
      this.size = info.size;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      throw new StoreFileError(this.file, `cannot be read (${code ?? (err as Error).message})`, RESTORE);
    }
    const lists: Record<string, unknown[]> = Object.fromEntries(RECORD_LISTS.map((l) => [l, []]));
    let head: Record<string, unknown>;
    try {
      head = await readJsonDocument(handle.createReadStream({ highWaterMark: 1 << 20 }), {
        streamed: new Set(RECORD_LISTS),
        onRecord: (list, index, value) => {
          const problem = recordProblem(list, value);
          if (problem) throw new StoreFileError(this.file, `${list}[${index}] ${problem}`, RESTORE);
          (lists[list] as unknown[]).push(value);
        },
      });
    } catch (err) {
      if (err instanceof StoreFileError) throw err;
      if (err instanceof JsonDocumentError) {
        const where = await lineAt(this.file, err.offset);
        throw new StoreFileError(
          this.file,
          `does not parse as JSON at line ${where}: ${err.message}`,
          RESTORE,
        );
      }
      throw new StoreFileError(this.file, `cannot be read (${(err as Error).message})`, RESTORE);
    } finally {
      await handle.close().catch(() => undefined);
    }
    if (head.schema_version !== SCHEMA_VERSION) {
      throw new StoreFileError(
        this.file,
        `has schema version ${head.schema_version === undefined ? 'none' : JSON.stringify(head.schema_version)}, and this version of Payment Links Sandbox reads only version ${SCHEMA_VERSION}`,
        'open it with the version that wrote it, or move the data directory aside to start empty',
      );
    }
    if (typeof head.seq !== 'number')
      throw new StoreFileError(this.file, 'has no journal position ("seq")', RESTORE);
    for (const key of ['links', 'events', 'idempotency', 'endpoints'] as const) {
      if (!Array.isArray(head[key])) throw new StoreFileError(this.file, `has no "${key}" list`, RESTORE);
    }
    if (head.clock !== undefined) {
      const problem = isObject(head.clock) ? clockProblem(head.clock) : 'it is not an object';
      if (problem) throw new StoreFileError(this.file, `has a damaged "clock": ${problem}`, RESTORE);
    }
    return { ...head, ...lists } as unknown as SnapshotData;
  }

  /** Removes temp files of snapshot writes that a crash cut short; the snapshot itself is whole. */
  async discardUnfinishedWrites(): Promise<void> {
    const prefix = `.${basename(this.file)}.`;
    for (const name of await readdir(dirname(this.file))) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(dirname(this.file), name));
    }
  }

  /**
   * Writes records as they are serialised, a chunk of about `chunkBytes` at a time; a record alone
   * past `recordBytes` abandons the write with a RecordTooLargeError naming it.
   */
  async write(data: SnapshotData): Promise<void> {
    const temp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.tmp`);
    const fh = await open(temp, 'w');
    let size = 0;
    let unsynced = 0;
    let pending: string[] = [];
    let pendingBytes = 0;
    const flush = async (): Promise<void> => {
      const bytes = Buffer.from(pending.join(''), 'utf8');
      pending = [];
      pendingBytes = 0;
      await writeAll(fh, bytes);
      size += bytes.length;
      unsynced += bytes.length;
      // Half a gigabyte flushed by one fsync at the end fills the disk's queue, and every journal
      // write behind it (a request's own commit) waits seconds: synced as it goes, each flush is short.
      if (unsynced >= SYNC_EVERY_BYTES) {
        await fh.datasync();
        unsynced = 0;
      }
      await nextTurn();
    };
    /** Queues text of `bytes` bytes (small text counts a character as a byte); true once a chunk is full. */
    const put = (text: string, bytes = text.length): boolean => {
      pending.push(text);
      pendingBytes += bytes;
      return pendingBytes >= this.limits.chunkBytes;
    };
    try {
      const { links, events, idempotency, endpoints, deliveries = [], ...head } = data;
      put(JSON.stringify(head).slice(0, -1));
      for (const [key, list] of Object.entries({ links, events, idempotency, endpoints, deliveries })) {
        put(`,\n"${key}":[`);
        for (let i = 0; i < list.length; i++) {
          const record = recordJson(() => recordName(key, i, list[i]), list[i], this.limits.recordBytes);
          put(i === 0 ? '\n' : ',\n');
          if (put(record.text, record.bytes)) await flush();
        }
        put('\n]');
      }
      put('}\n');
      await flush();
      await fh.sync();
      await fh.close();
      await this.beforeRename?.();
    } catch (err) {
      await fh.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await rename(temp, this.file);
    await syncDirectory(dirname(this.file));
    this.size = size;
  }
}

/** deliveries[3] (dlv_…): where a record is in the file, and which one it is. */
function recordName(list: string, index: number, record: unknown): string {
  const { id, scope } = (isObject(record) ? record : {}) as { id?: unknown; scope?: unknown };
  const name = typeof id === 'string' ? id : typeof scope === 'string' ? scope : null;
  return `${list}[${index}]${name === null ? '' : ` (${name})`}`;
}

/** The 1-based line holding byte `offset`, counted by streaming the file up to it. */
async function lineAt(file: string, offset: number): Promise<number> {
  let line = 1;
  let seen = 0;
  for await (const chunk of createReadStream(file, {
    end: Math.max(0, offset - 1),
  }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) line++;
    seen += chunk.length;
  }
  return seen === 0 ? 1 : line;
}

const RESTORE =
  'restore it from a backup, or move the data directory aside to start empty (the file is left as it is)';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
