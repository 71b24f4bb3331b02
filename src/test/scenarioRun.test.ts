// docs/scenarios.md: `run` as a CI step. A step without an answer fails with its reason and the run
// goes on; the JUnit file names each step the same way on every run; the console's export runs as
// saved; a session's fault rules are left out; `--base-url` replays against another server.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killLeftoverClis, runCli } from './cliProcess';
import { createBody, makeTempDir, startTestSandbox, type TestSandbox, writeScenario } from './harness';

const KEY = 'sk_test_scenario_run';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** A client's request that may get no answer (a drop or a lost response): the error is its outcome. */
async function attempt(origin: string, method: string, path: string, body?: unknown, key?: string) {
  try {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: { id: string } } };
  } catch {
    return null;
  }
}

const armFault = (sandbox: TestSandbox, rule: Record<string, unknown>) =>
  sandbox.api('POST', '/sandbox/faults', { body: { remaining: 1, ...rule }, key: KEY });

const testNames = (xml: string): string[] =>
  [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1] as string);

describe('run: an exported session with faults, as saved from the console', () => {
  let recorder: TestSandbox;
  let dir: string;
  let exportFile: string;

  before(async () => {
    dir = await makeTempDir('pls-scenario-run-');
    recorder = await startTestSandbox({ inMemory: true });
    await recorder.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 3.5 } });
    const origin = recorder.origin;
    // A dropped create and its retry; a lost answer and its retry with the same key.
    await armFault(recorder, { match: { method: 'POST', path: '/payment-links' }, action: { type: 'drop' } });
    assert.equal(await attempt(origin, 'POST', '/payment-links', createBody(), 'order-1'), null);
    const first = await attempt(origin, 'POST', '/payment-links', createBody(), 'order-1');
    assert.equal(first?.status, 201);
    await armFault(recorder, {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'lose_response' },
    });
    assert.equal(
      await attempt(origin, 'POST', '/payment-links', createBody({ amount: 2500 }), 'order-2'),
      null,
    );
    const retried = await attempt(origin, 'POST', '/payment-links', createBody({ amount: 2500 }), 'order-2');
    assert.equal(retried?.status, 201);
    await attempt(origin, 'GET', `/payment-links/${retried?.body.data.id}`);
    const exported = await recorder.consoleApi('POST', '/requests/scenario', { name: 'Faulty session' });
    assert.equal(exported.status, 200, exported.text);
    exportFile = join(dir, 'faulty.scenario.json');
    // Saved exactly as the console API answered: the scenario inside {data, meta}.
    await writeFile(exportFile, exported.text);
  });
  after(async () => {
    await recorder.stop();
    await killLeftoverClis();
  });

  test('the export runs as saved, fault steps are left out with a note, and the JUnit folder is made', async () => {
    const junit = join(dir, 'reports', 'nested', 'scenario.xml');
    const res = await runCli(['run', exportFile, '--junit', junit], 30_000);
    assert.equal(res.code, 0, res.stdout + res.stderr);
    const leftOut = res.stdout.split('\n').filter((l) => l.startsWith('  - '));
    assert.deepEqual(
      leftOut.map((l) => l.replace(/ \(left out: .*\)$/, '')),
      ['  - 1 POST /sandbox/faults', '  - 3 POST /sandbox/faults'],
    );
    assert.match(leftOut[0] ?? '', /left out: fault rules are not replayed/);
    assert.match(res.stdout, /All 4 steps matched \(2 left out\)\./);
    const xml = await readFile(junit, 'utf8');
    assert.match(xml, /tests="6" failures="0" skipped="2"/);
    assert.match(xml, /name="1 POST \/sandbox\/faults"[^>]*>\s*<skipped message="left out: fault rules/);
  });

  test('JUnit test names are the same on every run: step number, method and path, no ids', async () => {
    const runs = [];
    for (const n of [1, 2]) {
      const junit = join(dir, `names-${n}.xml`);
      const res = await runCli(['run', exportFile, '--junit', junit], 30_000);
      assert.equal(res.code, 0, res.stdout + res.stderr);
      runs.push(testNames(await readFile(junit, 'utf8')));
    }
    assert.deepEqual(runs[0], runs[1]);
    assert.deepEqual(runs[0], [
      '1 POST /sandbox/faults',
      '2 POST /payment-links',
      '3 POST /sandbox/faults',
      '4 POST /payment-links',
      '5 POST /payment-links',
      '6 GET /payment-links/{id}',
    ]);
  });

  test('--base-url replays against another sandbox and names every field where it differs', async () => {
    const other = await startTestSandbox({ inMemory: true });
    const same = await startTestSandbox({ inMemory: true });
    try {
      await other.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 2.9 } });
      await same.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 3.5 } });
      const differs = await runCli(
        ['run', exportFile, '--base-url', other.origin, '--api-key', 'sk_test_fidelity'],
        30_000,
      );
      assert.equal(differs.code, 1, differs.stdout + differs.stderr);
      assert.match(
        differs.stdout,
        /Note: The scenario's settings are not applied: the server at http:\/\/127\.0\.0\.1:\d+ runs with its own\./,
      );
      assert.match(
        differs.stdout,
        /✗ 2 POST \/payment-links\n(?: {6}.*\n)* {6}body\.data\.fee\.transaction: expected \d+, got \d+\n/,
      );
      assert.match(differs.stdout, / {6}body\.data\.net_amount: expected \d+, got \d+/);
      assert.match(differs.stdout, /4 of 4 steps differ \(2 left out\)\./);
      const listed = await other.api('GET', '/payment-links', { key: 'sk_test_fidelity' });
      assert.equal(listed.body.data.length, 2, 'the steps ran on the other server');

      const matches = await runCli(
        ['run', exportFile, '--base-url', `${same.origin}/`, '--api-key', 'sk_test_fidelity'],
        30_000,
      );
      assert.equal(matches.code, 0, matches.stdout + matches.stderr);
    } finally {
      await other.stop();
      await same.stop();
    }
  });
});

