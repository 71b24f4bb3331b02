// The orders the delivery history can be read in, and the comparer for the console's: the API
// sorts with it, and the console places live changes with it, so a row lands where a fresh read
// would put it.
import type { WebhookDelivery } from './types';

export const DELIVERY_ORDERS = ['created', 'updated'] as const;
export type DeliveryOrder = (typeof DELIVERY_ORDERS)[number];

/** Last change first, then newest first: a resent or retried delivery comes to the top. */
export const byLastChange = (
  a: Pick<WebhookDelivery, 'updated_at' | 'seq'>,
  b: Pick<WebhookDelivery, 'updated_at' | 'seq'>,
): number => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.seq - a.seq);
