// The receiver behind the two Next.js App Router routes (app/api/webhooks/route.ts and
// app/orders/[reference_id]/route.ts): Standard Webhooks verification over the raw body, each event
// applied once (by webhook-id), unknown types ignored, and an order's final state never moved back.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/** Throws with the reason unless the webhook is genuine and fresh; body is the raw bytes as received. */
export function verify(
  secret: string,
  header: (name: string) => string | null | undefined,
  body: Buffer,
  now = Date.now(),
): void {
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new Error('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new Error('webhook-timestamp is not a number of seconds');
  // A replayed old request, or a clock far off: either way the signature proves nothing now.
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw new Error('webhook-timestamp is more than 5 minutes from now');
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  for (const signature of signatures.split(' ')) {
    if (!signature.startsWith('v1,')) continue;
    const given = Buffer.from(signature.slice(3), 'base64');
    // timingSafeEqual takes as long whatever the first differing byte: no timing oracle.
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new Error('no v1 signature matches: the body, the headers or the secret differ');
}

type Status = 'pending' | 'succeeded' | 'failed' | 'expired' | 'canceled';

/** The status each event type brings, and how far along it is: a link only ever moves up. */
const STATUS_OF: Record<string, Status> = {
  'payment_link.paid': 'succeeded',
  'payment_link.failed': 'failed',
  'payment_link.expired': 'expired',
  'payment_link.canceled': 'canceled',
};
const RANK: Record<Status, number> = { pending: 0, failed: 1, succeeded: 2, expired: 2, canceled: 2 };

export interface Order {
  status: Status;
  /** The webhook-ids this order has seen, once each. */
  events: string[];
}

interface PaymentLinkEvent {
  type: string;
  data: { id: string; reference_id: string | null };
}

// In memory for the example; in an app, your database (a unique key on webhook-id does the dedupe).
// Kept on globalThis because `next dev` may load this module once per route.
const memory = globalThis as typeof globalThis & {
  receiver?: { orders: Map<string, Order>; seen: Set<string> };
};
const { orders, seen } = (memory.receiver ??= { orders: new Map<string, Order>(), seen: new Set<string>() });

export const orderOf = (referenceId: string): Order | undefined => orders.get(referenceId);

/** Applies a verified event unless its webhook-id was applied before (a retry, a duplicate). */
export function applyOnce(id: string, event: PaymentLinkEvent): void {
  if (seen.has(id)) return;
  const status = STATUS_OF[event.type];
  if (status) {
    const key = event.data.reference_id ?? event.data.id;
    const order: Order = orders.get(key) ?? { status: 'pending', events: [] };
    // An event older than what the order already shows (canceled, then a late failed) changes nothing.
    if (RANK[status] > RANK[order.status]) order.status = status;
    order.events.push(id);
    orders.set(key, order);
  }
  // A type this receiver does not know is acknowledged and ignored.
  seen.add(id);
}
