import type { FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Low } from 'lowdb';
import type { CompactionFailure } from '../../shared/dataFolder';
import { SandboxError } from '../errors';
import { makeFolder } from '../makeFolder';
import { CompactionBackoff } from './compactionBackoff';
import { CompactionPolicy } from './compactionPolicy';
import { lockDataDir } from './dataDirLock';
import { Journal } from './journal';
import type { Op } from './ops';
import type { SnapshotFile } from './snapshotFile';
import { storageFailure } from './storageFailure';
import { directoryRefused } from './storeErrors';
import { DEFAULT_STORE_LIMITS, RecordTooLargeError, recordJson, type StoreLimits } from './storeLimits';
import { emptySnapshot, loadStore, SNAPSHOT_FILE } from './storeLoader';
import { StoreState, type SnapshotData, type StoreContents } from './storeState';

export interface StoreOptions {
  /** Data directory; omitted means in memory (nothing is kept). */
  dir?: string;
  /** Journal records after which the snapshot is rewritten in the background (default: see CompactionPolicy). */
  compactAfter?: number;
  now?: () => number;
  /** Real time, for when a failed compaction may be tried again (tests bring their own). */
  realNow?: () => number;
  /** How snapshot writes are chunked and how large one record may be (tests pass small ones). */
  limits?: Partial<StoreLimits>;
  /** Told of problems no request hears about (a failed compaction, a refused write). */
  warn?: (message: string) => void;
  /** Opens journal segments; tests pass one whose handle fails on purpose. */
  openSegment?: (path: string) => Promise<FileHandle>;
  /**
   * `dir` lies in a data folder this process holds already (a workspace's, docs/storage.md): it
   * takes no lock of its own, and refuses changes once that one is lost.
   */
  heldLock?: HeldLock;
}

/** A data folder's lock as its stores see it: the line saying so once another process took it. */
export interface HeldLock {
  lost: string | null;
}

export { SNAPSHOT_FILE };

/** A disk refusing every write under a steady load would otherwise keep an export waiting for ever. */
const DURABLE_CAPTURE_TRIES = 5;

type CommitListener = (ops: readonly Op[]) => void;
/** Adds the ops that must land with a commit (a recorded event's deliveries). */
type CommitExpander = (ops: Op[]) => Op[];

interface Durable {
  dir: string;
  db: Low<SnapshotData>;
  snapshot: SnapshotFile;
  journal: Journal;
  unlock: () => Promise<void>;
  /** Set, to the line saying so, once another process took the directory over (lockLease.ts). */
  lock: HeldLock;
}

/**
 * The state in memory plus, unless in memory, its durable form: a lowdb snapshot and a journal.
 * `commit` applies ops at once (so the next request sees them) and resolves only when they are on
 * disk; listeners hear of a commit only then. A commit the disk refuses is undone in memory, with
 * every commit after it, before anyone is told.
 */
export class Store {
  /** Commits applied in memory and not yet on disk, oldest first, with what undoes each. */
  private readonly unsettled = new Map<number, Array<() => void>>();
  /** Bumped by every rollback, so a snapshot captured before one is never put in place. */
  private rollbacks = 0;
  private compaction: Promise<void> | null = null;
  private readonly backoff: CompactionBackoff;
  private readonly listeners = new Set<CommitListener>();
  private expander: CommitExpander = (ops) => ops;
  private closed = false;

  private constructor(
    readonly state: StoreState,
    private readonly durable: Durable | null,
    private readonly policy: CompactionPolicy,
    private readonly now: () => number,
    private readonly warn: (message: string) => void,
    private readonly limits: StoreLimits,
    realNow: () => number,
    private seq: number,
  ) {
    this.backoff = new CompactionBackoff(realNow);
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    const now = options.now ?? Date.now;
    const warn = options.warn ?? ((message: string) => process.emitWarning(message));
    const policy = new CompactionPolicy(options.compactAfter);
    const limits = { ...DEFAULT_STORE_LIMITS, ...options.limits };
    const realNow = options.realNow ?? Date.now;
    if (!options.dir) return new Store(new StoreState(), null, policy, now, warn, limits, realNow, 0);
    const dir = options.dir;
    try {
      await makeFolder(dir);
    } catch (err) {
      // It may fail at a folder above this one: name that one too.
      const at = (err as NodeJS.ErrnoException).path;
      const above = at !== undefined && resolve(at) !== resolve(dir) ? `: ${at} cannot be made` : '';
      throw directoryRefused(dir, `be created${above}`, err);
    }
    const lock: HeldLock = options.heldLock ?? { lost: null };
    const unlock = options.heldLock
      ? async () => undefined
      : await lockDataDir(dir, {
          lost: (line) => {
            lock.lost = line;
            warn(line);
          },
        });
    try {
      const state = new StoreState();
      const loaded = await loadStore(dir, state, limits);
      policy.reset(state.links.size, loaded.snapshot.size);
      for (let i = 0; i < loaded.replayed; i++) policy.addRecord();
      const journal = Journal.start(dir, loaded.lastSegment, {
        openSegment: options.openSegment,
        onFailure: (err) => store.rollback(err),
        chunkBytes: limits.chunkBytes,
      });
      const { db, snapshot } = loaded;
      const store: Store = new Store(
        state,
        { dir, db, snapshot, journal, unlock, lock },
        policy,
        now,
        warn,
        limits,
        realNow,
        loaded.seq,
      );
      // Fold what start-up replayed into the snapshot, so the next start reads one file.
      if (loaded.lastSegment > 0) setImmediate(() => void store.compact());
      return store;
    } catch (err) {
      await unlock();
      throw err;
    }
  }

