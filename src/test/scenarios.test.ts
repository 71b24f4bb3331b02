import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runScenario } from '../core/scenarios/runScenario';
import { parseScenario } from '../core/scenarios/scenarioFile';
import type { Scenario } from '../shared/scenario';
import { killLeftoverClis, runCli } from './cliProcess';
import { createBody, makeTempDir, startTestSandbox, type TestSandbox } from './harness';

/** A tester's session: every kind of call, answers good and bad. */
async function recordSession(sandbox: TestSandbox): Promise<void> {
  const created = await sandbox.api('POST', '/payment-links', {
    body: createBody({ reference_id: 'order-7', note: 'gift wrap' }),
    headers: { 'Idempotency-Key': 'session-create-1' },
  });
  const id = created.body.data.id as string;
  await sandbox.api('POST', '/payment-links', {
    body: createBody({ reference_id: 'order-7', note: 'gift wrap' }),
    headers: { 'Idempotency-Key': 'session-create-1' },
  });
  await sandbox.api('GET', `/payment-links/${id}`);
  await sandbox.api('GET', '/payment-links?status=pending');
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: id, event: 'paid' } });
  await sandbox.api('POST', `/payment-links/${id}/cancel`);
  await sandbox.api('GET', '/payment-links/00000000-0000-4000-8000-000000000000');
  await sandbox.api('POST', '/payment-links', {
    raw: '{"amount": 12',
    headers: { 'content-type': 'application/json' },
  });
}

describe('scenarios: a recorded session replayed', () => {
  let sandbox: TestSandbox;
  let exported: Scenario;

  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
    await sandbox.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 3.5 } });
    await recordSession(sandbox);
    await sandbox.consoleApi('GET', '/links');
    const res = await sandbox.consoleApi('POST', '/requests/scenario', { name: 'Checkout session' });
    assert.equal(res.status, 200, res.text);
    exported = res.body.data;
  });
  after(() => sandbox.stop());

  test('the export holds the API requests only, oldest first, each with its recorded answer', () => {
    assert.equal(exported.name, 'Checkout session');
    const steps = exported.steps.map((s) =>
      'request' in s ? `${s.request.method} ${s.request.path.split('/')[1]}` : '?',
    );
    assert.equal(steps.length, 8);
    assert.deepEqual(steps.slice(0, 2), ['POST payment-links', 'POST payment-links']);
    const last = exported.steps[7] as Extract<Scenario['steps'][number], { request: unknown }>;
    assert.equal(last.request.raw_body, '{"amount": 12');
    assert.equal(last.expect?.code, 'body_invalid_json');
    assert.equal(
      (exported.settings as { fees: { transaction_percent: number } }).fees.transaction_percent,
      3.5,
    );
    assert.doesNotThrow(() => parseScenario(JSON.stringify(exported)));
  });

  test('replayed on a fresh sandbox, every step matches: ids and times aside, the same answers', async () => {
    const result = await runScenario(exported);
    assert.deepEqual(
      result.steps.filter((s) => !s.ok),
      [],
    );
    assert.equal(result.ok, true);
  });

  test('a change in behaviour turns it red, naming the step and the field', async () => {
    const changed = structuredClone(exported);
    (changed.settings as { fees: { transaction_percent: number } }).fees.transaction_percent = 2.9;
    const result = await runScenario(changed);
    assert.equal(result.ok, false);
    const first = result.steps[0];
    assert.equal(first?.ok, false);
    assert.ok(
      first?.diff.some((line) => /^body\.data\.fee\.transaction: expected \d+, got \d+$/.test(line)),
      first?.diff.join('\n'),
    );
  });

  test('an export of nothing from the API is refused with the reason', async () => {
    const empty = await startTestSandbox({ inMemory: true });
    try {
      await empty.consoleApi('GET', '/links');
      const res = await empty.consoleApi('POST', '/requests/scenario', {});
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /nothing to export/);
      const gone = await empty.consoleApi('POST', '/requests/scenario', { seqs: [999] });
      assert.equal(gone.status, 404);
    } finally {
      await empty.stop();
    }
  });
});