describe('run: a step that gets no answer', () => {
  let server: TestSandbox;
  let dir: string;
  before(async () => {
    dir = await makeTempDir('pls-scenario-noanswer-');
    server = await startTestSandbox({ inMemory: true });
  });
  after(async () => {
    await server.stop();
    await killLeftoverClis();
  });

  const scenario = (name: string) =>
    writeScenario(dir, name, {
      name,
      steps: [
        { create: { amount: 1_000, title: 'A' }, as: 'a' },
        { retrieve: 'a' },
        { retrieve: 'a' },
        { retrieve: 'a', expect: { body: { data: { title: 'A' } } } },
      ],
    });

  test('a dropped connection and a timeout fail their steps with the reason; the next steps run', async () => {
    const read = { method: 'GET', path: '/payment-links/:id' };
    await armFault(server, { match: read, action: { type: 'drop' } });
    await armFault(server, { match: read, action: { type: 'latency', ms: 5_000 } });
    const junit = join(dir, 'out', 'noanswer.xml');
    const res = await runCli(
      [
        'run',
        await scenario('noanswer'),
        '--base-url',
        server.origin,
        '--api-key',
        KEY,
        '--timeout',
        '0.5',
        '--junit',
        junit,
      ],
      30_000,
    );
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.doesNotMatch(res.stderr, /TypeError|fetch failed/);
    assert.match(
      res.stdout,
      /✗ 2 GET \/payment-links\/\{\{a\}\}\n {6}no answer: the connection was closed before an answer came \(.+\)\n/,
    );
    assert.match(
      res.stdout,
      /✗ 3 GET \/payment-links\/\{\{a\}\}\n {6}no answer within 0\.5 s \(--timeout\)\n/,
    );
    assert.match(res.stdout, /✓ 4 GET \/payment-links\/\{\{a\}\}\n2 of 4 steps differ\./);
    const xml = await readFile(junit, 'utf8');
    assert.match(xml, /<testsuite name="noanswer" tests="4" failures="2"/);
    assert.match(xml, /<failure message="no answer within 0\.5 s \(--timeout\)">/);
  });

  test('a server that is not there fails every step with the reason, never a stack', async () => {
    const closed = await startTestSandbox({ inMemory: true });
    const origin = closed.origin;
    await closed.stop();
    const res = await runCli(['run', await scenario('gone'), '--base-url', origin, '--api-key', KEY], 30_000);
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.equal(res.stderr, '');
    assert.match(
      res.stdout,
      new RegExp(
        `✗ 1 POST /payment-links\\n {6}no answer: nothing listens at ${origin} \\(connection refused\\)`,
      ),
    );
    assert.match(res.stdout, /4 of 4 steps differ\./);
  });

  test('against --base-url, a webhook expectation is left out with the reason', async () => {
    const file = await writeScenario(dir, 'webhook', {
      steps: [
        { create: { amount: 1_000, title: 'A' }, as: 'a' },
        { simulate: 'a', event: 'paid' },
        { expect_webhook: { type: 'payment_link.paid', link: 'a' } },
      ],
    });
    const res = await runCli(['run', file, '--base-url', server.origin, '--api-key', KEY], 30_000);
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(
      res.stdout,
      / {2}- 3 expect webhook payment_link\.paid \(left out: the webhook events of a server at --base-url cannot be read\)\nAll 2 steps matched \(1 left out\)\./,
    );
  });

  test('bad options are refused with what is allowed', async () => {
    const file = await scenario('usage');
    const cases: [string[], RegExp][] = [
      [['--timeout', '0'], /--timeout takes seconds from 0\.001 to 3600, not "0"/],
      [['--base-url', 'ftp://x'], /--base-url must be an http:\/\/ or https:\/\/ URL/],
      [['--api-key', KEY], /--api-key goes with --base-url/],
    ];
    for (const [extra, message] of cases) {
      const res = await runCli(['run', file, ...extra], 30_000);
      assert.equal(res.code, 2, extra.join(' '));
      assert.match(res.stderr, message);
    }
  });

  test('a scenario whose api_key the server would refuse is refused before any step, saying what a key is', async () => {
    const file = await writeScenario(dir, 'bad-key', {
      api_key: 'sk_test_a-b',
      steps: [{ create: { amount: 1_000, title: 'A' } }],
    });
    const res = await runCli(['run', file], 30_000);
    assert.equal(res.code, 2, res.stdout + res.stderr);
    assert.match(
      res.stderr,
      /scenario\.api_key must be sk_test_ followed by letters, digits or _; got "sk_test_a-b"\./,
    );
  });

  test('settings the Settings screen would refuse are refused before any step, naming the field', async () => {
    const file = await writeScenario(dir, 'bad-settings', {
      settings: { link_lifetime_seconds: 'a day' },
      steps: [{ create: { amount: 1_000, title: 'A' } }],
    });
    const res = await runCli(['run', file], 30_000);
    assert.equal(res.code, 2, res.stdout + res.stderr);
    assert.match(res.stderr, /The scenario's settings were refused: Invalid link_lifetime_seconds: "a day"/);
  });

  test('no step name carries a UUID', async () => {
    const junit = join(dir, 'names.xml');
    await runCli(['run', await scenario('names'), '--junit', junit], 30_000);
    for (const name of testNames(await readFile(junit, 'utf8'))) assert.doesNotMatch(name, UUID);
  });
});
