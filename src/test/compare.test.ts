// docs/scenarios.md, "Golden recordings": `compare` checks an app's traffic, recorded from a real
// sandbox's request log, against a golden recording, and catches both broken apps of the doc.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killLeftoverClis, runCli } from './cliProcess';
import { makeTempDir } from './harness';
import { recordShop } from './shopRecording';

describe('compare GOLDEN RECORDING: an app checked against its golden traffic', () => {
  let dir: string;
  let golden: string;
  const file = (name: string) => join(dir, name);

  before(async () => {
    dir = await makeTempDir('pls-compare-');
    golden = file('checkout.golden.ndjson');
    await recordShop(file('good-1.ndjson'));
    await recordShop(file('good-2.ndjson'));
    await recordShop(file('major-units.ndjson'), 'major-units');
    await recordShop(file('fresh-key.ndjson'), 'fresh-key-per-retry');
    const made = await runCli(['compare', golden, file('good-1.ndjson'), '--update'], 30_000);
    assert.equal(made.code, 0, made.stdout + made.stderr);
    assert.match(made.stdout, /Golden .*checkout\.golden\.ndjson new: 5 requests from .*good-1\.ndjson\./);
  });
  after(killLeftoverClis);

  test('--update writes the golden normalized: placeholders for ids and keys, no times', async () => {
    const lines = (await readFile(golden, 'utf8')).trimEnd().split('\n');
    assert.deepEqual(JSON.parse(lines[0] as string), { format: 'payment-links-sandbox/golden', version: 1 });
    assert.deepEqual(
      lines
        .slice(1)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .map(({ request_body: _b, ...r }) => r),
      [
        {
          method: 'POST',
          path: '/payment-links',
          status: 201,
          idempotency_key: 'key#1',
          replayed: false,
          link: 'link#1',
        },
        {
          method: 'POST',
          path: '/payment-links',
          status: 201,
          idempotency_key: 'key#1',
          replayed: true,
          link: 'link#1',
        },
        { method: 'POST', path: '/sandbox/faults', status: 201, idempotency_key: null, replayed: false },
        {
          method: 'POST',
          path: '/payment-links',
          status: 201,
          idempotency_key: 'key#2',
          replayed: false,
          link: 'link#2',
          fault: 'lose_response',
        },
        {
          method: 'POST',
          path: '/payment-links',
          status: 201,
          idempotency_key: 'key#2',
          replayed: true,
          link: 'link#2',
        },
      ],
    );
    assert.deepEqual(JSON.parse(lines[1] as string).request_body, {
      amount: 150000,
      title: 'Cart c1',
      reference_id: 'c1',
    });
  });

  test('another run of the same app matches, though its ids, keys and times are all new', async () => {
    const res = await runCli(['compare', golden, file('good-2.ndjson')], 30_000);
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(res.stdout, /good-2\.ndjson matches .*checkout\.golden\.ndjson: 5 requests\./);
  });

  test('the console request log (a JSON array of its entries) is a recording too', async () => {
    await recordShop(file('console.json'), undefined, 'console');
    const res = await runCli(['compare', golden, file('console.json')], 30_000);
    assert.equal(res.code, 0, res.stdout + res.stderr);
  });

  test('an app that sends amounts in major units fails, naming the field and both values', async () => {
    const res = await runCli(['compare', golden, file('major-units.ndjson')], 30_000);
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.match(
      res.stdout,
      /major-units\.ndjson differs from .*checkout\.golden\.ndjson \(golden 5 requests, recording 5\):/,
    );
    assert.match(
      res.stdout,
      / {2}~ golden 1 POST \/payment-links key#1 → 201\n {4}recording 1 POST \/payment-links key#1 → 201\n {8}request_body\.amount: golden 150000, recording 1500\n/,
    );
    assert.match(res.stdout, / {8}request_body\.amount: golden 2400, recording 24\n/);
  });

  test('an app that sends a fresh Idempotency-Key per retry fails: the double click and the retry made new links', async () => {
    const res = await runCli(['compare', golden, file('fresh-key.ndjson')], 30_000);
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.deepEqual(res.stdout.split('\n').slice(1), [
      '  ~ golden 2 POST /payment-links key#1 → 201 (replayed)',
      '    recording 2 POST /payment-links key#2 → 201',
      '        idempotency_key: golden "key#1" (same as 1 request before), recording "key#2" (new)',
      '        replayed: golden true, recording false',
      '        link: golden "link#1" (same as 1 request before), recording "link#2" (new)',
      '  ~ golden 5 POST /payment-links key#2 → 201 (replayed)',
      '    recording 5 POST /payment-links key#4 → 201',
      '        idempotency_key: golden "key#2" (same as 1 request before), recording "key#4" (new)',
      '        replayed: golden true, recording false',
      '        link: golden "link#2" (same as 1 request before), recording "link#4" (new)',
      '',
    ]);
  });

  test('one extra request is one + line: the requests after it still pair with the golden', async () => {
    const entries = (await readFile(file('good-2.ndjson'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .reverse();
    const created = entries[0] as { at: string; seq: number; link_id: string };
    const extra = {
      ...created,
      seq: created.seq + 0.5,
      method: 'GET',
      path: `/payment-links/${created.link_id}`,
      status: 200,
      idempotency_key: null,
      request_body: null,
    };
    const lines = [entries[0], extra, ...entries.slice(1)].map((e) => JSON.stringify(e));
    await writeFile(file('extra.ndjson'), lines.join('\n'));
    const res = await runCli(['compare', golden, file('extra.ndjson')], 30_000);
    assert.equal(res.code, 1, res.stdout + res.stderr);
    const marks = res.stdout.split('\n').filter((l) => /^ {2}[~+-] /.test(l));
    assert.deepEqual(marks, [
      '  + recording 2 GET /payment-links/link#1 → 200: not in the golden',
      '  ~ golden 2 POST /payment-links key#1 → 201 (replayed)',
    ]);
    assert.match(
      res.stdout,
      /idempotency_key: golden "key#1" \(same as 1 request before\), recording "key#1" \(same as 2 requests before\)/,
    );
  });

  test('--ignore leaves a field out, as a dotted path or a JSON path', async () => {
    for (const path of ['request_body.amount', '$.request_body.amount']) {
      const res = await runCli(['compare', golden, file('major-units.ndjson'), '--ignore', path], 30_000);
      assert.equal(res.code, 0, `${path}\n${res.stdout}${res.stderr}`);
    }
    const keys = await runCli(
      ['compare', golden, file('fresh-key.ndjson'), '--ignore', 'idempotency_key', '--ignore', 'replayed'],
      30_000,
    );
    assert.equal(keys.code, 1, 'the second link still shows');
    assert.doesNotMatch(keys.stdout, /idempotency_key:|replayed:/);
    assert.match(
      keys.stdout,
      /link: golden "link#1" \(same as 1 request before\), recording "link#2" \(new\)/,
    );
  });

  test('--update over a golden prints what changed, then the new golden matches', async () => {
    const moving = file('moving.golden.ndjson');
    await writeFile(moving, await readFile(golden, 'utf8'));
    const res = await runCli(['compare', moving, file('major-units.ndjson'), '--update'], 30_000);
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(res.stdout, /^ {2}~ golden 1 POST \/payment-links key#1 → 201\n/);
    assert.match(res.stdout, /moving\.golden\.ndjson updated: 5 requests from .*major-units\.ndjson\.\n$/);
    const again = await runCli(['compare', moving, file('major-units.ndjson')], 30_000);
    assert.equal(again.code, 0, again.stdout + again.stderr);
  });

  test('bad usage and unreadable files exit 2 saying what is wrong', async () => {
    await writeFile(file('broken.ndjson'), '{"type":"api_request","method":"GET"}\n');
    await writeFile(file('garbled.ndjson'), '{"type":"webhook_attempt"}\nnot json\n');
    const cases: [string[], RegExp][] = [
      [[golden], /give a GOLDEN file and a RECORDING file/],
      [
        [file('none.ndjson'), file('good-1.ndjson')],
        /none\.ndjson: cannot read it: .*\(--update writes it from the recording\)/,
      ],
      [
        [golden, file('broken.ndjson')],
        /broken\.ndjson: line 1: "path" must be a path starting with \/, not missing/,
      ],
      [
        [golden, file('good-1.ndjson'), '--ignore', 'request_body..x'],
        /--ignore "request_body\.\.x" does not name a field/,
      ],
    ];
    for (const [args, message] of cases) {
      const res = await runCli(['compare', ...args], 30_000);
      assert.equal(res.code, 2, args.join(' '));
      assert.match(res.stderr, message);
    }
  });
});
