// A link's detail lists that link's webhook events and deliveries, and only those, however they came
// and went: made by a payment, resent, deleted one by one or by Clear history, after a restart and
// after an import (the store keeps each link's ids beside the records, so the detail walks nothing).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
before(async () => {
  receiver = await WebhookReceiver.start();
  sandbox = await startTestSandbox();
  await sandbox.consoleApi('POST', '/endpoints', { url: receiver.url });
});
after(async () => {
  await sandbox.stop();
  await receiver.stop();
});

interface Detail {
  events: { id: string; type: string; data: { id: string } }[];
  deliveries: { id: string; link_id: string; event_id: string; status: string; series: number }[];
}

async function detail(on: TestSandbox, id: string): Promise<Detail> {
  const res = await on.consoleApi('GET', `/links/${id}`);
  assert.equal(res.status, 200);
  return res.body.data as Detail;
}

async function delivered(on: TestSandbox, id: string, count: number): Promise<Detail> {
  return eventually(async () => {
    const seen = await detail(on, id);
    return seen.deliveries.length === count && seen.deliveries.every((d) => d.status === 'delivered')
      ? seen
      : undefined;
  }, `${count} delivered deliveries for ${id}`);
}

test("a link's detail holds its own events and deliveries through resend, delete, clear, restart and import", async () => {
  const paid = (await createLink(sandbox, { title: 'Paid' })).id as string;
  const failed = (await createLink(sandbox, { title: 'Failed' })).id as string;
  const untouched = (await createLink(sandbox, { title: 'Untouched' })).id as string;
  const simulate = async (id: string, event: string) =>
    assert.equal(
      (await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: id, event } })).status,
      200,
    );
  await simulate(paid, 'paid');
  const first = await delivered(sandbox, paid, 1);
  assert.deepEqual(
    first.events.map((e) => [e.type, e.data.id]),
    [['payment_link.paid', paid]],
  );
  assert.equal(first.deliveries[0]?.event_id, first.events[0]?.id);
  // With the queue paused, the failed link's delivery waits, so it can be deleted.
  assert.equal((await sandbox.consoleApi('POST', '/queue/pause', {})).status, 200);
  await simulate(failed, 'failed');
  const waiting = await detail(sandbox, failed);
  assert.deepEqual(
    waiting.events.map((e) => [e.type, e.data.id]),
    [['payment_link.failed', failed]],
  );
  assert.deepEqual(
    waiting.deliveries.map((d) => d.status),
    ['paused'],
  );
  const none = await detail(sandbox, untouched);
  assert.deepEqual([none.events, none.deliveries], [[], []], 'a link with no event has none listed');

  assert.equal((await sandbox.consoleApi('DELETE', `/deliveries/${waiting.deliveries[0]?.id}`)).status, 200);
  assert.deepEqual((await detail(sandbox, failed)).deliveries, [], 'the deleted delivery leaves its link');
  assert.equal((await detail(sandbox, failed)).events.length, 1, 'its event stays');
  assert.deepEqual(
    (await detail(sandbox, paid)).deliveries.map((d) => d.id),
    [first.deliveries[0]?.id],
    'the other link keeps its own',
  );
  assert.equal((await sandbox.consoleApi('POST', '/queue/resume', {})).status, 200);

  // A resend is a new series of attempts on the same delivery, not a second delivery.
  const resent = await sandbox.consoleApi('POST', `/deliveries/${first.deliveries[0]?.id}/resend`, {});
  assert.equal(resent.status, 200);
  const again = await eventually(async () => {
    const seen = await delivered(sandbox, paid, 1);
    return seen.deliveries[0]?.series === 2 ? seen : undefined;
  }, 'the resent series delivered');
  assert.equal(again.deliveries[0]?.id, first.deliveries[0]?.id);
  assert.equal(again.events.length, 1, 'still one event');

  // A restart reads the same from the data folder.
  const dataDir = sandbox.dir as string;
  await sandbox.stop({ keepDir: true });
  sandbox = await startTestSandbox({ dataDir });
  const reopened = await detail(sandbox, paid);
  assert.deepEqual(
    reopened.deliveries.map((d) => d.id),
    [first.deliveries[0]?.id],
  );
  assert.deepEqual(
    reopened.events.map((e) => e.id),
    [first.events[0]?.id],
  );

  // An import into a fresh sandbox rebuilds the same, for every link.
  const file = (await sandbox.api('GET', '/_console/api/store/export', { key: null })).text;
  const target = await startTestSandbox();
  try {
    const imported = await target.api('POST', '/_console/api/store/import', {
      key: null,
      raw: file,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(imported.status, 200, imported.text);
    for (const id of [paid, failed, untouched]) {
      const there = await detail(target, id);
      const here = await detail(sandbox, id);
      assert.deepEqual(
        there.events.map((e) => e.id),
        here.events.map((e) => e.id),
        `events of ${id}`,
      );
      assert.deepEqual(
        there.deliveries.map((d) => d.id),
        here.deliveries.map((d) => d.id),
        `deliveries of ${id}`,
      );
    }
  } finally {
    await target.stop();
  }

  // Clear history removes every finished delivery; the events stay.
  assert.equal((await sandbox.consoleApi('DELETE', '/deliveries')).status, 200);
  const cleared = await detail(sandbox, paid);
  assert.equal(cleared.deliveries.length, 0, 'the delivered delivery is cleared');
  assert.equal(cleared.events.length, 1, 'the event stays');
});
