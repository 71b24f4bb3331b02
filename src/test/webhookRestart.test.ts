import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { test } from 'node:test';
import { createLink, eventually, startTestSandbox } from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

test('a delivery cut off mid-attempt by a stop is sent again after the restart', async () => {
  // The first request hangs: the sandbox stops while that attempt is on the wire.
  const receiver = await WebhookReceiver.start({ plan: inSequence('hang', 200) });
  const first = await startTestSandbox({ webhookEndpoints: [{ url: receiver.url }] });
  const dataDir = first.dir as string;
  try {
    const link = await createLink(first);
    await first.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    await eventually(
      async () => (receiver.inFlight === 1 ? true : undefined),
      'the first attempt to be on the wire',
    );
    const [delivery] = [...first.core.store.state.deliveries.values()];
    assert.ok(delivery);
    assert.equal(first.core.presentDelivery(delivery).status, 'delivering', 'shown as on the wire');
    assert.equal(
      delivery.status,
      'queued',
      'the store still holds it as waiting: nothing is journaled for the attempt',
    );
    await first.stop({ keepDir: true });

    const second = await startTestSandbox({ dataDir, webhookEndpoints: [{ url: receiver.url }] });
    try {
      const done = await eventually(async () => {
        const d = second.core.store.state.deliveries.get(delivery.id);
        return d?.status === 'delivered' ? d : undefined;
      }, 'the delivery after the restart');
      // At least once: the same event again, and the completed attempt is the one recorded.
      const ids = receiver.requests.map((r) => r.headers['webhook-id']);
      assert.deepEqual(ids, [delivery.event_id, delivery.event_id]);
      assert.equal(done.attempts.length, 1);
      assert.equal(done.attempts[0]?.response?.status, 200);
    } finally {
      await second.stop({ keepDir: true });
    }
  } finally {
    await receiver.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
