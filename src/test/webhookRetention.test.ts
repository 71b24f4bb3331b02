import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLink, eventually, startTestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

test('the newest delivery_retention deliveries are kept; waiting ones are never dropped', async () => {
  const up = await WebhookReceiver.start();
  const down = await WebhookReceiver.start();
  await down.stop();
  const sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: up.url }] });
  try {
    await sandbox.core.updateSettings({ delivery_retention: 100, webhook_retry_schedule_seconds: [0, 600] });
    // An endpoint that is down and wants only failed events: its three deliveries wait (retry in 10 minutes).
    const stuck = (
      await sandbox.api('POST', '/_console/api/endpoints', {
        key: null,
        body: { url: down.url, event_types: ['payment_link.failed'] },
      })
    ).body.data;
    for (let i = 0; i < 3; i++) {
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
    }
    for (let i = 0; i < 110; i++) {
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    }
    await eventually(
      async () =>
        up.requests.length >= 113 && sandbox.core.deliveries.inFlightCount === 0 ? true : undefined,
      'every delivery to the live endpoint',
      500,
    );
    const all = [...sandbox.core.store.state.deliveries.values()];
    assert.ok(all.length <= 103, `${all.length} kept`);
    const stillWaiting = all.filter((d) => d.endpoint_id === stuck.id);
    assert.equal(stillWaiting.length, 3, 'the waiting deliveries are all kept');
    const newest = [...up.requests].at(-1);
    assert.ok(
      all.some((d) => d.event_id === newest?.headers['webhook-id']),
      'the newest delivery is kept',
    );
  } finally {
    await sandbox.stop();
    await up.stop();
  }
});
