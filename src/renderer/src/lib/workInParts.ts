// Long work the console does a part at a time (sample links, a bulk action), so it can say how far
// it is and stop between parts: what was done stays done, and is said.

/** How far long work has come; `cancelling` once the tester asked it to stop. */
export interface WorkProgress {
  done: number;
  total: number;
  cancelling: boolean;
}

/** Links per console call when work goes in parts: a second or two of a slow machine's work. */
export const PART_SIZE = 1_000;

/**
 * Runs `total` items `size` at a time, one part after another: `part(start, count)` does one and
 * `after(done, result)` hears of it. `stop` is asked before each part, so a cancel takes effect
 * between parts and `done` counts whole parts. A part that fails rejects the run;
 * the parts before it stay done (`after` heard of each).
 */
export async function workInParts<R>(
  total: number,
  size: number,
  part: (start: number, count: number) => Promise<R>,
  after: (done: number, result: R) => void,
  stop: () => boolean,
): Promise<{ done: number; stopped: boolean }> {
  let done = 0;
  while (done < total) {
    if (stop()) return { done, stopped: true };
    const count = Math.min(size, total - done);
    const result = await part(done, count);
    done += count;
    after(done, result);
  }
  return { done, stopped: false };
}
