// Issue 32's form words, under Node: an amount said alike by the New link form and the API, a URL
// without "://" told what to add, and an export that names the steps needing a request left out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { amountTextProblem } from '../renderer/src/lib/money';
import { fieldOfParam } from '../renderer/src/lib/fieldOfParam';
import { amountWay, minorUnitWords } from '../shared/money';
import { webhookUrlProblem } from '../shared/webhookInputs';
import type { ScenarioNeed } from '../shared/scenario';
import { startTestSandbox, type TestSandbox } from './harness';

describe('amounts typed in the New link form', () => {
  test('a suggestion the currency takes: whole IDR, EUR with its decimals', () => {
    assert.equal(amountTextProblem('abc', 'IDR'), '"abc" is not an amount: enter whole IDR, like 15000.');
    assert.equal(
      amountTextProblem('abc', 'EUR'),
      '"abc" is not an amount: enter EUR with up to 2 decimals, like 15.00.',
    );
    assert.equal(amountTextProblem('250.75', 'IDR'), 'IDR has no decimals: enter whole IDR, like 15000.');
    assert.equal(
      amountTextProblem('12.345', 'USD'),
      'USD has only 2 decimals: enter USD with up to 2 decimals, like 15.00.',
    );
    for (const [text, currency] of [
      ['1,500', 'IDR'],
      ['15000', 'IDR'],
      ['12.34', 'USD'],
      ['15.00', 'EUR'],
    ])
      assert.equal(amountTextProblem(text as string, currency as string), null, `${text} ${currency}`);
    // Each suggestion is itself accepted.
    for (const currency of ['IDR', 'EUR', 'JPY', 'KWD']) {
      const example = /like (\S+)$/.exec(amountWay(currency))?.[1] as string;
      assert.equal(amountTextProblem(example, currency), null, currency);
    }
  });

  test('minor units are named the same way by the form and the API', () => {
    assert.equal(minorUnitWords('IDR'), '1 IDR is 1 minor unit');
    assert.equal(minorUnitWords('EUR'), '1 EUR is 100 minor units');
  });
});

describe('a server error lands on the field its param names', () => {
  test('the param itself, its alias, or its nearest enclosing field', () => {
    const fields = ['url', 'faults', 'transaction_fixed'] as const;
    const aliases = { 'fees.transaction_fixed': 'transaction_fixed' } as const;
    assert.equal(fieldOfParam('url', fields, aliases), 'url');
    assert.equal(fieldOfParam('faults.seed', fields, aliases), 'faults');
    assert.equal(fieldOfParam('faults[2].x', fields, aliases), 'faults');
    assert.equal(fieldOfParam('fees.transaction_fixed', fields, aliases), 'transaction_fixed');
    assert.equal(fieldOfParam('fees', fields, aliases), undefined);
    assert.equal(fieldOfParam(undefined, fields, aliases), undefined);
  });
});

describe('a URL without "://"', () => {
  test('is told what to add, with the address it was probably meant to be', () => {
    const problem = webhookUrlProblem('localhost:4700/ok');
    assert.equal(
      problem,
      '"localhost:4700/ok" has no http:// or https:// in front: add http:// or https://, e.g. http://localhost:4700/ok.',
    );
    assert.equal(
      webhookUrlProblem('hooks.example.com/in'),
      '"hooks.example.com/in" has no http:// or https:// in front: add http:// or https://, e.g. http://hooks.example.com/in.',
    );
    assert.doesNotMatch(webhookUrlProblem('localhost:4700/ok') ?? '', /starts with localhost/);
    assert.match(webhookUrlProblem('ftp://x.example/') ?? '', /starts with ftp:\/\//);
    assert.equal(webhookUrlProblem('http://localhost:4700/ok'), null);
  });
});

describe('the API says an amount the fee exceeds in money and minor units', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  test('EUR: the amount and the fee as euros, and what a minor unit is', async () => {
    const set = await sandbox.consoleApi('PATCH', '/settings', {
      currency: 'EUR',
      fees: { transaction_fixed: 50 },
    });
    assert.equal(set.status, 200, set.text);
    const res = await sandbox.api('POST', '/payment-links', { body: { amount: 10, title: 'Tiny' } });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.param, 'amount');
    assert.match(
      res.body.error.message,
      /^amount 10 is less than the fee of 50 .*\(€0\.10 against a fee of €0\.50; amounts are in minor units, 1 EUR is 100 minor units\)/,
    );
  });
});

describe('Export as scenario names the steps that need a request left out', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  const seqs = async (): Promise<{ seq: number; path: string; status: number }[]> => {
    const res = await sandbox.consoleApi('GET', '/requests?per_page=100');
    return (res.body.data as { seq: number; path: string; status: number }[]).toReversed();
  };
  const exportOf = async (chosen: number[]) => {
    const res = await sandbox.consoleApi('POST', '/requests/scenario', { seqs: chosen });
    assert.equal(res.status, 200, res.text);
    return res.body.needs as ScenarioNeed[];
  };

  test('a reused Idempotency-Key whose first use is not ticked, and a link whose create is not', async () => {
    const body = { amount: 15000, title: 'Keyed' };
    const headers = { 'Idempotency-Key': 'order-9' };
    const first = await sandbox.api('POST', '/payment-links', { body, headers });
    await sandbox.api('POST', '/payment-links', { body, headers });
    const id = first.body.data.id as string;
    await sandbox.api('GET', `/payment-links/${id}`);
    await sandbox.api('GET', '/payment-links/00000000-0000-4000-8000-000000000000');
    const [create, replay, read, missing] = await seqs();
    assert.ok(create && replay && read && missing);

    const needs = await exportOf([replay.seq, read.seq, missing.seq]);
    assert.deepEqual(
      needs.map((n) => [n.seq, n.needs]),
      [
        [replay.seq, create.seq],
        [read.seq, create.seq],
      ],
    );
    assert.match(
      needs[0]?.reason ?? '',
      /reuses Idempotency-Key "order-9", first used by request \d+ \(POST \/payment-links\), which is not ticked/,
    );
    assert.match(
      needs[1]?.reason ?? '',
      new RegExp(`acts on link ${id}, made by request \\d+ \\(POST /payment-links\\), which is not ticked`),
    );

    assert.deepEqual(await exportOf([create.seq, replay.seq, read.seq]), []);
  });
});
