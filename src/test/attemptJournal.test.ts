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
