import type { DeliveryStatus } from './types';

type WithStatus = { status: DeliveryStatus };

/** Delivered or failed: nothing more will be sent unless a tester resends it (docs/decisions.md, "Webhooks"). */
export const isFinal = (d: WithStatus): boolean => d.status === 'delivered' || d.status === 'failed';

/**
 * Waiting for its next attempt: queued or retrying as stored, or paused as shown while the queue is
 * paused. These are the deliveries Retry now and Delete apply to, and the ones an endpoint takes
 * with it when it is deleted.
 */
export const isWaiting = (d: WithStatus): boolean =>
  d.status === 'queued' || d.status === 'retrying' || d.status === 'paused';
