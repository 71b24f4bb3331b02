/**
 * The largest amount a link takes, and so the largest fixed fee worth setting (docs/decisions.md,
 * "Money").
 */
export const MAX_AMOUNT = 100_000_000_000;