  get dataDir(): string | null {
    return this.durable?.dir ?? null;
  }

  /** The lock of the data folder it keeps its files in; null in memory. */
  get lock(): HeldLock | null {
    return this.durable?.lock ?? null;
  }

  /** Why the last compaction failed, while none has succeeded since; what the console shows. */
  get compactionFailure(): CompactionFailure | null {
    return this.backoff.failure;
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
    const lost = this.lostDirectory();
    if (lost) return Promise.reject(lost);
    const ops = this.expander(requested);
    if (!this.durable) {
      for (const op of ops) this.state.apply(op);
      this.seq++;
      this.announce(ops);
      return Promise.resolve();
    }
    const seq = this.seq + 1;
    let line: { text: string; bytes: number };
    try {
      // Serialised before it is applied: a change too large to journal changes nothing.
      line = recordJson(() => 'This change', { seq, ops }, this.limits.recordBytes);
    } catch (err) {
      if (!(err instanceof RecordTooLargeError)) throw err;
      return Promise.reject(
        new SandboxError('storage_unavailable', `${err.message} (one journal line); nothing was changed.`),
      );
    }
    const undo = ops.map((op) => this.state.apply(op));
    this.seq = seq;
    this.unsettled.set(seq, undo);
    const written = this.durable.journal.append(line).then(() => {
      this.unsettled.delete(seq);
      this.announce(ops);
    });
    this.policy.addRecord();
    if (this.policy.due(this.durable.journal.bytesSinceRotation) && !this.compaction && this.backoff.ready)
      void this.compact();
    return written;
  }

  /**
   * Replaces the whole state (an import, a reset). Putting the new snapshot in place is the
   * commit: a crash leaves the old store or the new one.
   */
  replace(contents: StoreContents): Promise<void> {
    return this.commitAsSnapshot(() => [{ op: 'replace', v: contents }]);
  }

  /**
   * A commit of more ops than journal lines suit (a configuration's fixture links, by the
   * hundred thousand), made durable as a new snapshot instead: one serialisation of what the store
   * holds, where journal lines would be serialised once for the journal and again by the
   * compaction that folds them in. Applied at once like a commit; a crash leaves the store as it
   * was or with all of them.
   */
  commitWhole(requested: Op[]): Promise<void> {
    return this.commitAsSnapshot(() => this.expander(requested));
  }

  /**
   * The new state is written as a new snapshot, streamed, and putting that file in place is the
   * commit. Commits made meanwhile apply to the new state and reach the journal after it.
   */
  private async commitAsSnapshot(opsOf: () => Op[]): Promise<void> {
    while (this.compaction) await this.compaction;
    if (this.closed) throw new Error('the store is closed');
    const lost = this.lostDirectory();
    if (lost) throw lost;
    const ops = opsOf();
    const undo = ops.map((op) => this.state.apply(op));
    const seq = ++this.seq;
    const durable = this.durable;
    if (!durable) return this.announce(ops);
    this.unsettled.set(seq, undo);
    const rollbacks = this.rollbacks;
    const data = this.state.capture(seq, this.now());
    const covered = durable.journal.rotate();
    const written = durable.journal.exclusive(async () => {
      if (this.rollbacks !== rollbacks)
        throw storageFailure(durable.dir, new Error('an earlier write failed'), true);
      durable.snapshot.beforeRename = null;
      try {
        await writeSnapshot(durable.db, data);
      } catch (err) {
        throw storageFailure(durable.dir, err, true);
      }
    });
    this.compaction = written
      .then(() => durable.journal.deleteSegmentsUpTo(covered))
      .catch(() => undefined)
      .finally(() => (this.compaction = null));
    await written;
    this.unsettled.delete(seq);
    this.policy.reset(this.state.links.size, durable.snapshot.size);
    // A whole new snapshot is in place: whatever stopped compaction is behind it.
    this.backoff.succeeded();
    this.announce(ops);
  }

