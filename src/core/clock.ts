/** The sandbox's only source of time, so tests and the scheduler can agree on "now". */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const isoTime = (ms: number): string => new Date(ms).toISOString();
