import { createHmac, randomBytes } from 'node:crypto';
import { SHUFFLE_WINDOW_SECONDS } from '../../shared/faults';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/types';

/**
 * The deliveries one event makes for one endpoint, as its webhook faults (docs/contract.md §13) bend them:
 * delay_seconds moves the first attempt later (sandbox time, so advancing the clock brings it);
 * shuffle adds a random wait within the window and takes each delivery out of its link's lane, so
 * the link's events go in whatever order their waits fall; duplicate makes a second delivery of
 * the same event, which carries the same webhook-id.
 */
export function endpointDeliveries(
  endpoint: WebhookEndpoint,
  firstAttempt: number,
  make: (firstAttempt: number) => WebhookDelivery,
): WebhookDelivery[] {
  const faults = endpoint.faults;
  if (!faults) return [make(firstAttempt)];
  const one = (): WebhookDelivery => {
    const shuffleWait = faults.shuffle ? Math.floor(Math.random() * SHUFFLE_WINDOW_SECONDS * 1000) : 0;
    const delivery = make(firstAttempt + faults.delay_seconds * 1000 + shuffleWait);
    return faults.shuffle ? { ...delivery, unordered: true } : delivery;
  };
  const first = one();
  return faults.duplicate ? [first, { ...one(), duplicate: true }] : [first];
}

/**
 * A webhook-signature of the right form that verifies under no secret of the endpoint: an HMAC of
 * the right content under a key made for this attempt alone.
 */
export function forgedSignature(eventId: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', randomBytes(24))
    .update(`${eventId}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}
