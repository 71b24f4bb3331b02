import assert from 'node:assert/strict';
import type { StoreCounts } from '../shared/dataFolder';
import { after, test } from 'node:test';
import { startTestSandbox, type TestSandbox } from './harness';

const running: TestSandbox[] = [];
after(() => Promise.all(running.map((s) => s.stop())));

async function counts(sandbox: TestSandbox) {
  return (await sandbox.consoleApi('GET', '/server')).body.data.counts as StoreCounts;
}

test('webhook events are kept up to event_retention (plus a tenth, at least 100), newest first; one a kept delivery sends stays', async () => {
  const sandbox = await startTestSandbox({ port: 0 });
  running.push(sandbox);
  await sandbox.core.updateSettings({ event_retention: 100, webhook_retry_schedule_seconds: [3600] });
  const endpoint = await sandbox.consoleApi('POST', '/endpoints', {
    url: 'http://127.0.0.1:9/never',
    event_types: ['payment_link.paid'],
  });
  assert.equal(endpoint.status, 201);
  const paid = async () => {
    const link = (await sandbox.api('POST', '/payment-links', { body: { amount: 1000, title: 'x' } })).body
      .data;
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    return link.id as string;
  };
  // The first event's delivery waits an hour for its attempt; later events make no delivery.
  const first = await paid();
  await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.body.data.id}`, { enabled: false });
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) ids.push(await paid());
  const { events } = await counts(sandbox);
  assert.ok(events <= 200 && events >= 100, `events bounded: ${events}`);
  const newest = await sandbox.consoleApi('GET', `/links/${ids.at(-1)}`);
  assert.equal(newest.body.data.events.length, 1, "the newest link's event is kept");
  const oldest = await sandbox.consoleApi('GET', `/links/${ids[0]}`);
  assert.equal(oldest.body.data.events.length, 0, "the oldest link's event is gone");
  const waiting = await sandbox.consoleApi('GET', `/links/${first}`);
  assert.equal(waiting.body.data.events.length, 1, 'the event a waiting delivery will send is kept');
});

test('Idempotency-Key responses are forgotten after 24 hours, in memory too, and the oldest early past idempotency_retention', async () => {
  const sandbox = await startTestSandbox({ port: 0 });
  running.push(sandbox);
  await sandbox.core.updateSettings({ idempotency_retention: 1000 });
  const create = (key: string) =>
    sandbox.api('POST', '/payment-links', {
      body: { amount: 1000, title: key },
      headers: { 'idempotency-key': key },
    });
  for (let i = 0; i < 1200; i++) assert.equal((await create(`k-${i}`)).status, 201);
  assert.equal((await counts(sandbox)).idempotency_records, 1000);
  const newest = await create('k-1199');
  assert.equal(newest.headers.get('idempotent-replayed'), 'true', 'the newest is still replayed');
  const oldest = await create('k-0');
  assert.equal(oldest.headers.get('idempotent-replayed'), null, 'the oldest was forgotten early');

  sandbox.clock.advance(24 * 3600 * 1000 + 1000);
  await create('after-a-day');
  assert.equal((await counts(sandbox)).idempotency_records, 1, 'expired responses leave memory');
});
