// Many links at once from the console (issue 11, part 4): sample links in a mix of states (up to
// 10,000 in one call, committed in batches) and one action applied to a selection, each change
// recording its webhook event as a single action would, the rest skipped and counted by reason.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const countOf = async (sandbox: TestSandbox, status?: string) =>
  (await sandbox.consoleApi('GET', `/links?per_page=1${status ? `&status=${status}` : ''}`)).body.pagination
    .total as number;

describe('sample links', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox()));
  after(() => sandbox.stop());

  test('10,000 in one call, in a mix of states, durable, each outcome with its event', async () => {
    const res = await sandbox.consoleApi('POST', '/links/samples', { count: 10_000 });
    assert.equal(res.status, 201, res.text);
    const { created, by_status } = res.body.data;
    assert.equal(created, 10_000);
    assert.deepEqual(by_status, {
      pending: 4000,
      succeeded: 3000,
      failed: 1000,
      expired: 1000,
      canceled: 1000,
    });
    for (const [status, count] of Object.entries(by_status))
      assert.equal(await countOf(sandbox, status), count);

    const paid = (await sandbox.consoleApi('GET', '/links?status=succeeded&per_page=30')).body.data;
    assert.deepEqual(new Set(paid.map((l: { payment_method: string }) => l.payment_method)).size, 3);
    const detail = (await sandbox.consoleApi('GET', `/links/${paid[0].id}`)).body.data;
    assert.deepEqual(
      detail.events.map((e: { type: string }) => e.type),
      ['payment_link.paid'],
    );
    assert.ok(paid[0].settle_at);

    await sandbox.stop({ keepDir: true });
    sandbox = await startTestSandbox({ dataDir: sandbox.dir });
    assert.equal(await countOf(sandbox), 10_000);
  });

  test('other requests are answered between the batches of a large run', async () => {
    const before_ = await countOf(sandbox);
    let finished = false;
    const run = sandbox.consoleApi('POST', '/links/samples', { count: 10_000 }).then((res) => {
      finished = true;
      return res;
    });
    // A list answered while the run is under way sees some batches committed, not all.
    const midway = await eventually(async () => {
      const count = await countOf(sandbox);
      return count > before_ ? count : undefined;
    }, 'a first batch');
    const answeredMidway = !finished;
    assert.equal((await run).status, 201);
    assert.ok(answeredMidway, 'the list was answered before the run finished');
    assert.ok(midway < before_ + 10_000, `saw ${midway - before_} of 10,000`);
    assert.equal(await countOf(sandbox), before_ + 10_000);
  });

  test('a run in parts: each part numbers on from the last under the run the first answered with', async () => {
    const first = await sandbox.consoleApi('POST', '/links/samples', { count: 10 });
    assert.equal(first.status, 201, first.text);
    const { run } = first.body.data;
    assert.match(run, /^[0-9a-f]{6}$/);
    const second = await sandbox.consoleApi('POST', '/links/samples', { count: 10, from: 11, run });
    assert.equal(second.status, 201, second.text);
    assert.equal(second.body.data.run, run);
    // The fixed cycle runs on: the second part has the same mix as the first.
    assert.deepEqual(second.body.data.by_status, first.body.data.by_status);
    const made = (await sandbox.consoleApi('GET', `/links?q=sample-${run}-&per_page=100`)).body.data;
    assert.deepEqual(
      made
        .map((l: { reference_id: string }) => Number(l.reference_id.split('-')[2]))
        .sort((a: number, b: number) => a - b),
      Array.from({ length: 20 }, (_, n) => n + 1),
    );
    assert.ok(made.some((l: { title: string }) => l.title.endsWith(' #20')));
  });

  test('a part with a bad from or run is 400 naming it', async () => {
    for (const [body, param] of [
      [{ count: 5, from: 0 }, 'from'],
      [{ count: 5, from: 999_999 }, 'from'],
      [{ count: 5, run: 'XYZ' }, 'run'],
      [{ count: 5, run: '1234567' }, 'run'],
    ] as const) {
      const res = await sandbox.consoleApi('POST', '/links/samples', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.param, param, JSON.stringify(body));
    }
  });

  test('a count outside 1–10,000 is 400 naming count and the range', async () => {
    for (const count of [0, 10_001, 2.5, 'ten']) {
      const res = await sandbox.consoleApi('POST', '/links/samples', { count });
      assert.equal(res.status, 400, String(count));
      assert.equal(res.body.error.param, 'count');
      assert.match(res.body.error.message, /10000/);
    }
    assert.equal((await sandbox.consoleApi('POST', '/links/samples', {})).status, 400);
  });
});

