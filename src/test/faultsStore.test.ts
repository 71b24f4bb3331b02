import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { eventually, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';

// docs/contract.md §13: fault rules are kept in the store with the settings: a restart, an export and an
// import carry them, and an import takes back only rules the API could have made.

const RULES = [
  { match: { method: 'POST', path: '/payment-links' }, action: { type: 'lose_response' }, remaining: 3 },
  { match: { api_key: 'sk_test_slow' }, action: { type: 'latency', ms: 10, jitter_ms: 5 }, probability: 0.5 },
  { action: { type: 'status', status: 429, retry_after_seconds: 2, code: 'slow_down' }, enabled: false },
];

const addRules = async (sandbox: TestSandbox) => {
  for (const rule of RULES)
    assert.equal((await sandbox.api('POST', '/sandbox/faults', { body: rule })).status, 201);
  return (await sandbox.api('GET', '/sandbox/faults')).body.data;
};
const importText = (sandbox: TestSandbox, text: string) =>
  sandbox.api('POST', '/_console/api/store/import', {
    raw: text,
    key: null,
    headers: { 'content-type': 'application/json' },
  });
const exportFile = async (sandbox: TestSandbox) =>
  JSON.parse((await sandbox.api('GET', '/_console/api/store/export', { key: null })).text);

test('a restart keeps the rules, and a count down made before it', async () => {
  const first = await startTestSandbox();
  const dataDir = first.dir as string;
  try {
    const rules = await addRules(first);
    await first.api('POST', '/sandbox/faults', {
      body: { match: { path: '/payment-links/:id' }, action: { type: 'status', status: 500 }, remaining: 2 },
    });
    const res = await first.api('GET', '/payment-links/7c6f5d0a-6a3b-4c1e-9f7e-2b1d3c4e5f60');
    assert.equal(res.status, 500);
    await first.stop({ keepDir: true });
    const second = await startTestSandbox({ dataDir });
    try {
      const kept = (await second.api('GET', '/sandbox/faults')).body.data;
      assert.deepEqual(kept.slice(0, 3), rules);
      assert.equal(kept[3].remaining, 1, 'the hit before the restart was counted durably');
    } finally {
      await second.stop({ keepDir: true });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('export carries the rules, import brings them back; a reset keeps them with the settings', async () => {
  const source = await startTestSandbox({ inMemory: true });
  const target = await startTestSandbox({ inMemory: true });
  try {
    const rules = await addRules(source);
    const file = await exportFile(source);
    assert.deepEqual(file.faults, rules);
    assert.equal((await importText(target, JSON.stringify(file))).status, 200);
    assert.deepEqual((await target.api('GET', '/sandbox/faults')).body.data, rules);
    await target.consoleApi('POST', '/store/reset', { keep_settings: true });
    assert.deepEqual((await target.api('GET', '/sandbox/faults')).body.data, rules);
    await target.consoleApi('POST', '/store/reset', { keep_settings: false });
    assert.deepEqual((await target.api('GET', '/sandbox/faults')).body.data, []);
    delete file.faults;
    assert.equal((await importText(source, JSON.stringify(file))).status, 200, 'a file from before faults');
    assert.deepEqual((await source.api('GET', '/sandbox/faults')).body.data, []);
  } finally {
    await source.stop();
    await target.stop();
  }
});

describe('an import refuses a rule the API could not have made', () => {
  const cases: [string, (rules: any[]) => void, RegExp][] = [
    [
      'an action field of another type',
      (r) => (r[0].action.ms = 5),
      /^faults\[0\]\.action\.ms must fit the action's type/,
    ],
    ['a missing status', (r) => delete r[2].action.status, /^faults\[2\]\.action\.status must fit/],
    ['a repeated id', (r) => (r[1].id = r[0].id), /^faults\[1\]\.id must be unique/],
    [
      'a route rules cannot hit',
      (r) => (r[0].match.path = '/sandbox/clock'),
      /^faults\[0\]\.match\.path must be equal to one of the allowed values/,
    ],
    ['a malformed id', (r) => (r[0].id = 'flt_1'), /^faults\[0\]\.id must match pattern/],
    ['no enabled flag', (r) => delete r[0].enabled, /^faults\[0\] is missing "enabled"/],
    ['an unknown field', (r) => (r[0].hits = 3), /^faults\[0\] has an unknown field "hits"/],
  ];
  for (const [what, change, message] of cases) {
    test(what, async () => {
      const sandbox = await startTestSandbox({ inMemory: true });
      try {
        await addRules(sandbox);
        const file = await exportFile(sandbox);
        change(file.faults);
        const res = await importText(sandbox, JSON.stringify(file));
        assert.equal(res.status, 400, res.text);
        assert.equal(res.body.error.code, 'parameter_invalid');
        assert.match(res.body.error.message, message);
        assert.equal((await sandbox.api('GET', '/sandbox/faults')).body.data.length, RULES.length);
      } finally {
        await sandbox.stop();
      }
    });
  }
});

test('at most 100 rules: the 101st is refused and memory stays bounded, however many are sent', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    const statuses = [];
    for (let i = 0; i < 1000; i++) {
      const res = await sandbox.api('POST', '/sandbox/faults', {
        body: { action: { type: 'drop' }, probability: 0 },
      });
      statuses.push(res.status);
      if (i === 100) assert.match(res.body.error.message, /already 100 fault rules/);
    }
    assert.equal(statuses.filter((s) => s === 201).length, 100);
    assert.equal((await sandbox.api('GET', '/sandbox/faults')).body.data.length, 100);
  } finally {
    await sandbox.stop();
  }
});

test('the console hears of every change, count downs included, as faults.changed', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  const stream = await openEventStream(sandbox.origin);
  try {
    const rule = { match: { path: '/payment-links' }, action: { type: 'status', status: 500 }, remaining: 2 };
    await sandbox.api('POST', '/sandbox/faults', { body: rule });
    await sandbox.api('GET', '/payment-links');
    await sandbox.api('GET', '/payment-links');
    const lists = await eventually(async () => {
      const seen = stream.seen.filter((e) => e.type === 'faults.changed').map((e) => e.data.rules);
      return seen.length === 3 ? seen : undefined;
    }, 'three faults.changed events');
    assert.deepEqual(
      lists.map((rules: { remaining?: number }[]) => rules.map((r) => r.remaining)),
      [[2], [1], []],
    );
  } finally {
    await stream.close();
    await sandbox.stop();
  }
});
