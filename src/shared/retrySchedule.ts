// The retry schedule's one rule (docs/contract.md §8): attempt N of a series takes slot N of
// webhook_retry_schedule_seconds, the delay before it. The core times attempts by it; the console
// says which slot a Retry now took, since bringing an attempt forward uses its slot up.

/** The delay in seconds before attempt `attempt` (1 for the first) of a series, or undefined past the last slot. */
export const slotDelaySeconds = (schedule: readonly number[], attempt: number): number | undefined =>
  schedule[attempt - 1];
