// The delivery list in order of last change (issue 13): what the Webhooks screen shows, so a
// resent delivery comes to the top; the default order stays store order for API readers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, eventually, type TestSandbox } from './harness';
import { startWithReceiver } from './receiverSandbox';
import type { WebhookReceiver } from './webhookReceiver';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
before(async () => {
  ({ sandbox, receiver, stop } = await startWithReceiver({ endpoint: true }));
});
after(() => stop());

const ids = async (query: string) =>
  ((await sandbox.consoleApi('GET', `/deliveries${query}`)).body.data as { id: string }[]).map((d) => d.id);

test('order=updated puts a resent delivery first; the default order does not move it', async () => {
  for (let i = 0; i < 3; i++) {
    const link = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    sandbox.clock.advance(1000);
  }
  await receiver.waitForRequests(3, 'three webhooks');
  const created = await ids('');
  await eventually(
    async () => ((await ids('?status=delivered')).length === 3 ? true : undefined),
    'all three delivered',
  );
  assert.deepEqual(await ids('?order=updated'), created, 'untouched, both orders agree');

  const oldest = created.at(-1) as string;
  sandbox.clock.advance(1000);
  assert.equal((await sandbox.consoleApi('POST', `/deliveries/${oldest}/resend`)).status, 200);
  assert.deepEqual(await ids('?order=updated'), [oldest, ...created.slice(0, 2)]);
  assert.deepEqual(await ids(''), created, 'store order stays as it was');
  assert.deepEqual(await ids('?order=updated&per_page=1&page=2'), [created[0]]);
});

test('bad order values and a cursor with order=updated get a clear 400', async () => {
  const bad = await sandbox.consoleApi('GET', '/deliveries?order=newest');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.param, 'order');
  assert.match(bad.body.error.message, /created.*updated/);
  const cursor = await sandbox.consoleApi('GET', '/deliveries?order=updated&before_seq=3');
  assert.equal(cursor.status, 400);
  assert.equal(cursor.body.error.param, 'before_seq');
  assert.match(cursor.body.error.message, /page by page number/);
});
