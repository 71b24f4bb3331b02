// Which blocks of a long list to fetch for the rows in view: after the scrolling rests a moment
// (a dragged thumb passes thousands of rows on its way), each block once at a time.
import { blockMissing, blocksOf, type RowMap } from './rowWindow';

/** How long the rows in view must stay put before their blocks are asked for. */
const SETTLE_MS = 80;
/** A long, steady scroll still fetches this often. */
const MAX_WAIT_MS = 300;

export interface BlockSource {
  blockSize: number;
  /** Rows on either side of the view that are fetched ahead. */
  margin: number;
  current(): { rows: RowMap; total: number };
  /** Fetches one block and merges it in; `stale()` says a newer list superseded this request. */
  fetchBlock(block: number, stale: () => boolean): Promise<void>;
}

export function createBlockLoader(source: BlockSource) {
  let generation = 0;
  let wanted: { first: number; last: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingSince = 0;
  const inFlight = new Set<number>();

  const fetchWanted = () => {
    timer = undefined;
    if (!wanted) return;
    const { rows, total } = source.current();
    const first = Math.max(0, wanted.first - source.margin);
    const last = Math.min(total - 1, wanted.last + source.margin);
    const mine = generation;
    for (const block of blocksOf(first, last, source.blockSize)) {
      if (inFlight.has(block) || !blockMissing(rows, block, source.blockSize, total)) continue;
      inFlight.add(block);
      void source
        .fetchBlock(block, () => mine !== generation)
        .finally(() => {
          if (mine === generation) inFlight.delete(block);
        });
    }
  };

  return {
    /** The rows now in view; their blocks are fetched once the view settles. */
    show(first: number, last: number) {
      wanted = { first, last };
      const now = Date.now();
      if (timer === undefined) waitingSince = now;
      else clearTimeout(timer);
      timer = setTimeout(fetchWanted, now - waitingSince >= MAX_WAIT_MS ? 0 : SETTLE_MS);
    },
    /** Fetches for the rows last shown, at once (after a reload or a jump). */
    now() {
      if (timer !== undefined) clearTimeout(timer);
      fetchWanted();
    },
    /** Whether a reset has happened since this call. */
    watch(): () => boolean {
      const mine = generation;
      return () => mine !== generation;
    },
    /**
     * A new list: answers still on their way belong to the old one, and rows shown are asked for
     * afresh. The answer says whether a later reset has superseded this one.
     */
    reset(): () => boolean {
      const mine = ++generation;
      inFlight.clear();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      return () => mine !== generation;
    },
  };
}
