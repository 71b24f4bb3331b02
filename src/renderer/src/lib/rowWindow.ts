// The loaded parts of a long list: row ids by their 0-based position in the whole list, for a few
// blocks around where the tester looks. Pure; every change returns a new map.

export type RowMap = ReadonlyMap<number, string>;

/** The loaded part of a long list. */
export interface LoadedRows<T> {
  /** Loaded ids by their 0-based row in the list. */
  rows: RowMap;
  /** The loaded rows, and only those, so memory stays bounded however long the list. */
  byId: Record<string, T>;
  /** How many rows the list has, on the server and since then. */
  total: number;
}

/** Blocks a table fetches: block k is the rows from k × size, one page of the console API. */
export const blocksOf = (first: number, last: number, size: number): number[] => {
  const blocks: number[] = [];
  for (let block = Math.floor(first / size); block * size <= last; block++) blocks.push(block);
  return blocks;
};

/** Whether any row of the block, within the list's length, is not loaded. */
export function blockMissing(rows: RowMap, block: number, size: number, total: number): boolean {
  const end = Math.min(total, (block + 1) * size);
  for (let position = block * size; position < end; position++) if (!rows.has(position)) return true;
  return false;
}

/**
 * A fetched block: its ids take their positions, copies of them elsewhere are dropped (the list
 * moved since those were read), and nothing stays beyond the list's new length.
 */
export function placeBlock(
  rows: RowMap,
  offset: number,
  ids: readonly string[],
  total: number,
): Map<number, string> {
  const fresh = new Set(ids);
  const next = new Map<number, string>();
  for (const [position, id] of rows) {
    const inBlock = position >= offset && position < offset + ids.length;
    if (!inBlock && !fresh.has(id) && position < total) next.set(position, id);
  }
  // A block placed above the list's top (see windowedRows' growsAtTop) keeps only its rows in it.
  ids.forEach((id, i) => {
    if (offset + i >= 0) next.set(offset + i, id);
  });
  return next;
}

/** Rows from `position` on move one down; the new row, when known, takes the place. */
export function insertAt(rows: RowMap, position: number, id?: string): Map<number, string> {
  const next = new Map<number, string>();
  for (const [at, rowId] of rows) next.set(at >= position ? at + 1 : at, rowId);
  if (id !== undefined) next.set(position, id);
  return next;
}

/** The row at `position` goes; the ones below move up. */
export function removeAt(rows: RowMap, position: number): Map<number, string> {
  const next = new Map<number, string>();
  for (const [at, rowId] of rows) if (at !== position) next.set(at > position ? at - 1 : at, rowId);
  return next;
}

export function positionOf(rows: RowMap, id: string): number | undefined {
  for (const [position, rowId] of rows) if (rowId === id) return position;
  return undefined;
}

/**
 * Where a new row goes among the loaded ones, given which loaded rows come before it. `exact`
 * when its neighbours are loaded and adjacent (or it is first or last); otherwise it falls in a
 * gap that is not loaded, and only the rows below the gap move.
 */
export function newRowPlace(
  rows: RowMap,
  total: number,
  comesBefore: (loadedId: string) => boolean,
): { position: number; exact: boolean } {
  const positions = [...rows.keys()].sort((a, b) => a - b);
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (comesBefore(rows.get(positions[mid] as number) as string)) low = mid + 1;
    else high = mid;
  }
  const after = positions[low];
  const before = positions[low - 1];
  if (after === undefined) return { position: total, exact: before === undefined || before === total - 1 };
  return { position: after, exact: after === 0 || before === after - 1 };
}

/** The rows around the one a move is told by, on each side: their most common move wins. */
const MOVE_VOTERS = 2;

/** A row loaded before and after: where it was, and where it is. */
interface Placed {
  was: number;
  is: number;
}

/**
 * How many places the rows at `near` moved from one loading of the list to the next: rows that went
 * in or out above them (live rows, a burst on top), or a block read again that the server placed
 * elsewhere. Told by the loaded row nearest `near` (at or below it first) and the rows beside it,
 * their most common move, among the rows that kept their order with the others: a row that moved
 * on its own (a delivery resent to the top) says nothing about the rest. 0 when no row is loaded
 * in both.
 */
export function rowsMoved(before: RowMap, after: RowMap, near: number): number {
  if (before === after) return 0;
  const afterAt = new Map<string, number>();
  for (const [position, id] of after) afterAt.set(id, position);
  const both: Placed[] = [];
  for (const [was, id] of before) {
    const is = afterAt.get(id);
    if (is !== undefined) both.push({ was, is });
  }
  both.sort((a, b) => a.was - b.was);
  const kept = inOrder(both);
  if (kept.length === 0) return 0;
  const found = kept.findIndex((row) => row.was >= near);
  const anchor = found === -1 ? kept.length - 1 : found;
  const votes = new Map<number, number>();
  for (const row of kept.slice(Math.max(0, anchor - MOVE_VOTERS), anchor + MOVE_VOTERS + 1)) {
    const moved = row.is - row.was;
    votes.set(moved, (votes.get(moved) ?? 0) + 1);
  }
  const { was, is } = kept[anchor] as Placed;
  let best = is - was;
  for (const [moved, count] of votes) if (count > (votes.get(best) as number)) best = moved;
  return best;
}

/**
 * The most rows, in their order before, whose places after are in the same order: the longest
 * increasing run of `is` (patience sorting, n log n), first to last.
 */
function inOrder(rows: Placed[]): Placed[] {
  /** tails[k]: the index of the row ending the best run of k + 1 rows found so far. */
  const tails: number[] = [];
  const previous: number[] = new Array<number>(rows.length);
  rows.forEach((row, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((rows[tails[mid] as number] as Placed).is < row.is) low = mid + 1;
      else high = mid;
    }
    previous[i] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = i;
  });
  const run: Placed[] = [];
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] as number) run.push(rows[i] as Placed);
  return run.reverse();
}

/** Keeps the `keep` rows nearest `centre` once there are a quarter more than that. */
export function evictFar(rows: RowMap, centre: number, keep: number): RowMap {
  if (rows.size <= keep * 1.25) return rows;
  const nearest = [...rows.keys()].sort((a, b) => Math.abs(a - centre) - Math.abs(b - centre)).slice(0, keep);
  return new Map(nearest.map((position) => [position, rows.get(position) as string]));
}
