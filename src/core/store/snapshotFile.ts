import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { SCHEMA_VERSION, type SnapshotData } from './storeState';
import { StoreFileError } from './storeErrors';
import { syncDirectory } from './syncDirectory';

const CHUNK = 500;
const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * lowdb adapter for the snapshot. Unlike lowdb's JSONFile it fsyncs before the atomic rename,
 * refuses a file it cannot understand instead of treating it as empty, and serialises in chunks
 * that yield to the event loop, so folding 100,000 links into the snapshot never stalls a request.
 */
export class SnapshotFile implements Adapter<SnapshotData> {
  constructor(readonly file: string) {}

  async read(): Promise<SnapshotData | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    let data: SnapshotData;
    try {
      data = JSON.parse(text) as SnapshotData;
    } catch (err) {
      throw new StoreFileError(
        this.file,
        `does not parse as JSON (${whereJsonBroke(text, err as Error)})`,
        RESTORE,
      );
    }
    if (typeof data !== 'object' || data === null || data.schema_version !== SCHEMA_VERSION) {
      const found = typeof data === 'object' && data !== null ? String(data.schema_version) : 'none';
      throw new StoreFileError(
        this.file,
        `has schema version ${found}, and this version of Payment Links Sandbox reads only version ${SCHEMA_VERSION}`,
        'open it with the version that wrote it, or move the data directory aside to start empty',
      );
    }
    for (const key of ['links', 'events', 'idempotency', 'endpoints'] as const) {
      if (!Array.isArray(data[key])) throw new StoreFileError(this.file, `has no "${key}" list`, RESTORE);
    }
    return data;
  }

  /** Removes temp files of snapshot writes that a crash cut short; the snapshot itself is whole. */
  async discardUnfinishedWrites(): Promise<void> {
    const prefix = `.${basename(this.file)}.`;
    for (const name of await readdir(dirname(this.file))) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(dirname(this.file), name));
    }
  }

  async write(data: SnapshotData): Promise<void> {
    const temp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.tmp`);
    const fh = await open(temp, 'w');
    try {
      const { links, events, idempotency, endpoints, deliveries = [], ...head } = data;
      await fh.write(JSON.stringify(head).slice(0, -1));
      for (const [key, list] of Object.entries({ links, events, idempotency, endpoints, deliveries })) {
        await fh.write(`,\n"${key}":[`);
        for (let i = 0; i < list.length; i += CHUNK) {
          const lines = list.slice(i, i + CHUNK).map((item) => '\n' + JSON.stringify(item));
          await fh.write((i === 0 ? '' : ',') + lines.join(','));
          await yieldToRequests();
        }
        await fh.write('\n]');
      }
      await fh.write('}\n');
      await fh.sync();
    } catch (err) {
      await fh.close();
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await fh.close();
    await rename(temp, this.file);
    await syncDirectory(dirname(this.file));
  }
}

/** Where a parse failed, as line and column: V8's own message quotes the file, newlines and all. */
function whereJsonBroke(text: string, err: Error): string {
  const position = Number(/position (\d+)/.exec(err.message)?.[1] ?? NaN);
  if (!Number.isFinite(position)) return text.trim() === '' ? 'the file is empty' : 'it ends too early';
  const before = text.slice(0, position).split('\n');
  return `error at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

const RESTORE =
  'restore it from a backup, or move the data directory aside to start empty (the file is left as it is)';
