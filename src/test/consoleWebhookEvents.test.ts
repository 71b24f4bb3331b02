import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLink, eventually, fileSandbox } from './harness';
import { fileReceiver } from './receiverSandbox';

const receiver = fileReceiver();
const sandbox = fileSandbox();

test('every recorded event is listed newest first, with its deliveries or none', async () => {
  const unheard = await createLink(sandbox, { title: 'Nobody listening' });
  await sandbox.api('POST', `/payment-links/${unheard.id}/cancel`);
  await sandbox.consoleApi('POST', '/endpoints', { url: receiver.url });
  const heard = await createLink(sandbox, { title: 'Somebody listening' });
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: heard.id, event: 'paid' } });
  await eventually(async () => (receiver.requests.length === 1 ? true : undefined), 'the delivery');

  const res = await sandbox.consoleApi('GET', '/webhook-events');
  assert.equal(res.status, 200);
  const { events, total } = res.body.data;
  assert.equal(total, 2);
  assert.deepEqual(
    events.map((e: any) => [e.type, e.link_title, e.deliveries.map((d: any) => d.status)]),
    [
      ['payment_link.paid', 'Somebody listening', ['delivered']],
      ['payment_link.canceled', 'Nobody listening', []],
    ],
  );
  const limited = await sandbox.consoleApi('GET', '/webhook-events?limit=1');
  assert.equal(limited.body.data.events.length, 1);
  assert.equal(limited.body.data.total, 2);
  const bad = await sandbox.consoleApi('GET', '/webhook-events?limit=0');
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /limit/);
});
