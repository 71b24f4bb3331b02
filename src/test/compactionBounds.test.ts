import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ServerInfo } from '../shared/dataFolder';
import type { WebhookDelivery } from '../shared/types';
import {
  createLink,
  eventually,
  makeTempDir,
  startTestSandbox,
  TestClock,
  type TestSandbox,
} from './harness';
import { WebhookReceiver } from './webhookReceiver';

const KiB = 1024;
const running: Array<{ stop(): Promise<void> }> = [];
after(() => Promise.all(running.map((r) => r.stop())));

/** An endpoint answering every delivery 500 with a 64 KiB page, kept whole by each attempt. */
async function errorPageReceiver(): Promise<{ url: string; page: string }> {
  const page = 'e'.repeat(64 * KiB);
  const receiver = await WebhookReceiver.start({ plan: () => ({ status: 500, body: page }) });
  running.push(receiver);
  return { url: receiver.url, page };
}

async function sandboxOn(dir: string, options: Parameters<typeof startTestSandbox>[0] = {}) {
  const sandbox = await startTestSandbox({ dataDir: dir, port: 0, ...options });
  running.push({ stop: () => sandbox.stop({ keepDir: true }) });
  return sandbox;
}

/** A paid link whose one delivery fails after three attempts, each keeping the 64 KiB page. */
async function failedDelivery(sandbox: TestSandbox): Promise<WebhookDelivery> {
  await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [0, 0, 0] });
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
  return eventually(async () => {
    const list = (await sandbox.consoleApi('GET', '/deliveries?status=failed')).body.data;
    return list.length === 1 ? (list[0] as WebhookDelivery) : undefined;
  }, 'the delivery fails after three attempts');
}

const serverInfo = async (sandbox: TestSandbox): Promise<ServerInfo> =>
  (await sandbox.consoleApi('GET', '/server')).body.data;

const journalSegments = async (dir: string): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.startsWith('journal-'));

test('a snapshot record larger than a whole write chunk is written, and the store reopens with it whole', async () => {
  const { url, page } = await errorPageReceiver();
  const dir = await makeTempDir();
  const limits = { chunkBytes: 16 * KiB };
  const first = await sandboxOn(dir, { webhookEndpoints: [{ url }], storeLimits: limits });
  const delivery = await failedDelivery(first);
  await first.stop({ keepDir: true });

  // A start-up folds the journal into the snapshot: the delivery, ~200 KiB, is twelve chunks long.
  const second = await sandboxOn(dir, { storeLimits: limits });
  await eventually(
    async () => ((await journalSegments(dir)).length === 0 ? true : undefined),
    'the journal is folded in',
  );
  await second.stop({ keepDir: true });
  const snapshot = await readFile(join(dir, 'sandbox.json'), 'utf8');
  assert.equal(snapshot.split(page).length - 1, 3, 'the snapshot holds the three pages');

  const third = await sandboxOn(dir);
  const reopened = await third.consoleApi('GET', `/deliveries/${delivery.id}`);
  assert.deepEqual(
    reopened.body.data.attempts.map((a: { response: { body: string } }) => a.response.body === page),
    [true, true, true],
  );
  assert.equal((await serverInfo(third)).compaction_failure, null);
});

test('a record past the bound stops compaction with its name and size, shown in the log and the console; it is retried after a delay, not in a loop, and nothing is lost', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  try {
    const { url } = await errorPageReceiver();
    const dir = await makeTempDir();
    const limits = { recordBytes: 150 * KiB, chunkBytes: 16 * KiB };
    const first = await sandboxOn(dir, { webhookEndpoints: [{ url }], storeLimits: limits });
    const delivery = await failedDelivery(first);
    await first.stop({ keepDir: true });

    const clock = new TestClock();
    const sandbox = await sandboxOn(dir, { storeLimits: limits, compactAfter: 5, clock });
    const failure = await eventually(
      async () => (await serverInfo(sandbox)).compaction_failure ?? undefined,
      'the start-up compaction fails',
    );
    assert.match(
      failure.reason,
      new RegExp(
        `^deliveries\\[0\\] \\(${delivery.id}\\) is \\d+ KiB as JSON, more than the 150 KiB one record may take$`,
      ),
    );
    assert.equal(failure.failures, 1);
    assert.ok(
      warnings.some((w) => w.includes('could not compact') && w.includes(failure.reason)),
      'the log says it too',
    );

    // Commits that would each make compaction due do not try again before the delay is over.
    for (let i = 0; i < 20; i++) await createLink(sandbox);
    assert.equal((await serverInfo(sandbox)).compaction_failure?.failures, 1, 'no retry loop');
    assert.ok((await journalSegments(dir)).length > 0, 'the journal keeps every change');

    clock.advance(61_000);
    for (let i = 0; i < 5; i++) await createLink(sandbox);
    const again = await eventually(async () => {
      const now = (await serverInfo(sandbox)).compaction_failure;
      return now && now.failures === 2 ? now : undefined;
    }, 'it is tried again once the delay is over');
    assert.equal(again.reason, failure.reason);

    // Once the record is gone, the next try succeeds and the journal is folded in.
    assert.equal((await sandbox.consoleApi('DELETE', '/deliveries')).body.data.deleted, 1);
    clock.advance(121_000);
    for (let i = 0; i < 5; i++) await createLink(sandbox);
    await eventually(
      async () => ((await serverInfo(sandbox)).compaction_failure === null ? true : undefined),
      'compaction succeeds',
    );
    const links = (await serverInfo(sandbox)).counts.links;
    await sandbox.stop({ keepDir: true });
    const reopened = await sandboxOn(dir);
    assert.equal((await serverInfo(reopened)).counts.links, links, 'every link is still there');
    assert.equal(links, 31);
  } finally {
    process.off('warning', onWarning);
  }
});

test('a change too large for one journal line is refused, named, and changes nothing', async () => {
  const sandbox = await startTestSandbox({ port: 0, storeLimits: { recordBytes: 64 * KiB } });
  running.push(sandbox);
  const refused = await sandbox.consoleApi('POST', '/links/samples', { count: 250 });
  assert.equal(refused.status, 503);
  assert.match(
    refused.body.error.message,
    /^This change is \d+ KiB as JSON, more than the 64 KiB one record may take \(one journal line\); nothing was changed\.$/,
  );
  assert.equal((await serverInfo(sandbox)).counts.links, 0);
  const small = await sandbox.consoleApi('POST', '/links/samples', { count: 10 });
  assert.equal(small.status, 201, 'a smaller change goes through');
});
