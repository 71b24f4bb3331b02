import type { WebhookDelivery } from './types';

/** Delivered or failed: nothing more will be sent unless a tester resends it (docs/decisions.md, "Webhooks"). */
export const isFinal = (d: WebhookDelivery): boolean => d.status === 'delivered' || d.status === 'failed';
