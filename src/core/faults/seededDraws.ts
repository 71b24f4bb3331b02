/**
 * The draws of faults on purpose (docs/faults.md, "Seeds"): shuffle's waits, a rule's probability
 * and its jitter. A seed gives a sequence that is the same on every run, so a failing order can
 * be replayed; without one the draws are Math.random's. mulberry32 (docs/decisions.md, "Seeded
 * faults"): 32 bits of state, every seed from 0 to 2^32-1 valid, a few lines, no dependency.
 */

/** The next number in [0, 1). */
export type Draw = () => number;

export function mulberry32(seed: number): Draw {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded sequence, or Math.random when there is no seed. */
export const drawsFor = (seed: number | undefined): Draw =>
  seed === undefined ? Math.random : mulberry32(seed);

/** A whole number from 0 to max, both included. */
export const wholeUpTo = (draw: Draw, max: number): number => Math.floor(draw() * (max + 1));
