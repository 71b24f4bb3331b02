import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { test } from 'node:test';
import { runScenario } from '../core/scenarios/runScenario';
import { createBody, makeTempDir, startTestSandbox } from './harness';

const apiEntries = async (sandbox: Awaited<ReturnType<typeof startTestSandbox>>) =>
  (await sandbox.consoleApi('GET', '/requests')).body.data as { seq: number; path: string; status: number }[];

test('a request a fault rule answered keeps its body, names the rule, and replays', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    const rule = (
      await sandbox.api('POST', '/sandbox/faults', {
        body: {
          match: { method: 'POST', path: '/payment-links' },
          action: { type: 'status', status: 500 },
          remaining: 1,
        },
      })
    ).body.data;
    const raw = JSON.stringify(createBody({ title: 'Faulted order' }));
    const faulted = await sandbox.api('POST', '/payment-links', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(faulted.status, 500);
    const [entry] = await apiEntries(sandbox);
    const detail = (await sandbox.consoleApi('GET', `/requests/${entry?.seq}`)).body.data;
    assert.equal(detail.request_body, raw, 'the body the app sent, though the fault answered first');
    assert.deepEqual(detail.fault, { rule_id: rule.id, action: 'status' });
    const replay = await sandbox.consoleApi('POST', `/requests/${entry?.seq}/replay`);
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.body.data.status, 201, 'the rule is used up: the replay creates the link');
    assert.equal(JSON.parse(replay.body.data.response_body).data.title, 'Faulted order');
  } finally {
    await sandbox.stop();
  }
});

test("the console's own calls never push the app's requests out, and a restart keeps them", async () => {
  const dir = await makeTempDir();
  try {
    const first = await startTestSandbox({ dataDir: dir });
    for (let i = 0; i < 3; i++)
      await first.api('POST', '/payment-links', { body: createBody({ title: `Kept ${i}` }) });
    // Ten times the 1,000 other entries the log keeps in memory.
    for (let i = 0; i < 1100; i++) await first.consoleApi('GET', '/settings');
    const before = await apiEntries(first);
    assert.equal(before.length, 3);
    await first.stop({ keepDir: true });

    const second = await startTestSandbox({ dataDir: dir });
    try {
      const after = await apiEntries(second);
      assert.deepEqual(after, before, 'the same entries after a restart');
      const detail = (await second.consoleApi('GET', `/requests/${after[0]?.seq}`)).body.data;
      assert.match(detail.request_body, /Kept 2/);
      await second.api('GET', '/payment-links');
      const [newest] = await apiEntries(second);
      assert.ok((newest?.seq ?? 0) > (after[0]?.seq ?? 0), 'numbers continue after a restart');

      const reset = await second.api('POST', '/sandbox/reset');
      assert.equal(reset.status, 200, reset.text);
      assert.equal(reset.body.data.removed?.requests ?? reset.body.data.requests, 4);
      assert.deepEqual(
        (await apiEntries(second)).map((e) => e.path),
        ['/sandbox/reset'],
        'only the reset itself, logged once it answered',
      );
    } finally {
      await second.stop({ keepDir: true });
    }
    const third = await startTestSandbox({ dataDir: dir });
    assert.deepEqual(
      (await apiEntries(third)).map((e) => e.path),
      ['/sandbox/reset'],
      'a reset empties the log on disk too',
    );
    await third.stop({ keepDir: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('request_log_mb bounds the log in bytes: lowering it drops the oldest, a restart keeps the bound', async () => {
  const dir = await makeTempDir();
  try {
    const sandbox = await startTestSandbox({ dataDir: dir });
    const bad = await sandbox.consoleApi('PATCH', '/settings', { request_log_mb: 0 });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /request_log_mb/);
    const huge = await sandbox.consoleApi('PATCH', '/settings', { request_log_mb: 257 });
    assert.equal(huge.status, 400);
    assert.match(huge.text, /request_log_mb.*from 1 to 256/);
    const note = 'n'.repeat(60_000);
    // About 3 MiB of bodies, three times a 1 MiB budget.
    for (let i = 0; i < 25; i++)
      await sandbox.api('POST', '/payment-links', {
        body: createBody({ title: `Big ${i}`, metadata: { note } }),
      });
    const all = await apiEntries(sandbox);
    assert.equal(all.length, 25);
    const set = await sandbox.consoleApi('PATCH', '/settings', { request_log_mb: 1 });
    assert.equal(set.status, 200, set.text);
    const kept = await apiEntries(sandbox);
    assert.ok(kept.length < 25 && kept.length > 0, `${kept.length} kept`);
    assert.deepEqual(kept, all.slice(0, kept.length), 'the oldest went first');
    await sandbox.stop({ keepDir: true });
    const again = await startTestSandbox({ dataDir: dir });
    assert.deepEqual(await apiEntries(again), kept);
    await again.stop({ keepDir: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('Export as scenario names what it left out and why, and what it exports replays green', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    // A store with links from before the recording: a list's total differs on a fresh sandbox.
    for (let i = 0; i < 5; i++) await sandbox.api('POST', '/payment-links', { body: createBody() });
    const from = ((await apiEntries(sandbox))[0]?.seq ?? 0) + 1;
    const statusRule = await sandbox.api('POST', '/sandbox/faults', {
      body: {
        match: { method: 'POST', path: '/payment-links' },
        action: { type: 'status', status: 500 },
        remaining: 1,
      },
    });
    await sandbox.api('POST', '/payment-links', { body: createBody({ title: 'Faulted' }) });
    const dropRule = (
      await sandbox.api('POST', '/sandbox/faults', {
        body: { match: { method: 'GET', path: '/payment-links' }, action: { type: 'drop' }, remaining: 1 },
      })
    ).body.data;
    await fetch(`${sandbox.origin}/payment-links`, {
      headers: { authorization: 'Bearer sk_test_harness' },
    }).catch(() => null);
    await sandbox.api('POST', '/payment-links', { body: createBody({ title: 'Made' }) });
    await sandbox.api('GET', '/payment-links?per_page=3');
    const seqs = (await apiEntries(sandbox)).filter((e) => e.seq >= from).map((e) => e.seq);
    assert.equal(seqs.length, 6);

    const res = await sandbox.consoleApi('POST', '/requests/scenario', { seqs });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.left_out.map((e: { method: string; path: string; reason: string }) => [
        e.method,
        e.path,
        e.reason,
      ]),
      [
        [
          'POST',
          '/payment-links',
          `fault rule ${statusRule.body.data.id} answered it in the API's place, so the API never ran it`,
        ],
        ['GET', '/payment-links', `fault rule ${dropRule.id} dropped it before the API ran it`],
      ],
    );
    assert.equal(res.body.data.steps.length, 4, 'two fault rules, the create and the list');
    const result = await runScenario(res.body.data);
    assert.deepEqual(
      result.steps.filter((s) => !s.ok),
      [],
    );
    assert.equal(result.ok, true);
  } finally {
    await sandbox.stop();
  }
});

test('an import keeps the request log: it is what the app sent, not the sandbox data the file replaces', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    await sandbox.api('POST', '/payment-links', { body: createBody({ title: 'Before the import' }) });
    const before = await apiEntries(sandbox);
    const file = (await sandbox.api('GET', '/_console/api/store/export', { key: null })).text;
    const imported = await sandbox.api('POST', '/_console/api/store/import', {
      raw: file,
      key: null,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(imported.status, 200, imported.text);
    assert.deepEqual(await apiEntries(sandbox), before);
  } finally {
    await sandbox.stop();
  }
});
