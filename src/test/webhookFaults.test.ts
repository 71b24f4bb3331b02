import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver, type ReceivedRequest } from './webhookReceiver';

// docs/contract.md §13: webhook faults per endpoint, set through the console API's endpoint settings.

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let endpoint: { id: string; secret: string };

before(async () => {
  receiver = await WebhookReceiver.start({
    // The failed event is refused every time: the link's later event must not wait behind it.
    plan: (request) => (request.json?.type === 'payment_link.failed' ? 500 : 200),
  });
  sandbox = await startTestSandbox({ inMemory: true });
  endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: receiver.url })).body.data;
});
after(async () => {
  await sandbox.stop();
  await receiver.stop();
});
afterEach(async () => {
  const off = { duplicate: false, delay_seconds: 0, shuffle: false, bad_signature: false };
  await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { faults: off });
  receiver.requests.length = 0;
});

const setFaults = async (faults: Record<string, unknown>) => {
  const res = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { faults });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
};
const pay = async () => {
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
  return link;
};
const deliveriesOf = async (linkId: string) =>
  (await sandbox.consoleApi('GET', '/deliveries')).body.data.filter((d: any) => d.link_id === linkId);
const verifies = (request: ReceivedRequest): boolean => {
  try {
    new Webhook(endpoint.secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

test('duplicate delivers each event twice with the same webhook-id', async () => {
  const changed = await setFaults({ duplicate: true });
  assert.deepEqual(changed.faults, {
    duplicate: true,
    delay_seconds: 0,
    shuffle: false,
    bad_signature: false,
  });
  const link = await pay();
  const [first, second] = await receiver.waitForRequests(2, 'both copies');
  assert.ok(first && second);
  assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
  assert.equal(first.body, second.body);
  assert.ok(verifies(first) && verifies(second));
  const deliveries = await deliveriesOf(link.id);
  assert.equal(deliveries.length, 2);
  assert.equal(deliveries.filter((d: any) => d.duplicate === true).length, 1);
});

test('delay_seconds holds the first attempt that long in sandbox time', async () => {
  await setFaults({ delay_seconds: 600 });
  const link = await pay();
  const [delivery] = await deliveriesOf(link.id);
  assert.equal(Date.parse(delivery.next_attempt_at) - Date.parse(delivery.created_at), 600_000);
  assert.equal(delivery.status, 'queued');
  assert.equal(receiver.requests.length, 0);
  await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 600 } });
  await receiver.waitForRequests(1, 'the delayed delivery');
});

test("shuffle lets a link's later event go before its earlier one", async () => {
  await setFaults({ shuffle: true });
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  const deliveries = await deliveriesOf(link.id);
  assert.ok(deliveries.every((d: any) => d.unordered === true));
  // Every shuffled wait falls within 5 s of sandbox time.
  await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 5 } });
  await eventually(async () => {
    const now = await deliveriesOf(link.id);
    const canceled = now.find((d: any) => d.event_type === 'payment_link.canceled');
    const failed = now.find((d: any) => d.event_type === 'payment_link.failed');
    return canceled?.status === 'delivered' && failed?.status !== 'delivered' ? true : undefined;
  }, 'the canceled event delivered while the failed one still retries');
});

test('without shuffle, the later event waits behind the earlier one (the lane)', async () => {
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  await receiver.waitForRequests(1, 'the failed event', (r) => r.json?.data?.id === link.id);
  const canceled = (await deliveriesOf(link.id)).find((d: any) => d.event_type === 'payment_link.canceled');
  assert.equal(canceled.status, 'queued');
});

test('bad_signature sends a signature the standardwebhooks verifier refuses', async () => {
  await setFaults({ bad_signature: true });
  await pay();
  const [bad] = await receiver.waitForRequests(1, 'the badly signed delivery');
  assert.ok(bad);
  assert.match(bad.headers['webhook-signature'] ?? '', /^v1,[A-Za-z0-9+/]+=*$/, 'well-formed, yet wrong');
  assert.equal(verifies(bad), false);
  await setFaults({ bad_signature: false });
  await pay();
  const [, good] = await receiver.waitForRequests(2, 'a delivery after the fault is off');
  assert.ok(good && verifies(good));
});

describe('endpoint faults', () => {
  test('bad values get a clear 400 naming the field', async () => {
    const negative = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, {
      faults: { delay_seconds: -1 },
    });
    assert.equal(negative.status, 400);
    assert.equal(negative.body.error.param, 'faults.delay_seconds');
    const unknown = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, {
      faults: { reorder: true },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');
    assert.equal(unknown.body.error.param, 'faults.reorder');
  });

  test('an endpoint with every fault off carries none; export and import carry those on', async () => {
    const off = (await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}`)).body.data;
    assert.equal(off.faults, undefined);
    await setFaults({ shuffle: true, delay_seconds: 3 });
    const file = JSON.parse((await sandbox.api('GET', '/_console/api/store/export', { key: null })).text);
    const target = await startTestSandbox({ inMemory: true });
    try {
      const res = await target.api('POST', '/_console/api/store/import', {
        raw: JSON.stringify(file),
        key: null,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 200, res.text);
      const imported = (await target.consoleApi('GET', `/endpoints/${endpoint.id}`)).body.data;
      assert.deepEqual(imported.faults, {
        duplicate: false,
        delay_seconds: 3,
        shuffle: true,
        bad_signature: false,
      });
    } finally {
      await target.stop();
    }
  });
});
