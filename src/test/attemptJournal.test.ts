import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLink, eventually, makeTempDir, startTestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

test('each webhook attempt is journaled alone: a 64 KiB error page appears once per attempt, not once per earlier attempt', async () => {
  const page = 'x'.repeat(64 * 1024);
  const receiver = await WebhookReceiver.start({ plan: () => ({ status: 500, body: page }) });
  const dir = await makeTempDir();
  const sandbox = await startTestSandbox({
    dataDir: dir,
    port: 0,
    webhookEndpoints: [{ url: receiver.url }],
  });
  try {
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [0, 0, 0, 0, 0, 0] });
    const link = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    const delivery = await eventually(
      async () => [...sandbox.core.store.state.deliveries.values()].find((d) => d.status === 'failed'),
      'the delivery fails after six attempts',
    );
    assert.equal(delivery.attempts.length, 6);
    await sandbox.stop({ keepDir: true });
    const names = (await readdir(dir)).filter((n) => n.startsWith('journal-'));
    const journal = (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('');
    const copies = journal.split(page).length - 1;
    assert.equal(
      copies,
      6,
      `six attempts, six copies of the page (a whole-delivery line per attempt would make 21)`,
    );
    for (const line of journal.split('\n').filter(Boolean)) {
      assert.ok(line.split(page).length - 1 <= 1, 'no line holds more than one attempt');
    }
    const reopened = await startTestSandbox({ dataDir: dir, port: 0 });
    const again = reopened.core.store.state.deliveries.get(delivery.id);
    assert.equal(again?.attempts.length, 6, 'the attempts are whole again after a restart');
    assert.equal(again?.attempts[5]?.response?.body, page);
    await reopened.stop();
  } finally {
    await receiver.stop();
  }
});

test('past attempt_bodies_mb the oldest finished deliveries keep 1 KiB of each response body; the newest keep all', async () => {
  const page = 'y'.repeat(64 * 1024);
  const receiver = await WebhookReceiver.start({ plan: () => ({ status: 500, body: page }) });
  const sandbox = await startTestSandbox({
    inMemory: true,
    port: 0,
    webhookEndpoints: [{ url: receiver.url }],
  });
  try {
    await sandbox.core.updateSettings({ attempt_bodies_mb: 16, webhook_retry_schedule_seconds: [0] });
    const count = 350;
    for (let i = 0; i < count; i++) {
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    }
    const deliveries = await eventually(async () => {
      const all = [...sandbox.core.store.state.deliveries.values()];
      return all.length === count && all.every((d) => d.status === 'failed') ? all : undefined;
    }, 'every delivery fails after its one attempt');
    const held = deliveries.reduce((sum, d) => sum + (d.attempts[0]?.response?.body.length ?? 0), 0);
    assert.ok(held <= 16 * 1024 * 1024 * 1.1, `bodies held: ${held}`);
    const oldest = deliveries[0]?.attempts[0]?.response;
    assert.equal(oldest?.body.length, 1024);
    assert.equal(oldest?.body_truncated, true);
    const newest = deliveries.at(-1)?.attempts[0]?.response;
    assert.equal(newest?.body, page, 'the newest keep the whole 64 KiB');
  } finally {
    await sandbox.stop();
    await receiver.stop();
  }
});

test('waiting deliveries count against attempt_bodies_mb too: the oldest attempts lose their bodies first, marked truncated', async () => {
  // A large debug page: each attempt keeps its first 64 KiB.
  const page = 'z'.repeat(1024 * 1024);
  const receiver = await WebhookReceiver.start({ plan: () => ({ status: 500, body: page }) });
  const sandbox = await startTestSandbox({ port: 0, webhookEndpoints: [{ url: receiver.url }] });
  try {
    // Four attempts at once, then a retry an hour away: every delivery stays waiting.
    await sandbox.core.updateSettings({
      attempt_bodies_mb: 16,
      webhook_retry_schedule_seconds: [0, 0, 0, 0, 3600],
    });
    const count = 100;
    for (let i = 0; i < count; i++) {
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    }
    const rows = await eventually(
      async () => {
        const list = (await sandbox.consoleApi('GET', '/deliveries?status=retrying&per_page=100')).body;
        const settled = list.data.every((d: { attempt_count: number }) => d.attempt_count === 4);
        return list.pagination.total === count && settled ? list.data : undefined;
      },
      'every delivery has made its four attempts and waits',
      1000,
    );
    type Attempt = { started_at: string; response: { body: string; body_truncated: boolean } };
    const attempts: Attempt[] = [];
    for (const row of rows) {
      attempts.push(...(await sandbox.consoleApi('GET', `/deliveries/${row.id}`)).body.data.attempts);
    }
    assert.equal(attempts.length, 4 * count);
    const kept = attempts.reduce((sum, a) => sum + Buffer.byteLength(a.response.body), 0);
    assert.ok(
      kept <= 16 * 1024 * 1024,
      `bodies kept: ${kept} bytes, more than 16 MiB (${4 * count} × 64 KiB made)`,
    );
    attempts.sort((a, b) => a.started_at.localeCompare(b.started_at));
    const oldest = attempts[0]?.response;
    assert.equal(oldest?.body_truncated, true, 'the oldest attempt lost its body');
    assert.ok((oldest?.body.length ?? 0) <= 1024);
    const newest = attempts.at(-1)?.response;
    assert.equal(newest?.body.length, 64 * 1024, 'the newest attempt keeps its 64 KiB');
  } finally {
    await sandbox.stop();
    await receiver.stop();
  }
});