  /**
   * The state as far as it is on disk, by reference: what an export may hand out. A capture can
   * hold commits still on their way to disk; once the journal has written them all, the capture
   * is durable unless one was refused meanwhile (and undone), in which case it is taken again.
   * Reads never wait on disk; this does, so an export never holds a change its client was refused.
   */
  async durableCapture(nowMs: number): Promise<SnapshotData> {
    for (let tries = 1; ; tries++) {
      const rollbacks = this.rollbacks;
      const data = this.state.capture(this.seq, nowMs);
      if (!this.durable || this.unsettled.size === 0) return data;
      await this.durable.journal.drained();
      if (this.rollbacks === rollbacks) return data;
      if (tries === DURABLE_CAPTURE_TRIES) {
        throw new SandboxError(
          'storage_unavailable',
          `The data directory ${this.durable.dir} keeps refusing the changes this export must wait for, so nothing was exported. Check it (free some disk space, fix its permissions), then export again.`,
        );
      }
    }
  }

  /**
   * Folds the journal into the snapshot. The capture and the journal rotation happen in the same
   * tick, so every record in the segments deleted afterwards is covered by the snapshot; the new
   * snapshot replaces the old only once every write it counted on is on disk.
   */
  compact(): Promise<void> {
    const durable = this.durable;
    if (!durable || this.closed || durable.lock.lost) return Promise.resolve();
    this.compaction ??= (async () => {
      const rollbacks = this.rollbacks;
      const data = this.state.capture(this.seq, this.now());
      const covered = durable.journal.rotate();
      this.policy.reset(this.state.links.size, durable.snapshot.size);
      durable.snapshot.beforeRename = async () => {
        await durable.journal.drained();
        if (this.rollbacks !== rollbacks) throw new Error('a journal write it counted on failed');
      };
      await writeSnapshot(durable.db, data);
      this.policy.reset(this.state.links.size, durable.snapshot.size);
      await durable.journal.deleteSegmentsUpTo(covered);
      this.backoff.succeeded();
    })()
      .catch((err: Error) => {
        const wait = this.backoff.failed(err.message);
        this.warn(
          `the store could not compact its journal into ${SNAPSHOT_FILE}: ${err.message}; every change is still in the journal, and compaction is not tried again for ${wait}`,
        );
      })
      .finally(() => {
        this.compaction = null;
      });
    return this.compaction;
  }

  /** Waits for every acknowledged write and any snapshot in progress, then releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.durable) return;
    await this.compaction;
    await this.durable.journal.close();
    await this.durable.unlock();
  }

  /** The refusal for every change once another process owns the directory: its files are not ours to write. */
  private lostDirectory(): SandboxError | null {
    const lost = this.durable?.lock.lost;
    return lost ? new SandboxError('storage_unavailable', `${lost}; nothing was changed.`) : null;
  }

  /** Undoes every commit not yet on disk, newest first: they were refused together. */
  private rollback(err: SandboxError): void {
    const seqs = [...this.unsettled.keys()];
    for (let i = seqs.length - 1; i >= 0; i--) {
      const undo = this.unsettled.get(seqs[i] as number) as Array<() => void>;
      for (let j = undo.length - 1; j >= 0; j--) (undo[j] as () => void)();
    }
    if (seqs.length > 0) this.seq = (seqs[0] as number) - 1;
    this.unsettled.clear();
    this.rollbacks++;
    this.warn(`${err.message} (${seqs.length} change${seqs.length === 1 ? '' : 's'} refused)`);
  }

  private announce(ops: readonly Op[]): void {
    for (const listener of this.listeners) listener(ops);
  }
}

/**
 * Writes `data` through lowdb, then lets go of it: Low keeps its last data, and a capture holds
 * every record as it was, so keeping it would hold old copies (webhook bodies trimmed since) until
 * the next compaction.
 */
async function writeSnapshot(db: Low<SnapshotData>, data: SnapshotData): Promise<void> {
  db.data = data;
  try {
    await db.write();
  } finally {
    db.data = emptySnapshot();
  }
}
