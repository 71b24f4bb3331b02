// A webhook receiver for Payment Links with Express 5: `WEBHOOK_SECRET=whsec_… node express.mjs`.
//
// It verifies the Standard Webhooks signature over the raw body, applies each event once (by
// webhook-id), ignores event types it does not know, and never moves an order's final state back.
// GET /orders/:reference_id answers {status, events} so a test (or an endpoint check) can read the effect.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';

const SECRET = process.env.WEBHOOK_SECRET;
if (!SECRET) throw new Error('set WEBHOOK_SECRET to the endpoint’s whsec_ secret');
const TOLERANCE_SECONDS = 5 * 60;

/** Throws with the reason unless the webhook is genuine and fresh; body is the raw bytes as received. */
function verify(secret, header, body, now = Date.now()) {
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

/** The status each event type brings, and how far along it is: a link only ever moves up. */
const STATUS_OF = {
  'payment_link.paid': 'succeeded',
  'payment_link.failed': 'failed',
  'payment_link.expired': 'expired',
  'payment_link.canceled': 'canceled',
};
const RANK = { pending: 0, failed: 1, succeeded: 2, expired: 2, canceled: 2 };

// In memory for the example; in an app, your database (a unique key on webhook-id does the dedupe).
const orders = new Map();
const seen = new Set();

function apply(id, event) {
  const status = STATUS_OF[event.type];
  if (!status) return; // a type this receiver does not know: acknowledged, ignored
  const key = event.data.reference_id ?? event.data.id;
  const order = orders.get(key) ?? { status: 'pending', events: [] };
  // An event older than what the order already shows (canceled, then a late failed) changes nothing.
  if (RANK[status] > RANK[order.status]) order.status = status;
  order.events.push(id);
  orders.set(key, order);
}

const app = express();

// express.raw keeps the body as the bytes that were signed; express.json would re-serialise them.
app.post('/webhooks', express.raw({ type: '*/*' }), (req, res) => {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  try {
    verify(SECRET, (name) => req.get(name), body);
  } catch (err) {
    // 4xx, never 5xx: a bad signature will not get better by being retried.
    return res.status(400).json({ error: err.message });
  }
  const id = req.get('webhook-id');
  // The same event again (a retry, a duplicate): already applied, so only acknowledge it.
  if (seen.has(id)) return res.status(204).end();
  let event;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    return res.status(400).json({ error: 'the body is not JSON' });
  }
  apply(id, event);
  seen.add(id);
  // The work is light (memory); slow work (mail, fulfilment) belongs after the answer, on a queue.
  res.status(204).end();
});

app.get('/orders/:reference_id', (req, res) => {
  const order = orders.get(req.params.reference_id);
  if (!order) return res.status(404).json({ error: `no webhook has named order ${req.params.reference_id}` });
  res.json(order);
});

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`Receiver listening on http://127.0.0.1:${server.address().port}`);
});
