import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ServerCeilings, SharedCeiling, SharedSlots, TRIM_AFTER_MS } from '../core/workspaces/serverCeilings';
import { KEY, sleep, startTestSandbox, type TestSandbox } from './harness';

// docs/contract.md §15, "Shared ceilings": the request log, the inbox, the attempt bodies and the
// endpoint checks running have one ceiling per server, which the workspaces share equally.

const running: TestSandbox[] = [];
after(async () => {
  for (const sandbox of running) await sandbox.stop();
});

const KIB = 1024;

/** Every request-log file under `dir`, the workspaces' folders too: bytes by workspace folder. */
async function requestLogBytes(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!/(^|\/)requests(\.older)?\.jsonl$/.test(entry)) continue;
    const owner = entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/')) : 'default';
    found.set(owner, (found.get(owner) ?? 0) + (await stat(join(dir, entry))).size);
  }
  return found;
}

test("the request log's ceiling is shared: made workspaces shrink default's part on disk, idle or not", async () => {
  const ceilings = new ServerCeilings({
    requestLogBytes: 256 * KIB,
    inboxBytes: 256 * KIB,
    attemptBodyBytes: 256 * KIB,
    endpointChecksRunning: 20,
  });
  const sandbox = await startTestSandbox({ ceilings });
  running.push(sandbox);
  const dir = sandbox.dir as string;
  for (let i = 0; i < 400; i++) await sandbox.api('GET', `/payment-links?per_page=${1 + (i % 20)}`);
  const alone = (await requestLogBytes(dir)).get('default') ?? 0;
  assert.ok(
    alone > 64 * KIB && alone <= 256 * KIB,
    `alone, default keeps more than its later share: ${alone}`,
  );

  for (const name of ['a', 'b', 'c'])
    for (let i = 0; i < 100; i++) {
      const made = await sandbox.api('GET', `/payment-links?per_page=${1 + (i % 20)}`, {
        key: `sk_test_ws_${name}`,
      });
      if (i === 0) await sandbox.api('POST', '/sandbox/reset', { key: `sk_test_ws_${name}` });
      assert.equal(made.status, 200);
    }
  await sleep(TRIM_AFTER_MS + 300);
  const shared = await requestLogBytes(dir);
  assert.deepEqual([...shared.keys()].sort(), ['default', 'workspaces/a', 'workspaces/b', 'workspaces/c']);
  for (const [owner, bytes] of shared)
    assert.ok(bytes <= 64 * KIB, `${owner} keeps at most a quarter of the ceiling: ${bytes} bytes`);
  const total = [...shared.values()].reduce((sum, bytes) => sum + bytes, 0);
  assert.ok(total <= 256 * KIB, `all of them together stay under the ceiling: ${total}`);
  const listed = await sandbox.api('GET', '/sandbox/logs', { key: KEY });
  assert.equal(listed.status, 200, 'default still answers its log, its newest entries kept');
});

test('a shared ceiling divides among the members, and trims the others once a new one joins', async () => {
  const ceiling = new SharedCeiling(900);
  const trims: string[] = [];
  const a = ceiling.join(() => trims.push('a'));
  assert.equal(a.bytes(), 900);
  const b = ceiling.join(() => trims.push('b'));
  ceiling.join(() => trims.push('c'));
  assert.equal(a.bytes(), 300);
  assert.deepEqual(trims, [], 'not at once: one pass for every workspace made meanwhile');
  await sleep(TRIM_AFTER_MS + 100);
  assert.deepEqual(trims.sort(), ['a', 'b', 'c']);
  b.leave();
  assert.equal(a.bytes(), 450, 'a removed workspace gives its part back');
});

test('endpoint checks: the server runs at most its limit, and a busy workspace leaves room for another', () => {
  const slots = new SharedSlots(4);
  const busy = {};
  const other = {};
  for (let i = 0; i < 4; i++) assert.equal(slots.take(busy), null);
  assert.deepEqual(slots.take(other), { all: 4 }, 'the server is full');
  slots.give(busy);
  slots.give(busy);
  assert.equal(slots.take(other), null, 'room again: the other workspace starts one');
  assert.deepEqual(slots.take(busy), { share: 2 }, 'two want checks: the busy one has its half already');
  assert.equal(slots.take(other), null);
  assert.deepEqual(slots.take(other), { all: 4 });
});
