import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startTestSandbox, type TestSandbox } from '../core';
import { makeTempDir } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.close());

test('a paid link sends a webhook the test awaits, signed with the endpoint secret', async () => {
  const link = await sandbox.createLink({ amount: 20_000, title: 'Awaited' });
  await sandbox.simulate(link.id, 'paid', 'ewallet');
  const webhook = await sandbox.nextWebhook({ type: 'payment_link.paid', linkId: link.id });
  assert.equal(webhook.verified, true);
  assert.equal(webhook.data.payment_method, 'ewallet');
  const verified = new Webhook(sandbox.webhookEndpoint.secret).verify(webhook.body, webhook.headers);
  assert.equal((verified as { type: string }).type, 'payment_link.paid');
});

test('a webhook that came before the wait is still found, and each is returned once', async () => {
  const link = await sandbox.createLink({ amount: 5_000, title: 'Early' });
  await sandbox.request('POST', `/payment-links/${link.id}/cancel`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const first = await sandbox.nextWebhook({ linkId: link.id });
  assert.equal(first.type, 'payment_link.canceled');
  await assert.rejects(sandbox.nextWebhook({ linkId: link.id, timeoutMs: 200 }), (err: Error) => {
    assert.match(err.message, /No webhook matching .* within 200 ms \(received: .*payment_link\.canceled/);
    return true;
  });
});

test('the clock helper moves time: a pending link expires and its webhook arrives', async () => {
  const link = await sandbox.createLink({ amount: 7_000, title: 'Tomorrow' });
  const moved = await sandbox.clock.advance({ seconds: 2 * 86_400 });
  assert.ok(moved.offset_seconds >= 2 * 86_400 - 1);
  const webhook = await sandbox.nextWebhook({ type: 'payment_link.expired', linkId: link.id });
  assert.equal(webhook.data.status, 'expired');
});

test('the fault helper makes the next create answer 503, then clears', async () => {
  await sandbox.faults.add({
    match: { method: 'POST', path: '/payment-links' },
    action: { type: 'status', status: 503 },
    remaining: 1,
  });
  const faulted = await sandbox.request('POST', '/payment-links', { amount: 1_000, title: 'x' });
  assert.equal(faulted.status, 503);
  const passed = await sandbox.request('POST', '/payment-links', { amount: 1_000, title: 'x' });
  assert.equal(passed.status, 201);
  await sandbox.faults.add({ action: { type: 'status', status: 500 } });
  await sandbox.faults.clear();
  assert.equal((await sandbox.request('GET', '/payment-links')).status, 200);
});

test('clearWebhooks forgets what came, here and in the inbox; what comes next is found', async () => {
  const before = await sandbox.createLink({ amount: 3_000, title: 'Before the clear' });
  await sandbox.simulate(before.id, 'failed');
  await sandbox.nextWebhook({ type: 'payment_link.failed', linkId: before.id });
  await sandbox.clearWebhooks();
  assert.deepEqual(sandbox.webhooks(), []);
  const inbox = await sandbox.request<{ data: unknown[] }>('GET', '/sandbox/inbox/tests/messages');
  assert.deepEqual(inbox.body.data, []);

  const after = await sandbox.createLink({ amount: 3_000, title: 'After the clear' });
  await sandbox.simulate(after.id, 'paid');
  assert.equal((await sandbox.nextWebhook({ linkId: after.id })).type, 'payment_link.paid');
  assert.deepEqual(
    sandbox.webhooks().map((w) => w.data.id),
    [after.id],
  );
});

test('DELETE /sandbox/inbox/{name}/messages needs the key, checks the name, and keeps the answer settings', async () => {
  await sandbox.request('PUT', '/sandbox/inbox/emptied', { status: 503 });
  await fetch(`${sandbox.baseUrl}/_inbox/emptied`, { method: 'POST', body: 'x' });
  const emptied = await sandbox.request<{ data: { message_count: number; settings: { status: number } } }>(
    'DELETE',
    '/sandbox/inbox/emptied/messages',
  );
  assert.equal(emptied.status, 200);
  assert.equal(emptied.body.data.message_count, 0);
  assert.equal(emptied.body.data.settings.status, 503);
  const bad = await sandbox.request<{ error: { param: string; message: string } }>(
    'DELETE',
    '/sandbox/inbox/no%20spaces/messages',
  );
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.param, 'name');
  const anonymous = await fetch(`${sandbox.baseUrl}/sandbox/inbox/emptied/messages`, { method: 'DELETE' });
  assert.equal(anonymous.status, 401);
});

test("on a data folder, a second start replaces the first run's inbox endpoint instead of adding one", async () => {
  const dataDir = await makeTempDir('pls-test-sandbox-');
  try {
    const first = await startTestSandbox({ dataDir });
    await first.close();
    const second = await startTestSandbox({ dataDir });
    try {
      const endpoints = (
        await fetch(`${second.baseUrl}/_console/api/endpoints`).then((r) => r.json() as Promise<any>)
      ).data as { id: string; url: string }[];
      assert.deepEqual(
        endpoints.map((e) => e.url),
        [`${second.baseUrl}/_inbox/tests`],
      );
      const link = await second.createLink({ amount: 1_000, title: 'Second run' });
      await second.simulate(link.id, 'paid');
      const webhook = await second.nextWebhook({ linkId: link.id.toUpperCase() });
      assert.equal(webhook.verified, true, 'signed with the new endpoint secret, matched whatever the case');
    } finally {
      await second.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
