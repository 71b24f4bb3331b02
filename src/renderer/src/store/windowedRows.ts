// What the long tables' slices share: blocks of rows read into their places, only the rows near
// the view kept, live changes that arrive meanwhile replayed on top, and the rows in view read
// again when a change may have moved them.
import { createBlockLoader } from '../lib/blockLoader';
import { blocksOf, evictFar, placeBlock, type LoadedRows, type RowMap } from '../lib/rowWindow';

interface WindowedRowsOptions<T, Change> {
  blockSize: number;
  /** At most this many rows stay loaded, the nearest to the view. */
  keepRows: number;
  /** Rows above and below the view read ahead of the scrolling. */
  margin: number;
  read(block: number): Promise<{ data: T[]; total: number }>;
  current(): LoadedRows<T>;
  /** The rows in view, 0-based and inclusive. */
  shown(): { first: number; last: number };
  /** Puts read rows in the slice; `fresh` when they replace every row loaded before. */
  commit(update: LoadedRows<T>, fresh: boolean): void;
  /** Applies live changes again, on top of rows read before them. */
  replay(changes: Change[]): void;
  /**
   * The list only grows, at its top (the request log): a block read while rows arrive is placed
   * by the count, the server's against the console's, so the rows in view do not jump.
   */
  growsAtTop?: boolean;
  failed(error: unknown): void;
}

/** After a change that may have moved rows out of sight, the rows in view are read again. */
const REFRESH_MS = 300;

export function createWindowedRows<T extends { id: string }, Change>(
  options: WindowedRowsOptions<T, Change>,
) {
  let readsInFlight = 0;
  let recorded: Change[] = [];
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  /** Reads blocks, puts them in place (over the loaded rows, or alone), then replays changes. */
  const readInto = async (fresh: boolean, blocks: number[], superseded: () => boolean) => {
    if (readsInFlight++ === 0) recorded = [];
    try {
      const pages = await Promise.all(blocks.map(options.read));
      if (superseded()) return;
      const list = options.current();
      let rows: RowMap = fresh ? new Map() : list.rows;
      let total = list.total;
      const read: Record<string, T> = {};
      // Rows that arrived on top since the server counted move its block down by as many; rows it
      // counted that the stream has not brought yet, up (they come, and go on top, in a moment).
      const counted = (page: { total: number }) => (!fresh && options.growsAtTop ? list.total : page.total);
      pages.forEach((page, i) => {
        const offset = (blocks[i] as number) * options.blockSize + counted(page) - page.total;
        rows = placeBlock(
          rows,
          offset,
          page.data.map((row) => row.id),
          counted(page),
        );
        for (const row of page.data) read[row.id] = row;
        total = counted(page);
      });
      const { first, last } = options.shown();
      rows = evictFar(rows, Math.round((first + last) / 2), options.keepRows);
      const known = fresh ? read : { ...list.byId, ...read };
      const byId: Record<string, T> = {};
      for (const id of rows.values()) if (known[id]) byId[id] = known[id];
      options.commit({ rows, byId, total }, fresh);
      options.replay(recorded);
    } finally {
      if (--readsInFlight === 0) recorded = [];
    }
  };

  const loader = createBlockLoader({
    blockSize: options.blockSize,
    margin: options.margin,
    current: options.current,
    fetchBlock: (block, superseded) =>
      readInto(false, [block], superseded).catch((error: unknown) => {
        if (!superseded()) options.failed(error);
      }),
  });

  const showNow = () => {
    const { first, last } = options.shown();
    loader.show(first, last);
    loader.now();
  };

  return {
    /** Reads the list afresh from its first block (a new filter, a reconnect); throws what failed. */
    async load(): Promise<void> {
      const superseded = loader.reset();
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
      try {
        await readInto(true, [0], superseded);
      } catch (error) {
        if (superseded()) return;
        throw error;
      }
      // The table may be scrolled (a reconnect keeps its place): its rows are asked for now.
      if (!superseded()) showNow();
    },

    /** Drops every read on its way: the list is not to be read now (a search that cannot run). */
    forget() {
      loader.reset();
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
    },

    /** The rows now in view; what they lack is read once the view rests. */
    show: (first: number, last: number) => loader.show(first, last),

    /** Scrolling to a row: its block is read at once. */
    showNow,

    /** Whether the list has been read afresh since this call. */
    watch: () => loader.watch(),

    /** Live changes, kept while reads are on their way: those may have been read before them. */
    record(changes: Change[]) {
      if (readsInFlight > 0) recorded.push(...changes);
    },

    /** Reads the rows in view again and forgets the others: the server knows where rows went. */
    refreshSoon() {
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        const { first, last } = options.shown();
        const blocks = blocksOf(
          Math.max(0, first - options.margin),
          last + options.margin,
          options.blockSize,
        );
        readInto(true, blocks, loader.reset()).catch(() => undefined);
      }, REFRESH_MS);
    },
  };
}
