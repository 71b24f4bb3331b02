// A delivery as lists show it, built the same way by the console API and by the console when a
// change streams in: without its attempts (their bodies can be large), with the last one summed up.
import type { DeliveryStatus, WebhookDelivery } from './types';

/** A delivery as the console sees it: waiting ones show `paused` while the queue is paused. */
export type PresentedDelivery = Omit<WebhookDelivery, 'status'> & { status: DeliveryStatus };

export type DeliverySummary = Omit<PresentedDelivery, 'attempts'> & {
  attempt_count: number;
  last_status: number | null;
  last_error: string | null;
};

export function deliverySummary(delivery: PresentedDelivery): DeliverySummary {
  const { attempts, ...rest } = delivery;
  const last = attempts.at(-1);
  return {
    ...rest,
    attempt_count: attempts.length,
    last_status: last?.response?.status ?? null,
    last_error: last?.error ?? null,
  };
}
