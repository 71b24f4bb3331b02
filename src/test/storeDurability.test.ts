import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { createBody, createLink, makeTempDir, startTestSandbox, type TestSandbox } from './harness';

const SEGMENT = /^journal-(\d{6,})\.ndjson$/;

const dirs: string[] = [];
const running: TestSandbox[] = [];

async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-store-');
  dirs.push(dir);
  return dir;
}

/** A sandbox on `dir` that teardown stops if the test did not. */
async function open(dir: string, options: { compactAfter?: number } = {}): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({ dataDir: dir, ...options });
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.stop({ keepDir: true }).catch(() => undefined);
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function segments(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => SEGMENT.test(name)).sort();
}

async function assertLinksThere(sandbox: TestSandbox, links: { id: string }[], when: string): Promise<void> {
  for (const link of links) {
    const res = await sandbox.api('GET', `/payment-links/${link.id}`);
    assert.equal(res.status, 200, `${when}: link ${link.id}: ${res.text}`);
    assert.deepEqual(res.body.data, link, `${when}: link ${link.id}`);
  }
}

async function total(sandbox: TestSandbox): Promise<number> {
  const res = await sandbox.api('GET', '/payment-links?per_page=1');
  assert.equal(res.status, 200, res.text);
  return res.body.pagination.total;
}

test('links, settings and idempotency records survive restarts (journal replay, then snapshot)', async () => {
  const dir = await tempDir();
  const first = await open(dir);
  const links = [];
  for (let i = 0; i < 3; i++)
    links.push(await createLink(first, { amount: 2000 + i, reference_id: `r${i}` }));
  const settings = await first.core.updateSettings({
    currency: 'USD',
    link_lifetime_seconds: 3600,
    fees: { ...first.core.settings.fees, transaction_percent: 1.5, transaction_fixed: 30, paid_by: 'payer' },
  });
  const keyed = await first.api('POST', '/payment-links', {
    body: createBody({ title: 'keyed' }),
    headers: { 'idempotency-key': 'order-42' },
  });
  assert.equal(keyed.status, 201, keyed.text);
  links.push(keyed.body.data);
  await first.stop({ keepDir: true });

  // Restart 1 replays the journal (there is no snapshot yet); restart 2 reads the snapshot that
  // restart 1 folded the journal into.
  for (const restart of [1, 2]) {
    const sandbox = await open(dir);
    const when = `restart ${restart}`;
    await assertLinksThere(sandbox, links, when);
    assert.equal(await total(sandbox), links.length, `${when}: no extra links`);
    assert.deepEqual(sandbox.core.settings, settings, `${when}: settings`);

    const replay = await sandbox.api('POST', '/payment-links', {
      body: createBody({ title: 'keyed' }),
      headers: { 'idempotency-key': 'order-42' },
    });
    assert.equal(replay.status, 201, `${when}: replay status`);
    assert.equal(replay.text, keyed.text, `${when}: the replay is byte for byte the first response`);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true', `${when}: Idempotent-Replayed`);
    assert.equal(await total(sandbox), links.length, `${when}: the replay made no second link`);

    const reused = await sandbox.api('POST', '/payment-links', {
      body: createBody({ title: 'something else' }),
      headers: { 'idempotency-key': 'order-42' },
    });
    assert.equal(reused.status, 422, `${when}: ${reused.text}`);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    await sandbox.stop({ keepDir: true });
    if (restart === 1) assert.ok(existsSync(join(dir, 'sandbox.json')), 'restart 1 wrote a snapshot');
  }
});

test('a torn final journal line is ignored and the store opens', async () => {
  const dir = await tempDir();
  const first = await open(dir);
  const links = [];
  for (let i = 0; i < 4; i++) links.push(await createLink(first, { amount: 3000 + i }));
  await first.stop({ keepDir: true });

  const newest = (await segments(dir)).at(-1);
  assert.ok(newest, 'the run left a journal segment');
  const file = join(dir, newest);
  const text = await readFile(file, 'utf8');
  assert.ok(text.endsWith('\n'), 'a cleanly written journal ends with a newline');
  // Half of a real record, with no newline: a write cut off by a crash.
  const lastLine = text.trimEnd().split('\n').at(-1)!;
  await appendFile(file, lastLine.slice(0, Math.floor(lastLine.length / 2)));

  const second = await open(dir);
  await assertLinksThere(second, links, 'after a torn tail');
  assert.equal(await total(second), links.length);
  // The store still takes writes, and they last.
  const more = await createLink(second, { amount: 3999 });
  await second.stop({ keepDir: true });

  const third = await open(dir);
  await assertLinksThere(third, [...links, more], 'the restart after that');
  assert.equal(await total(third), links.length + 1);
  await third.stop({ keepDir: true });
});

