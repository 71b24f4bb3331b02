// The plain values of faults on purpose (docs/contract.md §13), without their schemas: what the console
// needs at run time, so its bundle carries no schema library. The shapes are in faults.ts.
import type { EndpointFaults } from './faults';

export const FAULT_ACTION_TYPES = ['status', 'latency', 'drop', 'lose_response'] as const;
export type FaultActionType = (typeof FAULT_ACTION_TYPES)[number];

export const FAULT_METHODS = ['GET', 'POST'] as const;

/**
 * The routes rules can hit: the Payment Links API and simulate, as the app registers them. The
 * sandbox's own controls (/sandbox/faults, /sandbox/clock, /sandbox/inbox) are never among them.
 */
export const FAULTABLE_ROUTES = [
  '/payment-links',
  '/payment-links/:id',
  '/payment-links/:id/cancel',
  '/sandbox/simulate',
] as const;

/** At most this many rules at once: each request is matched against every rule. */
export const MAX_FAULT_RULES = 100;
export const MAX_FAULT_LATENCY_MS = 60_000;
/** Seeds are whole numbers from 0 to this (2^32-1): the whole state of the seeded draws. */
export const MAX_FAULT_SEED = 4_294_967_295;

export const NO_ENDPOINT_FAULTS: EndpointFaults = {
  duplicate: false,
  delay_seconds: 0,
  shuffle: false,
  bad_signature: false,
};

/** The window a shuffled delivery's first attempt falls in. */
export const SHUFFLE_WINDOW_SECONDS = 5;

export const hasEndpointFaults = (faults: EndpointFaults | undefined): boolean =>
  faults !== undefined &&
  (faults.duplicate || faults.delay_seconds > 0 || faults.shuffle || faults.bad_signature);
