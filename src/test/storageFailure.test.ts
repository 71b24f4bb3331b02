import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { FaultyDisk } from './faultyDisk';
import { eventually, makeTempDir, startTestSandbox, type TestSandbox } from './harness';

const running: TestSandbox[] = [];
after(() => Promise.all(running.map((s) => s.stop())));

async function sandboxOn(dir: string, disk?: FaultyDisk): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({ dataDir: dir, port: 0, openSegment: disk?.openSegment });
  running.push(sandbox);
  return sandbox;
}

const create = (s: TestSandbox, title: string, key?: string) =>
  s.api('POST', '/payment-links', {
    body: { amount: 10_000, title },
    headers: key ? { 'idempotency-key': key } : {},
  });

async function journalText(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => n.startsWith('journal-')).sort();
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('');
}

test('a retry with the same Idempotency-Key while the first write is still on its way to disk is told to wait, never replayed', async () => {
  const dir = await makeTempDir();
  const disk = new FaultyDisk();
  const sandbox = await sandboxOn(dir, disk);
  let release!: () => void;
  disk.stall = new Promise((resolve) => (release = resolve));
  const first = create(sandbox, 'Slow disk', 'order-slow');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const retry = await create(sandbox, 'Slow disk', 'order-slow');
  assert.equal(retry.status, 409);
  assert.equal(retry.body.error.code, 'idempotency_request_in_progress');
  disk.stall = null;
  release();
  const done = await first;
  assert.equal(done.status, 201);
  const replay = await create(sandbox, 'Slow disk', 'order-slow');
  assert.equal(replay.status, 201);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.body.data.id, done.body.data.id);
});

test('a write the disk keeps refusing: the client hears what happened, nothing of it stays, and later writes go through', async () => {
  const dir = await makeTempDir();
  const disk = new FaultyDisk();
  const sandbox = await sandboxOn(dir, disk);
  const kept = await create(sandbox, 'Before the disk filled');
  assert.equal(kept.status, 201);

  disk.failures = 100;
  const refused = await create(sandbox, 'Refused', 'order-full');
  assert.equal(refused.status, 503);
  assert.equal(refused.body.error.code, 'storage_unavailable');
  assert.equal(refused.body.error.type, 'api_error');
  assert.match(refused.body.error.message, /ENOSPC/);
  assert.match(refused.body.error.message, /nothing was changed/);
  assert.ok(refused.body.error.message.includes(dir), 'names the data directory');
  const list = await sandbox.api('GET', '/payment-links?per_page=100');
  assert.deepEqual(
    list.body.data.map((l: { title: string }) => l.title),
    ['Before the disk filled'],
    'the refused link is not visible',
  );

  disk.failures = 0;
  const retried = await create(sandbox, 'Refused', 'order-full');
  assert.equal(retried.status, 201, 'the same key goes through once the disk has room: a 5xx is not stored');
  assert.equal(retried.headers.get('idempotent-replayed'), null);
  const after = await create(sandbox, 'After');
  assert.equal(after.status, 201);

  await sandbox.stop({ keepDir: true });
  running.splice(running.indexOf(sandbox), 1);
  const journal = await journalText(dir);
  for (const line of journal.split('\n').filter(Boolean)) JSON.parse(line);
  const reopened = await sandboxOn(dir);
  const titles = (await reopened.api('GET', '/payment-links?per_page=100')).body.data.map(
    (l: { title: string }) => l.title,
  );
  assert.deepEqual(titles.sort(), ['After', 'Before the disk filled', 'Refused']);
});

test('a brief failure is retried and the client never notices', async () => {
  const dir = await makeTempDir();
  const disk = new FaultyDisk();
  disk.code = 'EAGAIN';
  const sandbox = await sandboxOn(dir, disk);
  disk.failures = 2;
  const created = await create(sandbox, 'Retried write');
  assert.equal(created.status, 201);
  assert.equal(disk.failed, 2);
  const fetched = await sandbox.api('GET', `/payment-links/${created.body.data.id}`);
  assert.equal(fetched.status, 200);
  await sandbox.stop({ keepDir: true });
  running.splice(running.indexOf(sandbox), 1);
  const lines = (await journalText(dir)).split('\n').filter(Boolean);
  const withLink = lines.filter((l) => l.includes(created.body.data.id));
  assert.equal(withLink.length, 1, 'the half-written tries were cut away: one line holds the link');
});

test('a change made on top of a refused one is refused with it, so nothing built on it survives', async () => {
  const dir = await makeTempDir();
  const disk = new FaultyDisk();
  const sandbox = await sandboxOn(dir, disk);
  let release!: () => void;
  disk.stall = new Promise((resolve) => (release = resolve));
  disk.failures = 100;
  const created = create(sandbox, 'Never saved');
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Another client already sees the link (reads never wait for the disk) and cancels it.
  const seen = (await sandbox.api('GET', '/payment-links')).body.data[0];
  assert.equal(seen.title, 'Never saved');
  const cancel = sandbox.api('POST', `/payment-links/${seen.id}/cancel`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  disk.stall = null;
  release();
  const [a, b] = await Promise.all([created, cancel]);
  assert.equal(a.status, 503);
  assert.equal(b.status, 503, 'the cancel counted on the create: it is refused with it');
  disk.failures = 0;
  assert.equal((await sandbox.api('GET', `/payment-links/${seen.id}`)).status, 404);
  const counts = await sandbox.consoleApi('GET', '/server');
  assert.equal(counts.body.data.counts.links, 0);
  assert.equal(counts.body.data.counts.events, 0, 'no webhook event of the refused cancel');
});

test('an export taken while the disk refuses writes holds none of the refused changes, and later ones once it has room', async () => {
  const dir = await makeTempDir();
  const disk = new FaultyDisk();
  const sandbox = await sandboxOn(dir, disk);
  assert.equal((await create(sandbox, 'Kept')).status, 201);
  let release!: () => void;
  disk.stall = new Promise((resolve) => (release = resolve));
  disk.failures = 100;
  const refused = Array.from({ length: 5 }, (_, i) => create(sandbox, `Refused ${i}`));
  await eventually(async () => {
    const list = await sandbox.api('GET', '/payment-links?per_page=100');
    return list.body.data.length === 6 ? true : undefined;
  }, 'every client sees the links on their way to disk (reads never wait for it)');
  const exports = Array.from({ length: 5 }, () => sandbox.consoleApi('GET', '/store/export'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  disk.stall = null;
  release();
  for (const answer of await Promise.all(refused)) assert.equal(answer.status, 503);
  for (const file of await Promise.all(exports)) {
    assert.equal(file.status, 200);
    assert.deepEqual(
      file.body.links.map((l: { title: string }) => l.title),
      ['Kept'],
      'an export holds only what is on disk',
    );
  }

  disk.failures = 0;
  assert.equal((await create(sandbox, 'After')).status, 201);
  const later = await sandbox.consoleApi('GET', '/store/export');
  assert.deepEqual(
    later.body.links.map((l: { title: string }) => l.title),
    ['Kept', 'After'],
  );
});
