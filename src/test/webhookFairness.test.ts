// Webhook delivery beside a neighbour that misbehaves (issue 10): an endpoint that never answers
// holds only its own slots, and a queue of ten thousand drains without the worker looking at every
// waiting delivery on each pass. Real sandbox, real receivers on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpointControls } from '../core/webhooks/endpointControls';
import type { WebhookEvent } from '../shared/types';
import { eventually, startTestSandbox, type TestSandbox } from './harness';
import { link } from './linkFixture';
import { WebhookReceiver } from './webhookReceiver';

async function addEndpoint(sandbox: TestSandbox, url: string) {
  const { endpoint, ops } = endpointControls.create({ url }, sandbox.clock.now());
  await sandbox.core.store.commit(ops);
  return endpoint;
}

/** Paid links and their events, straight into the store: the outbox makes the deliveries. */
async function paidLinks(sandbox: TestSandbox, count: number, from = 0): Promise<void> {
  for (let start = from; start < from + count; start += 1000) {
    const ops = [];
    for (let i = start; i < Math.min(from + count, start + 1000); i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const paid = link(id, { status: 'succeeded', paid_at: new Date().toISOString() });
      const event: WebhookEvent = {
        id: `evt_${String(i).padStart(32, '0')}`,
        type: 'payment_link.paid',
        timestamp: new Date().toISOString(),
        data: paid,
      };
      ops.push({ op: 'link' as const, v: paid }, { op: 'event' as const, v: event });
    }
    await sandbox.core.store.commit(ops);
  }
}

describe('a hanging endpoint beside a healthy one', () => {
  let sandbox: TestSandbox;
  let hanging: WebhookReceiver;
  let healthy: WebhookReceiver;

  before(async () => {
    hanging = await WebhookReceiver.start({ plan: () => 'hang' });
    healthy = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true, deliveryTimeoutMs: 60_000 });
    await sandbox.core.updateSettings({ delivery_concurrency: 2 });
  });
  after(async () => {
    await sandbox.stop();
    await hanging.stop();
    await healthy.stop();
  });

  test('the healthy endpoint gets every event while the hanging one still holds its first attempts', async () => {
    const stuck = await addEndpoint(sandbox, hanging.url);
    const fine = await addEndpoint(sandbox, healthy.url);
    await paidLinks(sandbox, 40);
    await eventually(
      async () => (healthy.requests.length >= 40 ? true : undefined),
      'all 40 at the healthy endpoint',
      500,
    );

    assert.equal(new Set(healthy.requests.map((r) => r.json.id)).size, 40, 'each event once');
    // With one shared set of slots the hanging endpoint's attempts would have filled them, and the
    // healthy one would have waited for their 60 s timeout.
    assert.equal(hanging.inFlight, 2, 'the hanging endpoint holds its own two slots, no more');
    const deliveries = [...sandbox.core.store.state.deliveries.values()];
    const stuckOnes = deliveries.filter((d) => d.endpoint_id === stuck.id);
    assert.equal(stuckOnes.length, 40);
    assert.ok(
      stuckOnes.every((d) => d.attempts.length === 0),
      'no attempt to the hanging endpoint has ended',
    );
    const onWire = stuckOnes.filter((d) => sandbox.core.presentDelivery(d).status === 'delivering');
    assert.equal(onWire.length, 2, 'two show as delivering, the rest wait');
    const fineOnes = deliveries.filter((d) => d.endpoint_id === fine.id);
    await eventually(
      async () =>
        fineOnes.every((d) => sandbox.core.store.state.deliveries.get(d.id)?.status === 'delivered') ||
        undefined,
      'the healthy deliveries recorded as delivered',
    );
  });

  test('a delivery on the wire cannot be resent, retried or deleted, and says why', async () => {
    const onWire = [...sandbox.core.store.state.deliveries.values()].find((d) =>
      sandbox.core.deliveries.isOnWire(d.id),
    );
    assert.ok(onWire);
    for (const [method, path] of [
      ['POST', `/deliveries/${onWire.id}/resend`],
      ['POST', `/deliveries/${onWire.id}/retry`],
      ['DELETE', `/deliveries/${onWire.id}`],
    ] as const) {
      const res = await sandbox.consoleApi(method, path, method === 'POST' ? {} : undefined);
      assert.equal(res.status, 409, `${method} ${path}`);
      assert.match(res.body.error.message, /is being attempted right now/);
    }
    const shown = await sandbox.consoleApi('GET', `/deliveries/${onWire.id}`);
    assert.equal(shown.body.data.status, 'delivering');
  });
});

describe('ten thousand waiting deliveries', () => {
  let sandbox: TestSandbox;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true });
    await addEndpoint(sandbox, receiver.url);
  });
  after(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  test('drain to the receiver, each once, never more at once than the concurrency allows', async () => {
    await sandbox.consoleApi('POST', '/queue/pause', {});
    await paidLinks(sandbox, 10_000);
    assert.equal(receiver.requests.length, 0, 'nothing goes out while paused');
    await sandbox.consoleApi('POST', '/queue/resume', {});
    await eventually(
      async () => (receiver.requests.length >= 10_000 ? true : undefined),
      'all 10,000 at the receiver',
      3000,
    );
    const ids = new Set(receiver.requests.map((r) => r.json.id));
    assert.equal(ids.size, 10_000, 'each event once');
    assert.ok(receiver.maxInFlight <= 8, `at most 8 at once (saw ${receiver.maxInFlight})`);
    await eventually(
      async () =>
        [...sandbox.core.store.state.deliveries.values()].every((d) => d.status === 'delivered') || undefined,
      'every delivery recorded as delivered',
      500,
    );
  });
});
