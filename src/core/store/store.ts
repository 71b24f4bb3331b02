import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { lockDataDir } from './dataDirLock';
import { Journal } from './journal';
import type { Op } from './ops';
import { SnapshotFile } from './snapshotFile';
import { StoreFileError } from './storeErrors';
import { SCHEMA_VERSION, StoreState, type SnapshotData, type StoreContents } from './storeState';

export interface StoreOptions {
  /** Data directory; omitted means in memory (nothing is kept). */
  dir?: string;
  /** Journal records after which the snapshot is rewritten in the background (default: see compactionThreshold). */
  compactAfter?: number;
  now?: () => number;
}

export const SNAPSHOT_FILE = 'sandbox.json';
const DEFAULT_COMPACT_AFTER = 50_000;

type CommitListener = (ops: readonly Op[]) => void;
/** Adds the ops that must land with a commit (a recorded event's deliveries). */
type CommitExpander = (ops: Op[]) => Op[];

interface Durable {
  dir: string;
  db: Low<SnapshotData>;
  journal: Journal;
  unlock: () => Promise<void>;
}

/**
 * The state in memory plus, unless in memory, its durable form: a lowdb snapshot and a journal.
 * `commit` applies ops at once (so the next request sees them) and resolves only when they are on
 * disk; listeners hear of a commit only then.
 */
export class Store {
  readonly state = new StoreState();
  private seq = 0;
  private sinceSnapshot = 0;
  private compaction: Promise<void> | null = null;
  private readonly listeners = new Set<CommitListener>();
  private expander: CommitExpander = (ops) => ops;
  private closed = false;

  private constructor(
    private readonly durable: Durable | null,
    private readonly compactAfter: number | undefined,
    private readonly now: () => number,
  ) {}

  static async open(options: StoreOptions = {}): Promise<Store> {
    const now = options.now ?? Date.now;
    const compactAfter = options.compactAfter;
    if (!options.dir) return new Store(null, compactAfter, now);
    const dir = options.dir;
    try {
      await mkdir(dir, { recursive: true });
    } catch (err) {
      throw new StoreFileError(dir, `cannot be created (${(err as NodeJS.ErrnoException).code})`, CHOOSE_DIR);
    }
    const unlock = await lockDataDir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err instanceof StoreFileError) throw err;
      throw new StoreFileError(dir, `is not writable (${err.code ?? err.message})`, CHOOSE_DIR);
    });
    try {
      const snapshot = new SnapshotFile(join(dir, SNAPSHOT_FILE));
      const db = new Low<SnapshotData>(snapshot, emptySnapshot());
      await db.read();
      await snapshot.discardUnfinishedWrites();
      const { records, lastSegment } = await Journal.replay(dir);
      const store = new Store(
        { dir, db, journal: Journal.start(dir, lastSegment), unlock },
        compactAfter,
        now,
      );
      store.state.load(db.data);
      store.seq = db.data.seq;
      for (const record of records) {
        if (record.seq <= store.seq) continue;
        for (const op of record.ops) store.state.apply(op);
        store.seq = record.seq;
        store.sinceSnapshot++;
      }
      if (lastSegment > 0) setImmediate(() => void store.compact().catch(() => undefined));
      return store;
    } catch (err) {
      await unlock();
      throw err;
    }
  }

  get dataDir(): string | null {
    return this.durable?.dir ?? null;
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Everything a commit implies is written in the same journal line as the commit itself. */
  setExpander(expander: CommitExpander): void {
    this.expander = expander;
  }

  commit(requested: Op[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    const ops = this.expander(requested);
    for (const op of ops) this.state.apply(op);
    const seq = ++this.seq;
    if (!this.durable) {
      this.announce(ops);
      return Promise.resolve();
    }
    const written = this.durable.journal.append({ seq, ops }).then(() => this.announce(ops));
    if (++this.sinceSnapshot >= this.compactionThreshold() && !this.compaction) {
      void this.compact().catch(() => undefined);
    }
    return written;
  }

  /**
   * Replaces the whole state with one journaled op: durable, and atomic across a crash (the line is
   * whole or it was never acknowledged). The snapshot is then rewritten in the background, so the
   * journal does not carry a copy of the whole store until the next compaction.
   */
  async replace(contents: StoreContents): Promise<void> {
    await this.commit([{ op: 'replace', v: contents }]);
    void this.compact().catch(() => undefined);
  }

  /**
   * Rewriting the snapshot costs in proportion to the store, so by default it waits for a journal
   * at least as long as the store is large, which keeps compaction's cost per commit constant. An
   * explicit `compactAfter` is taken as it is.
   */
  private compactionThreshold(): number {
    return this.compactAfter ?? Math.max(DEFAULT_COMPACT_AFTER, this.state.links.size);
  }

  /**
   * Folds the journal into the snapshot. The capture and the journal rotation happen in the same
   * tick, so every record in the segments deleted afterwards is covered by the snapshot.
   */
  compact(): Promise<void> {
    const durable = this.durable;
    if (!durable) return Promise.resolve();
    this.compaction ??= (async () => {
      const data = this.state.capture(this.seq, this.now());
      const covered = durable.journal.rotate();
      this.sinceSnapshot = 0;
      durable.db.data = data;
      await durable.db.write();
      await durable.journal.drained();
      await durable.journal.deleteSegmentsUpTo(covered);
    })().finally(() => {
      this.compaction = null;
    });
    return this.compaction;
  }

  /** Waits for every acknowledged write and any snapshot in progress, then releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.durable) return;
    await this.compaction?.catch(() => undefined);
    await this.durable.journal.close();
    await this.durable.unlock();
  }

  private announce(ops: readonly Op[]): void {
    for (const listener of this.listeners) listener(ops);
  }
}

const CHOOSE_DIR = 'choose another directory with --data, or fix its permissions';

function emptySnapshot(): SnapshotData {
  return {
    schema_version: SCHEMA_VERSION,
    seq: 0,
    settlement_account_id: null,
    settings: null,
    links: [],
    events: [],
    idempotency: [],
    endpoints: [],
  };
}