test('compaction folds the journal into the snapshot, deletes old segments, and loses nothing', async () => {
  const dir = await tempDir();
  const sandbox = await open(dir, { compactAfter: 50 });
  const links: { id: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < 200) {
        const n = next++;
        links.push(await createLink(sandbox, { amount: 5000 + n, reference_id: `c${n}` }));
      }
    }),
  );
  const keyed = await sandbox.api('POST', '/payment-links', {
    body: createBody({ title: 'keyed before compaction' }),
    headers: { 'idempotency-key': 'compact-1' },
  });
  assert.equal(keyed.status, 201);
  links.push(keyed.body.data);

  const before = await segments(dir);
  assert.ok(before.length >= 1, `writes since the last automatic compaction are in a segment: ${before}`);
  // The first call may join an automatic compaction already under way; the second covers everything.
  await sandbox.core.store.compact();
  await sandbox.core.store.compact();
  await sandbox.stop({ keepDir: true });

  const after = await segments(dir);
  assert.ok(after.length < before.length, `fewer segments after compaction: ${before} -> ${after}`);
  const highest = Math.max(...before.map((name) => Number(SEGMENT.exec(name)![1])));
  assert.ok(highest > 1, `automatic compaction rotated the journal during the load (newest ${highest})`);
  const snapshot = JSON.parse(await readFile(join(dir, 'sandbox.json'), 'utf8'));
  assert.equal(snapshot.links.length, links.length, 'the snapshot holds every link');
  assert.ok(
    snapshot.idempotency.some((r: { scope: string }) => r.scope.endsWith(' compact-1')),
    'the snapshot holds the idempotency record',
  );

  const reopened = await open(dir, { compactAfter: 50 });
  await assertLinksThere(reopened, links, 'after compaction and restart');
  assert.equal(await total(reopened), links.length);
  const replay = await reopened.api('POST', '/payment-links', {
    body: createBody({ title: 'keyed before compaction' }),
    headers: { 'idempotency-key': 'compact-1' },
  });
  assert.equal(replay.status, 201);
  assert.equal(replay.text, keyed.text);
  await reopened.stop({ keepDir: true });
});

test('changes made after a start that registers a webhook endpoint on a journal-only store survive a restart', async () => {
  // The start's own write (the endpoint) opens a new journal segment while the start-up compaction
  // rotates to the next one: a container restarted with PLS_WEBHOOK_URL does this every time.
  const dir = await tempDir();
  const first = await open(dir);
  const link = await createLink(first);
  await first.stop({ keepDir: true });
  assert.deepEqual(await segments(dir), ['journal-000001.ndjson']);

  const second = await startTestSandbox({
    dataDir: dir,
    webhookEndpoints: [{ url: 'http://127.0.0.1:9/hooks' }],
  });
  running.push(second);
  const canceled = await second.api('POST', `/payment-links/${link.id}/cancel`);
  assert.equal(canceled.status, 200, canceled.text);
  const later = await createLink(second, { reference_id: 'after-restart' });
  await second.stop({ keepDir: true });

  const third = await open(dir);
  assert.equal((await third.api('GET', `/payment-links/${link.id}`)).body.data.status, 'canceled');
  await assertLinksThere(third, [later], 'after the restart');
});

test('a second open of the same data directory in this process is refused, naming the directory', async () => {
  const dir = await tempDir();
  const first = await open(dir);
  const link = await createLink(first);
  await assert.rejects(startTestSandbox({ dataDir: dir }), (err: Error) => {
    assert.ok(err.message.includes(dir), `the error names ${dir}: ${err.message}`);
    return true;
  });
  // The refusal did not disturb the first one.
  await assertLinksThere(first, [link], 'the first sandbox after the refusal');
  await createLink(first);
  await first.stop({ keepDir: true });
  // Once the first has stopped, the directory can be opened again.
  const again = await open(dir);
  assert.equal(await total(again), 2);
  await again.stop({ keepDir: true });
});
