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

/** Keeps the `keep` rows nearest `centre` once there are a quarter more than that. */
export function evictFar(rows: RowMap, centre: number, keep: number): RowMap {
  if (rows.size <= keep * 1.25) return rows;
  const nearest = [...rows.keys()].sort((a, b) => Math.abs(a - centre) - Math.abs(b - centre)).slice(0, keep);
  return new Map(nearest.map((position) => [position, rows.get(position) as string]));
}