describe('scenarios written by hand', () => {
  test('create, retrieve, simulate, cancel, clock and webhook expectations', async () => {
    const result = await runScenario(
      parseScenario(
        JSON.stringify({
          format: 'payment-links-sandbox/scenario',
          version: 1,
          name: 'Hand-written',
          steps: [
            { create: { amount: 50_000, title: 'Mug' }, as: 'mug', expect: { status: 201 } },
            { create: { amount: 9_000, title: 'Tea' }, as: 'tea' },
            { retrieve: 'mug', expect: { body: { data: { status: 'pending', amount: 50_000 } } } },
            { simulate: 'mug', event: 'paid', payment_method: 'card' },
            { expect_webhook: { type: 'payment_link.paid', link: 'mug' } },
            { cancel: 'mug', expect: { status: 409, code: 'payment_link_not_cancelable' } },
            { advance_clock: { seconds: 2 * 86_400 } },
            { retrieve: 'tea', expect: { body: { data: { status: 'expired' } } } },
            { expect_webhook: { type: 'payment_link.expired', link: 'tea' } },
            { list: { status: 'expired' }, expect: { body: { data: [{ title: 'Tea' }] } } },
          ],
        }),
      ),
    );
    assert.deepEqual(
      result.steps.filter((s) => !s.ok),
      [],
    );
  });

  test('an expectation that does not hold fails with what was expected and what came', async () => {
    const result = await runScenario({
      format: 'payment-links-sandbox/scenario',
      version: 1,
      steps: [
        { create: { amount: 1_000, title: 'A' }, as: 'a' },
        { cancel: 'a', expect: { status: 409 } },
        { expect_webhook: { type: 'payment_link.paid', link: 'a' } },
      ],
    });
    assert.deepEqual(result.steps[1]?.diff, ['status: expected 409, got 200']);
    assert.deepEqual(result.steps[2]?.diff, ['no payment_link.paid webhook event was recorded for a']);
  });

  test('a file that is not a scenario is refused naming the step and the field', () => {
    const head = { format: 'payment-links-sandbox/scenario', version: 1 };
    assert.throws(() => parseScenario('{"format": 1'), /not valid JSON/);
    assert.throws(() => parseScenario('{"steps": []}'), /"format" must be "payment-links-sandbox\/scenario"/);
    assert.throws(() => parseScenario(JSON.stringify({ ...head, version: 9 })), /version 9/);
    assert.throws(
      () => parseScenario(JSON.stringify({ ...head, steps: [{ create: {} }, { fly: 'x' }] })),
      /steps\[1\] names no step: give one of request, create/,
    );
    assert.throws(
      () => parseScenario(JSON.stringify({ ...head, steps: [{ simulate: 'a', event: 'refund' }] })),
      /steps\[0\]\.event/,
    );
    assert.throws(
      () => parseScenario(JSON.stringify({ ...head, steps: [{ retrieve: 'a', extra: 1 }] })),
      /steps\[0\] has an unknown field "extra"/,
    );
  });
});

describe('payment-links-sandbox run FILE', () => {
  let dir: string;
  before(async () => {
    dir = await makeTempDir('pls-scenario-');
  });
  after(killLeftoverClis);

  const write = async (name: string, steps: unknown[]) => {
    const file = join(dir, name);
    await writeFile(
      file,
      JSON.stringify({ format: 'payment-links-sandbox/scenario', version: 1, name, steps }),
    );
    return file;
  };

  test('exits 0 when every step matches, 1 with a readable diff and JUnit XML when one does not', async () => {
    const green = await write('green', [
      { create: { amount: 1_000, title: 'A' }, as: 'a' },
      { retrieve: 'a' },
    ]);
    const ok = await runCli(['run', green], 30_000);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /All 2 steps matched\./);

    const red = await write('red', [
      { create: { amount: 1_000, title: 'A' }, as: 'a' },
      { retrieve: 'a', expect: { body: { data: { title: 'B' } } } },
    ]);
    const junit = join(dir, 'red.xml');
    const failed = await runCli(['run', red, '--junit', junit], 30_000);
    assert.equal(failed.code, 1);
    assert.match(
      failed.stdout,
      /✗ 2 GET \/payment-links\/\{\{a\}\}\n {6}body\.data\.title: expected "B", got "A"/,
    );
    assert.match(failed.stdout, /1 of 2 steps differ\./);
    const xml = await readFile(junit, 'utf8');
    assert.match(xml, /<testsuite name="red" tests="2" failures="1"/);
    assert.match(xml, /<failure message="body\.data\.title: expected &quot;B&quot;, got &quot;A&quot;">/);
  });

  test('exits 2 naming the problem when the file cannot be run', async () => {
    const bad = await write('bad', [{ retrieve: 7 }]);
    const res = await runCli(['run', bad], 30_000);
    assert.equal(res.code, 2);
    assert.match(res.stderr, /steps\[0\]\.retrieve must be string/);
    const none = await runCli(['run'], 30_000);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give exactly one scenario file/);
  });
});
