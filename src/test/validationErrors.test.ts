// docs/contract.md §3–§4, the 400s: what was wrong and what is allowed, for every kind of bad input.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { assertError } from './errorEnvelope';
import { createBody, createLink, rawRequest, fileSandbox, postLink, postRawLink } from './harness';

const sandbox = fileSandbox();

const post = (body: unknown, headers?: Record<string, string>) => postLink(sandbox, body, headers);
const postRaw = (raw: string, headers?: Record<string, string>) => postRawLink(sandbox, raw, headers);
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('400 body_invalid_json', () => {
  test('a body that does not parse', async () => {
    const res = await postRaw('{"amount": 100, "title": ');
    assertError(res, 400, 'body_invalid_json', { mentions: ['JSON'] });
  });

  test('says where the JSON breaks, once, without the parser sentence', async () => {
    const res = await postRaw('{"amount": 100,}');
    assertError(res, 400, 'body_invalid_json');
    assert.match(
      res.body.error.message,
      /^The body is not valid JSON: .*\((line \d+, column \d+|character \d+)\)\. /,
    );
    assert.doesNotMatch(res.body.error.message, /content-type is set|Unexpected|position/);
  });

  test('every refused body gets one clean sentence saying what to send instead', async () => {
    for (const raw of ['banana', '{"amount": 100', '{"amount": 1} x', "{'amount': 1}"]) {
      const res = await postRaw(raw);
      assertError(res, 400, 'body_invalid_json');
      assert.match(res.body.error.message, /^The body is not valid JSON[:.].* Send one JSON value/, raw);
      assert.doesNotMatch(
        res.body.error.message,
        /content-type is set|Unexpected|is not valid JSON\W*$/,
        raw,
      );
    }
  });

  test('valid JSON with a "__proto__" or constructor.prototype key is refused for that reason', async () => {
    for (const raw of [
      '{"amount": 1, "__proto__": {"x": 1}, "title": "t"}',
      '{"amount": 1, "constructor": {"prototype": {}}, "title": "t"}',
    ]) {
      const res = await postRaw(raw);
      assertError(res, 400, 'body_invalid_json');
      assert.match(res.body.error.message, /is valid JSON but has a "__proto__" or "constructor"/);
    }
  });

  test('no body at all on create', async () => {
    // Without a body there is no JSON to be invalid; either answer names what is wrong.
    const res = await sandbox.api('POST', '/payment-links');
    assert.equal(res.status, 400, res.text);
    if (res.body.error.code === 'parameter_missing')
      assertError(res, 400, 'parameter_missing', { param: 'amount' });
    else assertError(res, 400, 'body_invalid_json', { mentions: ['object'] });
  });

  for (const raw of ['[]', '[{"amount":1,"title":"t"}]', '"text"', '42', 'true', 'null']) {
    test(`JSON that is not an object: ${raw}`, async () => {
      const res = await postRaw(raw);
      assertError(res, 400, 'body_invalid_json', { mentions: ['object'] });
    });
  }

  test('simulate with non-object JSON', async () => {
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      raw: '["paid"]',
      headers: { 'content-type': 'application/json' },
    });
    assertError(res, 400, 'body_invalid_json');
  });
});

describe('400 parameter_missing', () => {
  test('amount', async () => {
    assertError(await post({ title: 'x' }), 400, 'parameter_missing', {
      param: 'amount',
      mentions: ['amount'],
    });
  });
  test('title', async () => {
    assertError(await post({ amount: 100 }), 400, 'parameter_missing', {
      param: 'title',
      mentions: ['title'],
    });
  });
  test('simulate without event', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id } });
    assertError(res, 400, 'parameter_missing', { param: 'event', mentions: ['event'] });
  });
});

