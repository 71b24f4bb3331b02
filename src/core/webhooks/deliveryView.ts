import { isWaiting } from '../../shared/deliveryStatus';
import type { PresentedDelivery } from '../../shared/deliverySummary';
import type { WebhookDelivery } from '../../shared/types';
import type { OnWire } from './deliveryControls';

/**
 * A delivery as people see it: one on the wire shows as delivering, and a waiting one as paused
 * while the queue is paused. The store keeps neither: both are the worker's and the queue's state.
 */
export function presentDelivery(
  delivery: WebhookDelivery,
  onWire: OnWire,
  queuePaused: boolean,
): PresentedDelivery {
  if (!isWaiting(delivery)) return delivery;
  if (onWire(delivery.id)) return { ...delivery, status: 'delivering' };
  return queuePaused ? { ...delivery, status: 'paused' } : delivery;
}
