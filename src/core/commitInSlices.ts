import { nextTurn } from './nextTurn';
import type { Op } from './store/ops';
import type { Store } from './store/store';

/** Items per commit: one journal line each, with other requests answered between them. */
const SLICE = 250;
/**
 * Slices applied in memory and not yet on disk before the next waits: a bound on the lines held
 * while a slow disk lags behind, far above what one group commit takes from a healthy one.
 */
const UNSETTLED = 64;

/**
 * Commits the changes of `count` items (fixture links, samples, a bulk action), `SLICE` to a
 * journal line. Each slice is applied in memory at once and the event loop gets a turn between
 * slices, but no slice waits for the one before it to reach the disk: slices that wait together
 * share one write and one fdatasync (the journal's group commit), so many items cost a few syncs,
 * not one a slice. Resolves once every slice is durable. After a refused slice no further one is
 * made: the store has undone every slice not on disk, and the refusal is what this rejects with.
 */
export async function commitInSlices(
  store: Store,
  count: number,
  opsOf: (index: number) => Op[],
): Promise<void> {
  const written: Promise<void>[] = [];
  let refusal: { err: unknown } | null = null;
  try {
    for (let start = 0; start < count && !refusal; start += SLICE) {
      const ops: Op[] = [];
      for (let i = start; i < Math.min(count, start + SLICE); i++) ops.push(...opsOf(i));
      if (ops.length > 0)
        written.push(
          store.commit(ops).catch((err: unknown) => {
            refusal ??= { err };
          }),
        );
      if (written.length > UNSETTLED) await written[written.length - 1 - UNSETTLED];
      await nextTurn();
    }
  } finally {
    await Promise.all(written);
  }
  if (refusal) throw (refusal as { err: unknown }).err;
}
