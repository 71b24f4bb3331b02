// Many links falling due at once (docs/decisions.md, "Mass changes"): an advance of the clock over
// an imported store of pending links, and a start-up on a store whose links are overdue. The server
// keeps answering while the changes are applied in slices (a list may show them partly applied), a
// retrieve of a due link shows it changed, the advance answers once all of it is applied and on
// disk, and the webhook events are recorded in the order the links fell due.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { makeTempDir, startTestSandbox, TestClock, type TestSandbox } from './harness';
import { link } from './linkFixture';

const LINKS = 30_000;
const DAY_MS = 86_400_000;

/** An export of `sandbox` with `count` pending links added, each expiring 10 ms after the one before. */
async function withPendingLinks(
  sandbox: TestSandbox,
  count: number,
): Promise<{ text: string; ids: string[] }> {
  const doc = JSON.parse((await sandbox.api('GET', '/_console/api/store/export', { key: null })).text);
  const now = sandbox.clock.now();
  const ids: string[] = [];
  // Created in one order, due in the reverse one: the order of expiry is not the order of the list.
  doc.links = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    ids.push(id);
    return link(id, {
      settlement_account_id: doc.settlement_account_id,
      created_at: new Date(now - 60_000 + i).toISOString(),
      // 10 ms apart: even 300,000 of them all fall due within a two-day advance.
      expires_at: new Date(now + DAY_MS + (count - i) * 10).toISOString(),
    });
  });
  return { text: JSON.stringify(doc), ids };
}

const importText = async (sandbox: TestSandbox, text: string) => {
  const res = await sandbox.api('POST', '/_console/api/store/import', {
    raw: text,
    key: null,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.status, 200, res.text);
};

const total = async (sandbox: TestSandbox, status: string): Promise<number> => {
  const res = await sandbox.api('GET', `/payment-links?status=${status}&per_page=1`);
  assert.equal(res.status, 200);
  return res.body.pagination.total as number;
};

/** Lists pending links again and again until `done` resolves; every total seen, in order. */
async function pendingTotalsUntil(sandbox: TestSandbox, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const seen: number[] = [];
  while (!finished) seen.push(await total(sandbox, 'pending'));
  return seen;
}

/** The webhook events as the store recorded them, oldest first: each expiry's link and moment. */
async function recordedExpiries(sandbox: TestSandbox): Promise<{ link: string; at: string }[]> {
  const doc = JSON.parse((await sandbox.api('GET', '/_console/api/store/export', { key: null })).text);
  return (doc.events as { type: string; timestamp: string; data: { id: string } }[])
    .filter((e) => e.type === 'payment_link.expired')
    .map((e) => ({ link: e.data.id, at: e.timestamp }));
}

function assertInTimeOrder(expiries: { link: string; at: string }[], except: Set<string>): void {
  let last = '';
  for (const { link: id, at } of expiries) {
    if (except.has(id)) continue;
    assert.ok(at >= last, `the expiry of ${id} at ${at} was recorded after one at ${last}`);
    last = at;
  }
}

describe(`${LINKS.toLocaleString('en')} pending links falling due at once`, () => {
  const dirs: string[] = [];
  const running: TestSandbox[] = [];
  after(async () => {
    for (const sandbox of running) await sandbox.stop({ keepDir: true });
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  test('an advance over them: the server answers while it runs, a due link retrieved is expired, and once it answers all of it is applied, durable and in order', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const clock = new TestClock();
    const sandbox = await startTestSandbox({ dataDir, clock });
    running.push(sandbox);
    await sandbox.consoleApi('PATCH', '/settings', { event_retention: 1_000_000 });
    const { text, ids } = await withPendingLinks(sandbox, LINKS);
    await importText(sandbox, text);
    assert.equal(await total(sandbox, 'pending'), LINKS);

    const advance = sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 2 * 86_400 } });
    const seen = await pendingTotalsUntil(sandbox, advance);
    // The link that falls due first is created last; the one created first falls due last.
    const lastInLine = ids[0] as string;
    const retrieved = await sandbox.api('GET', `/payment-links/${lastInLine}`);
    assert.equal((await advance).status, 200);

    assert.ok(
      seen.some((n) => n > 0 && n < LINKS),
      `a list read while the advance ran saw it partly applied (pending totals seen: ${[...new Set(seen)].slice(0, 10).join(', ')})`,
    );
    assert.equal(retrieved.body.data.status, 'expired');
    assert.equal(await total(sandbox, 'pending'), 0);
    assert.equal(await total(sandbox, 'expired'), LINKS);
    const expiries = await recordedExpiries(sandbox);
    assert.equal(expiries.length, LINKS);
    assertInTimeOrder(expiries, new Set());

    await sandbox.stop({ keepDir: true });
    const again = await startTestSandbox({ dataDir, clock });
    running.push(again);
    assert.equal(await total(again, 'expired'), LINKS, 'every expiry the advance answered for is on disk');
  });

  test('a start on a store whose links are overdue listens first and catches up in slices, in order', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const clock = new TestClock();
    const first = await startTestSandbox({ dataDir, clock });
    running.push(first);
    await first.consoleApi('PATCH', '/settings', { event_retention: 1_000_000 });
    const { text, ids } = await withPendingLinks(first, LINKS);
    await importText(first, text);
    await first.stop({ keepDir: true });

    // Two days later, as a tester who closed the app and opened it again.
    clock.advance(2 * DAY_MS);
    const sandbox = await startTestSandbox({ dataDir, clock });
    running.push(sandbox);
    const retrieved = await sandbox.api('GET', `/payment-links/${ids[0]}`);
    const seen: number[] = [];
    for (let n = await total(sandbox, 'pending'); n > 0; n = await total(sandbox, 'pending')) seen.push(n);

    assert.equal(retrieved.body.data.status, 'expired', 'a due link is applied before it is shown');
    assert.ok(
      seen.length > 0 && seen[0] !== undefined && seen[0] > 0,
      'the server answered before the catch-up ended',
    );
    assert.equal(await total(sandbox, 'expired'), LINKS);
    const expiries = await recordedExpiries(sandbox);
    assert.equal(expiries.length, LINKS);
    // The retrieved link went ahead of its turn: the rest are in the order they fell due.
    assertInTimeOrder(expiries, new Set([ids[0] as string]));
  });

  test('a stop while a start-up catches up warns of nothing, and the next start finishes the catch-up', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const clock = new TestClock();
    const first = await startTestSandbox({ dataDir, clock });
    running.push(first);
    await importText(first, (await withPendingLinks(first, LINKS)).text);
    await first.stop({ keepDir: true });

    clock.advance(2 * DAY_MS);
    const warnings: string[] = [];
    const onWarning = (warning: Error): number => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const stopped = await startTestSandbox({ dataDir, clock });
      running.push(stopped);
      assert.ok((await total(stopped, 'pending')) > 0, 'the catch-up was still running');
      await stopped.stop({ keepDir: true });
      // A warning is emitted on the next tick: give any that a slice after the stop would cause its turn.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings, [], 'a stop is not reported as a failed catch-up');

    const again = await startTestSandbox({ dataDir, clock });
    running.push(again);
    while ((await total(again, 'pending')) > 0);
    assert.equal(await total(again, 'expired'), LINKS);
  });
});
