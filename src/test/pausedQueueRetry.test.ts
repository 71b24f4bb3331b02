// Retry now while the queue is paused (issue 13): that one delivery goes, alone; the rest stay
// paused; one held behind an earlier delivery of its link is refused with a sentence naming it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, eventually, simulate, sleep, type TestSandbox } from './harness';
import { startWithReceiver } from './receiverSandbox';
import type { WebhookReceiver } from './webhookReceiver';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
before(async () => {
  ({ sandbox, receiver, stop } = await startWithReceiver({ endpoint: true }));
});
// Each test sets the queue as it needs it, so any one of them runs alone (--test-only) as it does here.
const pause = () => sandbox.consoleApi('POST', '/queue/pause');
const resume = () => sandbox.consoleApi('POST', '/queue/resume');
after(() => stop());

const deliveriesOf = async (linkId: string) =>
  (await sandbox.consoleApi('GET', `/deliveries?link_id=${linkId}`)).body.data as {
    id: string;
    status: string;
    event_type: string;
  }[];

test('retry now sends one paused delivery through the paused queue, and only that one', async () => {
  await pause();
  const first = await createLink(sandbox);
  const second = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: first.id, event: 'paid' } });
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: second.id, event: 'paid' } });
  const [pushed] = await deliveriesOf(first.id);
  assert.equal(pushed?.status, 'paused');

  const answer = await sandbox.consoleApi('POST', `/deliveries/${pushed.id}/retry`);
  assert.equal(answer.status, 200);
  assert.equal(answer.body.data.status, 'delivering', 'the answer says it is going, not paused');
  const [arrived] = await receiver.waitForRequests(1, "the pushed delivery's webhook");
  assert.equal(arrived?.json.data.id, first.id);
  await eventually(
    async () => ((await deliveriesOf(first.id))[0]?.status === 'delivered' ? true : undefined),
    'the pushed delivery recorded as delivered',
  );

  await sleep(300);
  assert.equal(receiver.requests.length, 1, 'nothing else left the paused queue');
  assert.equal((await deliveriesOf(second.id))[0]?.status, 'paused');
  assert.equal((await sandbox.consoleApi('GET', '/queue')).body.data.paused, true);
});

test('a delivery held behind an earlier one of its link is refused while paused, naming that one', async () => {
  await pause();
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  const rows = await deliveriesOf(link.id);
  const failed = rows.find((d) => d.event_type === 'payment_link.failed');
  const canceled = rows.find((d) => d.event_type === 'payment_link.canceled');
  assert.ok(failed && canceled, 'a failed and a canceled delivery');

  const refused = await sandbox.consoleApi('POST', `/deliveries/${canceled.id}/retry`);
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error.code, 'invalid_state_transition');
  assert.match(refused.body.error.message, new RegExp(`earlier delivery of the same link.*${failed.id}`));
  assert.match(refused.body.error.message, /resume the queue/);

  const before = receiver.requests.length;
  await sandbox.consoleApi('POST', `/deliveries/${failed.id}/retry`);
  await receiver.waitForRequests(before + 1, 'the earlier one, pushed');
  assert.equal(receiver.requests.at(-1)?.json.type, 'payment_link.failed');
  await eventually(
    async () => ((await deliveriesOf(link.id)).some((d) => d.status === 'delivered') ? true : undefined),
    'the failed event delivered',
  );
  const pushed = await sandbox.consoleApi('POST', `/deliveries/${canceled.id}/retry`);
  assert.equal(pushed.status, 200, 'once the earlier one is through, the later one may go');
  await receiver.waitForRequests(before + 2, 'the later one, pushed');
  assert.equal(receiver.requests.at(-1)?.json.type, 'payment_link.canceled');
});

test('on resume the queue runs as before: what was left paused goes out', async () => {
  await pause();
  const link = await createLink(sandbox);
  await simulate(sandbox, link.id, 'paid');
  assert.equal((await deliveriesOf(link.id))[0]?.status, 'paused');
  await resume();
  await receiver.waitForRequests(1, 'the delivery left paused', (r) => r.json?.data?.id === link.id);
});

test('with the queue running, retry now is refused when the delivery could not go now, saying why', async () => {
  await resume();
  receiver.plan = () => 500;
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
  const failedFirst = await eventually(async () => {
    const rows = await deliveriesOf(link.id);
    return rows.find((d) => d.event_type === 'payment_link.failed' && d.status === 'retrying');
  }, 'the failed event retrying');
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  const canceled = (await deliveriesOf(link.id)).find((d) => d.event_type === 'payment_link.canceled');
  assert.ok(canceled);

  const held = await sandbox.consoleApi('POST', `/deliveries/${canceled.id}/retry`);
  assert.equal(held.status, 409);
  assert.match(
    held.body.error.message,
    new RegExp(`\\(${failedFirst.id}, retrying\\): retry or delete ${failedFirst.id} first\\.$`),
  );

  const endpoint = (await sandbox.consoleApi('GET', '/endpoints')).body.data[0];
  await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { enabled: false });
  const disabled = await sandbox.consoleApi('POST', `/deliveries/${failedFirst.id}/retry`);
  assert.equal(disabled.status, 409);
  assert.match(disabled.body.error.message, /endpoint .* is disabled\. Enable the endpoint first\./);

  await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { enabled: true });
  receiver.plan = () => 200;
  const before = receiver.requests.length;
  assert.equal((await sandbox.consoleApi('POST', `/deliveries/${failedFirst.id}/retry`)).status, 200);
  await receiver.waitForRequests(before + 2, 'the earlier delivery, then the one held behind it');
});
