import { createHmac, randomBytes } from 'node:crypto';
import { SHUFFLE_WINDOW_SECONDS, type EndpointFaults } from '../../shared/faults';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/types';
import { drawsFor, type Draw } from '../faults/seededDraws';

/**
 * Shuffle's draws per endpoint faults as saved: saving an endpoint's faults (or starting the
 * sandbox) starts its seed's sequence over, and each delivery made for it takes the next draw.
 */
const shuffleDraws = new WeakMap<EndpointFaults, Draw>();

function shuffleDraw(faults: EndpointFaults): Draw {
  let draw = shuffleDraws.get(faults);
  if (!draw) {
    draw = drawsFor(faults.seed);
    shuffleDraws.set(faults, draw);
  }
  return draw;
}

/**
 * The deliveries one event makes for one endpoint, as its webhook faults (docs/contract.md §13) bend them:
 * delay_seconds moves the first attempt later (sandbox time, so advancing the clock brings it);
 * shuffle adds a random wait within the window (drawn from the faults' seed when they have one)
 * and takes each delivery out of its link's lane, so the link's events go in the order their waits
 * fall; duplicate makes a second delivery of the same event, which carries the same webhook-id.
 */
export function endpointDeliveries(
  endpoint: WebhookEndpoint,
  firstAttempt: number,
  make: (firstAttempt: number) => WebhookDelivery,
): WebhookDelivery[] {
  const faults = endpoint.faults;
  if (!faults) return [make(firstAttempt)];
  const one = (): WebhookDelivery => {
    // At least 1 ms: a shuffled delivery never falls due the moment it is made, so a frozen clock
    // holds every one until it is advanced (a draw below 1/5000 floored to 0 let one through).
    const shuffleWait = faults.shuffle
      ? Math.max(1, Math.ceil(shuffleDraw(faults)() * SHUFFLE_WINDOW_SECONDS * 1000))
      : 0;
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