describe('400 parameter_invalid', () => {
  const cases: [string, Record<string, unknown>, string, (string | RegExp)[]][] = [
    ['amount as the string "100" (no coercion)', { amount: '100' }, 'amount', ['amount', 'integer']],
    ['amount as a float', { amount: 100.5 }, 'amount', ['amount', 'integer']],
    ['amount 0', { amount: 0 }, 'amount', ['amount', '1']],
    ['amount negative', { amount: -5 }, 'amount', ['amount']],
    ['amount above 100000000000', { amount: 100_000_000_001 }, 'amount', ['amount', '100000000000']],
    ['amount null', { amount: null }, 'amount', ['amount']],
    ['amount true', { amount: true }, 'amount', ['amount']],
    ['title empty', { title: '' }, 'title', ['title', '255']],
    ['title 256 chars', { title: 'x'.repeat(256) }, 'title', ['title', '255']],
    ['title a number', { title: 5 }, 'title', ['title', 'string']],
    ['reference_id empty', { reference_id: '' }, 'reference_id', ['reference_id']],
    ['reference_id 256 chars', { reference_id: 'r'.repeat(256) }, 'reference_id', ['reference_id', '255']],
    ['note 1001 chars', { note: 'n'.repeat(1001) }, 'note', ['note', '1000']],
    [
      'settlement_account_id not a UUID',
      { settlement_account_id: 'acct_1' },
      'settlement_account_id',
      ['UUID'],
    ],
    ['expires_at 30 s from now', { expires_at: inSeconds(30) }, 'expires_at', ['expires_at', '60 seconds']],
    [
      'expires_at 91 days from now',
      { expires_at: inSeconds(91 * 86400) },
      'expires_at',
      ['expires_at', '90 days'],
    ],
    ['expires_at in the past', { expires_at: inSeconds(-3600) }, 'expires_at', ['expires_at']],
    [
      'expires_at without a zone',
      { expires_at: inSeconds(2 * 86400).slice(0, 19) },
      'expires_at',
      ['expires_at', /zone/i],
    ],
    [
      'expires_at a date only',
      { expires_at: inSeconds(2 * 86400).slice(0, 10) },
      'expires_at',
      ['expires_at'],
    ],
    ['expires_at prose', { expires_at: 'tomorrow' }, 'expires_at', ['expires_at']],
  ];
  for (const [name, extra, param, mentions] of cases) {
    test(name, async () => {
      const res = await post(createBody(extra));
      const error = assertError(res, 400, 'parameter_invalid', { param, mentions });
      // Helpful: says what it got wrong, not just "must be ...".
      assert.ok(error.message.includes(param) || param === 'settlement_account_id', error.message);
    });
  }

  test('the boundaries themselves are accepted', async () => {
    for (const extra of [
      { amount: 1 },
      { amount: 100_000_000_000 },
      { title: 't'.repeat(255) },
      { reference_id: 'r'.repeat(255) },
      { note: '' },
      { note: 'n'.repeat(1000) },
      { expires_at: inSeconds(120) },
      { expires_at: inSeconds(89 * 86400) },
      { expires_at: inSeconds(2 * 86400).replace('Z', '+00:00') },
      { settlement_account_id: randomUUID() },
    ]) {
      const res = await post(createBody(extra));
      assert.equal(res.status, 201, `${JSON.stringify(extra).slice(0, 80)} → ${res.text}`);
    }
  });

  test('a path id that is not a UUID', async () => {
    for (const [method, path] of [
      ['GET', '/payment-links/not-a-uuid'],
      ['POST', '/payment-links/12345/cancel'],
    ] as const) {
      const res = await sandbox.api(method, path);
      assertError(res, 400, 'parameter_invalid', { param: 'id', mentions: ['UUID'] });
    }
  });

  test('a path id that is too long or badly %-encoded gets the same answer', async () => {
    // Sent raw: these must not fall through to the framework's own error shape.
    for (const path of [
      `/payment-links/${'a'.repeat(600)}`,
      `/payment-links/${randomUUID()}${'0'.repeat(600)}/cancel`,
      '/payment-links/%zz',
    ]) {
      const res = await rawRequest(sandbox.origin, {
        method: path.endsWith('/cancel') ? 'POST' : 'GET',
        path,
        headers: { authorization: 'Bearer sk_test_x' },
      });
      assertError(res, 400, 'parameter_invalid', { param: 'id' });
    }
  });

  test('expires_at on a leap second (a date-time the format allows but Date cannot read)', async () => {
    const day = inSeconds(2 * 86400).slice(0, 10);
    const res = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: '/payment-links',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/json' },
      body: JSON.stringify(createBody({ expires_at: `${day}T23:59:60Z` })),
    });
    assert.ok(res.status < 500, `${res.status} ${res.text}`);
    if (res.status !== 201) assertError(res, 400, 'parameter_invalid', { param: 'expires_at' });
  });

  test('simulate with an event outside paid, failed, expired', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: link.id, event: 'refunded' },
    });
    assertError(res, 400, 'parameter_invalid', { param: 'event', mentions: ['paid', 'failed', 'expired'] });
  });

  test('list with a bad status', async () => {
    const res = await sandbox.api('GET', '/payment-links?status=paid');
    assertError(res, 400, 'parameter_invalid', { param: 'status', mentions: ['pending'] });
  });
});

