// docs/storage.md, "The inbox": on a real small disk (a tmpfs), a message the disk refuses is a 503
// storage_unavailable said once per episode, never a 500; and the keyless inbox leaves 64 MiB free,
// so the store's writes are never the ones a full disk refuses.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { INBOX_DISK_RESERVE_BYTES } from '../core/inbox/diskReserve';
import { makeTempDir, startTestSandbox, type TestSandbox } from './harness';

const running: TestSandbox[] = [];
const mounted: string[] = [];
after(async () => {
  for (const s of running) await s.stop({ keepDir: true });
  // Lazily: a file a failed test left open must not fail the clean-up too.
  for (const dir of mounted) {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A real disk of `size` (a tmpfs); undefined, the test skipped with the reason, where mounting is not permitted. */
async function smallDisk(t: TestContext, size: string): Promise<string | undefined> {
  const dir = await makeTempDir('pls-small-disk-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    const why = String((err as { stderr?: Buffer }).stderr ?? err)
      .trim()
      .split('\n')[0];
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `skipped: mounting a ${size} tmpfs is not permitted here (${why}); run as root to test a full disk`,
    );
    t.skip(`mounting a tmpfs is not permitted here (${why})`);
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

const freeBytes = (dir: string): number => {
  const disk = statfsSync(dir);
  return disk.bavail * disk.bsize;
};

/** Fills the disk to its last byte with a file of its own, a MiB at a time. */
function fill(dir: string): void {
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = openSync(join(dir, 'filler'), 'a');
  try {
    assert.throws(() => {
      for (;;) writeSync(fd, chunk);
    }, /ENOSPC/);
  } finally {
    closeSync(fd);
  }
}

/** The process's warnings that name `dir`: what an operator reads. */
/**
 * What the process says about the data folder, but for the request log's own line: the requests
 * this test makes are logged too, and whether their few bytes still fit on the filled disk depends
 * on how the file system rounds (the inbox's lines are what is under test).
 */
function warningsAbout(dir: string): string[] {
  const seen: string[] = [];
  process.on('warning', (warning) => {
    if (warning.message.includes(dir) && !warning.message.includes('requests.jsonl'))
      seen.push(warning.message);
  });
  return seen;
}

const post = (s: TestSandbox, name: string, body: string) =>
  fetch(`${s.origin}/_inbox/${name}`, { method: 'POST', body }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { error?: { code: string; message: string } },
  }));

const heldBodies = async (s: TestSandbox, name: string): Promise<string[]> =>
  ((await s.api('GET', `/sandbox/inbox/${name}/messages`)).body.data as { body: string }[]).map((m) =>
    m.body.slice(0, 20),
  );

test('a full disk: each inbox message is a 503 storage_unavailable, the process says so once an episode, and nothing kept is lost', async (t) => {
  const dir = await smallDisk(t, '4m');
  if (!dir) return;
  const warnings = warningsAbout(dir);
  // No reserve: the disk itself refuses the inbox's writes.
  const sandbox = await startTestSandbox({ dataDir: dir, inboxReserveBytes: 0 });
  running.push(sandbox);
  const large = (label: string) => label.padEnd(64 * 1024, '.');
  assert.equal((await post(sandbox, 'full', large('kept-1'))).status, 200);
  assert.equal((await sandbox.api('PUT', '/sandbox/inbox/full', { body: { sequence: [202] } })).status, 200);

  fill(dir);
  for (let i = 0; i < 20; i++) {
    const refused = await post(sandbox, 'full', large(`refused-${i}`));
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.error?.code, 'storage_unavailable');
    assert.match(refused.body.error?.message ?? '', /ENOSPC/);
    assert.ok(refused.body.error?.message.includes(dir), 'names the data folder');
  }
  assert.equal((await post(sandbox, 'never-made', large('refused-new'))).status, 503);
  const names = ((await sandbox.consoleApi('GET', '/inbox')).body.data as { name: string }[]).map(
    (i) => i.name,
  );
  assert.ok(!names.includes('never-made'), `a refused message makes no inbox: ${names.join(' ')}`);
  assert.equal(warnings.length, 1, `one line for 21 refused messages: ${warnings.join('\n')}`);
  assert.match(warnings[0] ?? '', /ENOSPC/);
  assert.deepEqual(await heldBodies(sandbox, 'full'), [large('kept-1').slice(0, 20)]);

  rmSync(join(dir, 'filler'));
  const answered = await post(sandbox, 'full', large('kept-2'));
  assert.equal(answered.status, 202, 'the refused messages did not use the sequence');
  fill(dir);
  assert.equal((await post(sandbox, 'full', large('refused-again'))).status, 503);
  assert.equal(warnings.length, 2, 'a new episode, a new line');
  rmSync(join(dir, 'filler'));

  await sandbox.stop({ keepDir: true });
  running.splice(running.indexOf(sandbox), 1);
  const lines = readFileSync(join(dir, 'inbox.jsonl'), 'utf8').split('\n').filter(Boolean);
  assert.equal(lines.length, 2, 'no line of a refused message, whole or cut');
  for (const line of lines) JSON.parse(line);
  const reopened = await startTestSandbox({ dataDir: dir, inboxReserveBytes: 0 });
  running.push(reopened);
  assert.deepEqual(await heldBodies(reopened, 'full'), [
    large('kept-2').slice(0, 20),
    large('kept-1').slice(0, 20),
  ]);
});

test('the inbox leaves 64 MiB of the disk free: 10× its room in messages is refused past it, and every store write still goes through', async (t) => {
  const room = 16 * 1024 * 1024;
  const dir = await smallDisk(t, `${(INBOX_DISK_RESERVE_BYTES + room) / 1024 / 1024}m`);
  if (!dir) return;
  const warnings = warningsAbout(dir);
  const sandbox = await startTestSandbox({ dataDir: dir });
  running.push(sandbox);
  const body = 'm'.repeat(256 * 1024);
  const posts = (10 * room) / body.length;
  const statuses: number[] = [];
  let refusal = '';
  for (let i = 0; i < posts; i += 4) {
    const answers = await Promise.all([0, 1, 2, 3].map((k) => post(sandbox, `flood-${(i + k) % 7}`, body)));
    for (const a of answers) {
      statuses.push(a.status);
      if (a.status !== 200) {
        assert.equal(a.status, 503, JSON.stringify(a.body));
        assert.equal(a.body.error?.code, 'storage_unavailable');
        refusal = a.body.error?.message ?? '';
      }
    }
  }
  const kept = statuses.filter((s) => s === 200).length;
  console.log(
    `${posts} messages of 256 KiB on a ${(INBOX_DISK_RESERVE_BYTES + room) / 1024 / 1024} MiB disk: ${kept} kept, ${posts - kept} refused, ${(freeBytes(dir) / 1024 / 1024).toFixed(1)} MiB left free`,
  );
  assert.ok(kept > 0, 'messages are kept while the disk has room');
  assert.ok(kept < posts, 'past the room, messages are refused');
  assert.match(refusal, /less than the 64 MiB the inbox leaves/);
  // At most the messages in flight at once pass the line before one sees it.
  const oneMessageOnDisk = 2 * body.length;
  assert.ok(
    freeBytes(dir) >= INBOX_DISK_RESERVE_BYTES - 4 * oneMessageOnDisk,
    `${freeBytes(dir)} bytes free after the flood`,
  );
  assert.equal(warnings.length, 1, warnings.join('\n'));

  for (let i = 0; i < 540; i++) {
    const created = await sandbox.api('POST', '/payment-links', {
      body: { amount: 1000 + i, title: `After the flood ${i}` },
    });
    assert.equal(created.status, 201, created.text);
  }
  assert.equal((await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total, 540);
});
