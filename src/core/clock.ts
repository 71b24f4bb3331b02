/** The sandbox's only source of time, so tests and the scheduler can agree on "now". */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The last two moments formatted: a batch stamps thousands of records with the same few moments
 * (a fixture link's creation, expiry and payment), and formatting one costs more than the rest of
 * making the link's fields.
 */
let latest: [number, string] = [Number.NaN, ''];
let before: [number, string] = [Number.NaN, ''];

export const isoTime = (ms: number): string => {
  if (latest[0] === ms) return latest[1];
  if (before[0] !== ms) before = [ms, new Date(ms).toISOString()];
  [latest, before] = [before, latest];
  return latest[1];
};