describe('400 parameter_unknown', () => {
  test('an unknown body field is named', async () => {
    const res = await post(createBody({ colour: 'red' }));
    assertError(res, 400, 'parameter_unknown', { param: 'colour', mentions: ['colour', 'amount', 'title'] });
  });

  test('a field of the reference the contract does not accept (currency)', async () => {
    const res = await post(createBody({ currency: 'IDR' }));
    assertError(res, 400, 'parameter_unknown', { param: 'currency' });
  });

  test('an unknown field on simulate', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: link.id, event: 'paid', amount: 5 },
    });
    assertError(res, 400, 'parameter_unknown', { param: 'amount' });
  });

  test('a body on cancel', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { body: { reason: 'x' } });
    assertError(res, 400, 'parameter_unknown', { param: 'reason' });
  });

  test('an unknown query parameter', async () => {
    const res = await sandbox.api('GET', '/payment-links?limit=10');
    assertError(res, 400, 'parameter_unknown', { param: 'limit', mentions: ['limit', 'per_page'] });
  });
});

describe('400 idempotency_key_invalid', () => {
  test('an empty key', async () => {
    const res = await post(createBody(), { 'idempotency-key': '' });
    assertError(res, 400, 'idempotency_key_invalid', { param: 'Idempotency-Key', mentions: ['255'] });
  });

  test('a 256-character key', async () => {
    const res = await post(createBody(), { 'idempotency-key': 'k'.repeat(256) });
    assertError(res, 400, 'idempotency_key_invalid', { param: 'Idempotency-Key', mentions: ['255'] });
  });

  test('a 255-character key is fine', async () => {
    const res = await post(createBody(), { 'idempotency-key': 'k'.repeat(255) });
    assert.equal(res.status, 201, res.text);
  });

  test('the same rule on cancel', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, {
      headers: { 'idempotency-key': 'c'.repeat(256) },
    });
    assertError(res, 400, 'idempotency_key_invalid', { param: 'Idempotency-Key' });
  });
});

describe('lenient validation', () => {
  test('ignores unknown body and query fields, and still rejects bad known ones', async () => {
    await sandbox.core.updateSettings({ lenient_validation: true });
    try {
      const created = await post(createBody({ colour: 'red', metadata: { a: 1 } }));
      assert.equal(created.status, 201, created.text);
      assert.ok(!('colour' in created.body.data));
      assert.ok(!('metadata' in created.body.data));
      const listed = await sandbox.api('GET', '/payment-links?limit=5&per_page=2');
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.body.pagination.per_page, 2);
      const simulated = await sandbox.api('POST', '/sandbox/simulate', {
        body: { payment_link_id: created.body.data.id, event: 'paid', extra: true },
      });
      assert.equal(simulated.status, 200, simulated.text);
      assertError(await post(createBody({ amount: '100', colour: 'red' })), 400, 'parameter_invalid', {
        param: 'amount',
      });
      assertError(await post({ colour: 'red', amount: 5 }), 400, 'parameter_missing', { param: 'title' });
    } finally {
      await sandbox.core.updateSettings({ lenient_validation: false });
    }
    assertError(await post(createBody({ colour: 'red' })), 400, 'parameter_unknown', { param: 'colour' });
  });
});