describe('bulk actions on a selection', () => {
  let sandbox: TestSandbox;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: receiver.url }] });
  });
  after(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  test('paid changes the pending ones, records each event, and skips the rest by reason', async () => {
    const pending = [await createLink(sandbox), await createLink(sandbox), await createLink(sandbox)];
    const failed = await createLink(sandbox);
    await sandbox.consoleApi('POST', `/links/${failed.id}/simulate`, { event: 'failed' });
    const canceled = await createLink(sandbox);
    await sandbox.consoleApi('POST', `/links/${canceled.id}/cancel`);
    const missing = randomUUID();
    const ids = [...pending.map((l) => l.id), failed.id, canceled.id, missing, pending[0].id];

    const res = await sandbox.consoleApi('POST', '/links/bulk', {
      ids,
      action: 'paid',
      payment_method: 'ewallet',
    });
    assert.equal(res.status, 200, res.text);
    const result = res.body.data;
    assert.equal(result.action, 'paid');
    assert.equal(result.requested, 6, 'a repeated id counts once');
    assert.equal(result.changed, 3);
    assert.equal(result.skipped, 3);
    const reasons = Object.fromEntries(
      result.reasons.map((r: { status: string | null; code: string; count: number; ids: string[] }) => [
        String(r.status),
        r,
      ]),
    );
    assert.equal(reasons.failed.code, 'invalid_state_transition');
    assert.deepEqual(reasons.failed.ids, [failed.id]);
    assert.equal(reasons.canceled.code, 'invalid_state_transition');
    assert.equal(reasons.null.code, 'resource_not_found');
    assert.equal(reasons.null.message, 'no such link');
    assert.equal(
      reasons.failed.message,
      'Failed: Paid takes Pending links only',
      'one word per thing, as the console shows it',
    );

    for (const link of pending) {
      const detail = (await sandbox.consoleApi('GET', `/links/${link.id}`)).body.data;
      assert.equal(detail.link.status, 'succeeded');
      assert.equal(detail.link.payment_method, 'ewallet');
      assert.deepEqual(
        detail.events.map((e: { type: string }) => e.type),
        ['payment_link.paid'],
      );
    }
    await eventually(
      async () =>
        receiver.requests.filter((r) => JSON.parse(r.body).type === 'payment_link.paid').length === 3
          ? true
          : undefined,
      'three paid webhooks',
    );
  });

  test('cancel takes pending and failed links; expired and failed take pending ones only', async () => {
    const a = await createLink(sandbox);
    const b = await createLink(sandbox);
    await sandbox.consoleApi('POST', `/links/${b.id}/simulate`, { event: 'failed' });
    const canceled = (
      await sandbox.consoleApi('POST', '/links/bulk', { ids: [a.id, b.id], action: 'cancel' })
    ).body.data;
    assert.equal(canceled.changed, 2);
    const c = await createLink(sandbox);
    const expired = (
      await sandbox.consoleApi('POST', '/links/bulk', { ids: [a.id, c.id], action: 'expired' })
    ).body.data;
    assert.equal(expired.changed, 1);
    assert.deepEqual(expired.reasons[0].ids, [a.id]);
    assert.equal(expired.reasons[0].status, 'canceled');
    const again = (await sandbox.consoleApi('POST', '/links/bulk', { ids: [c.id], action: 'cancel' })).body
      .data;
    assert.equal(again.reasons[0].code, 'payment_link_not_cancelable');
  });

  test('10,000 ids are taken; 10,001, an empty list, a bad id or an unknown action are 400', async () => {
    await sandbox.consoleApi('POST', '/links/samples', { count: 10_000 });
    const all: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const listed = await sandbox.consoleApi('GET', `/links?status=pending&per_page=1000&page=${page}`);
      all.push(...listed.body.data.map((l: { id: string }) => l.id));
    }
    const ids = [...all.slice(0, 4000), ...Array.from({ length: 6000 }, () => randomUUID())];
    const res = await sandbox.consoleApi('POST', '/links/bulk', { ids, action: 'expired' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.changed, 4000);
    assert.equal(res.body.data.skipped, 6000);

    const tooMany = await sandbox.consoleApi('POST', '/links/bulk', {
      ids: [...ids, randomUUID()],
      action: 'paid',
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error.param, 'ids');
    assert.match(tooMany.body.error.message, /10000/);
    assert.match(tooMany.body.error.message, /got 10001/);
    const tenTimes = Array.from({ length: 100_000 }, () => randomUUID());
    const huge = await sandbox.consoleApi('POST', '/links/bulk', { ids: tenTimes, action: 'paid' });
    assert.equal(huge.status, 413, 'a body past room for 10,000 ids is refused before it is parsed');
    for (const body of [
      { ids: [], action: 'paid' },
      { ids: ['nope'], action: 'paid' },
      { ids: [randomUUID()], action: 'refund' },
    ]) {
      const refused = await sandbox.consoleApi('POST', '/links/bulk', body);
      assert.equal(refused.status, 400, JSON.stringify(body));
    }
  });
});
