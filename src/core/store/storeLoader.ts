import { join } from 'node:path';
import { Low } from 'lowdb';
import { Journal } from './journal';
import { SnapshotFile } from './snapshotFile';
import { StoreFileError } from './storeErrors';
import { DEFAULT_STORE_LIMITS, type StoreLimits } from './storeLimits';
import { SCHEMA_VERSION, type SnapshotData, type StoreState } from './storeState';

export const SNAPSHOT_FILE = 'sandbox.json';

export interface LoadedStore {
  db: Low<SnapshotData>;
  snapshot: SnapshotFile;
  /** The last record the state holds. */
  seq: number;
  /** Records replayed from the journal on top of the snapshot. */
  replayed: number;
  lastSegment: number;
}

const REPAIR = `restore ${SNAPSHOT_FILE} and every journal file from a backup, or move the data directory aside to start empty`;

/**
 * Reads the snapshot through lowdb, then replays the journal on top, record by record. Records
 * must follow on without a gap: a journal that continues from a record the store does not hold
 * (a lost snapshot, a deleted segment) is refused, never half-loaded.
 */
export async function loadStore(
  dir: string,
  state: StoreState,
  limits: StoreLimits = DEFAULT_STORE_LIMITS,
): Promise<LoadedStore> {
  const snapshot = new SnapshotFile(join(dir, SNAPSHOT_FILE), limits);
  const db = new Low<SnapshotData>(snapshot, emptySnapshot());
  await db.read();
  await snapshot.discardUnfinishedWrites();
  state.load(db.data);
  let seq = db.data.seq;
  // The state holds the records now; lowdb's copy of the lists would only keep their first versions.
  db.data = emptySnapshot();
  let replayed = 0;
  const { lastSegment } = await Journal.replay(dir, (record, file, line) => {
    if (record.seq <= seq) return;
    if (record.seq !== seq + 1) {
      const missing =
        record.seq - 1 === seq + 1 ? `record ${seq + 1} is` : `records ${seq + 1}–${record.seq - 1} are`;
      const where =
        snapshot.size === 0
          ? `${SNAPSHOT_FILE} is missing, so ${missing} gone`
          : `the store ends at record ${seq}: ${missing} missing`;
      throw new StoreFileError(
        file,
        `line ${line} continues from record ${record.seq - 1}, but ${where}`,
        REPAIR,
      );
    }
    for (const op of record.ops) state.apply(op);
    seq = record.seq;
    replayed++;
  });
  return { db, snapshot, seq, replayed, lastSegment };
}

export function emptySnapshot(): SnapshotData {
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
