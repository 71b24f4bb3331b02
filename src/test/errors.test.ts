// Contract §1–§4: every row of the error table that a client can produce, through real HTTP.
//
// Not covered, on purpose: 500 api_error / internal_error. The contract reserves it for a bug
// ("never expected"), so no well-behaved request can produce it; malformedInput.test.ts instead
// asserts that no input at all gets a 5xx.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  createBody,
  createLink,
  rawRequest,
  startTestSandbox,
  type ApiResponse,
  type TestSandbox,
} from './harness';

// The contract's table (§3), written out here rather than imported, so the product cannot drift.
const TYPE_OF: Record<string, string> = {
  body_invalid_json: 'invalid_request_error',
  parameter_missing: 'invalid_request_error',
  parameter_invalid: 'invalid_request_error',
  parameter_unknown: 'invalid_request_error',
  idempotency_key_invalid: 'invalid_request_error',
  api_key_missing: 'authentication_error',
  api_key_invalid: 'authentication_error',
  api_key_live_mode: 'authentication_error',
  resource_not_found: 'invalid_request_error',
  route_not_found: 'invalid_request_error',
  method_not_allowed: 'invalid_request_error',
  payment_link_not_cancelable: 'invalid_request_error',
  invalid_state_transition: 'invalid_request_error',
  idempotency_request_in_progress: 'idempotency_error',
  body_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  host_not_allowed: 'invalid_request_error',
  idempotency_key_reused: 'idempotency_error',
};

interface Expect {
  param?: string;
  /** Each must appear in `message` (strings case-insensitively). */
  mentions?: (string | RegExp)[];
}

type AnyResponse =
  ApiResponse | { status: number; headers: Record<string, string | string[] | undefined>; text: string };

function header(res: AnyResponse, name: string): string | null {
  if (res.headers instanceof Headers) return res.headers.get(name);
  const value = res.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** The error envelope of contract §2, with the status, type and code of §3. */
function assertError(res: AnyResponse, status: number, code: string, expect: Expect = {}) {
  const where = `${status} ${code} expected, got ${res.status} ${res.text.slice(0, 300)}`;
  assert.equal(res.status, status, where);
  assert.match(header(res, 'content-type') ?? '', /^application\/json/, where);
  const body = JSON.parse(res.text);
  assert.deepEqual(Object.keys(body).sort(), ['error', 'meta'], where);
  const error = body.error;
  assert.equal(error.code, code, where);
  assert.equal(error.type, TYPE_OF[code], where);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 10, `message too short to help: ${error.message}`);
  for (const key of Object.keys(error)) assert.ok(['type', 'code', 'message', 'param'].includes(key), key);
  if (expect.param !== undefined) assert.equal(error.param, expect.param, where);
  for (const m of expect.mentions ?? []) {
    if (typeof m === 'string') {
      assert.ok(
        error.message.toLowerCase().includes(m.toLowerCase()),
        `"${error.message}" should mention ${m}`,
      );
    } else assert.match(error.message, m);
  }
  assert.match(body.meta.request_id, /^req_/);
  assert.equal(header(res, 'x-request-id'), body.meta.request_id);
  if (status === 401) assert.equal(header(res, 'www-authenticate'), 'Bearer');
  return error as { type: string; code: string; message: string; param?: string };
}

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(() => sandbox.stop());

const post = (body: unknown, headers?: Record<string, string>) =>
  sandbox.api('POST', '/payment-links', { body, headers });
const postRaw = (raw: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  sandbox.api('POST', '/payment-links', { raw, headers });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('400 body_invalid_json', () => {
  test('a body that does not parse', async () => {
    const res = await postRaw('{"amount": 100, "title": ');
    assertError(res, 400, 'body_invalid_json', { mentions: ['JSON'] });
  });

  test('an empty body sent as application/json', async () => {
    const res = await postRaw('');
    assertError(res, 400, 'body_invalid_json', { mentions: ['JSON'] });
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

describe('401', () => {
  test('api_key_missing on every API operation', async () => {
    const link = await createLink(sandbox);
    for (const [method, path, body] of [
      ['POST', '/payment-links', createBody()],
      ['GET', '/payment-links', undefined],
      ['GET', `/payment-links/${link.id}`, undefined],
      ['POST', `/payment-links/${link.id}/cancel`, undefined],
      ['POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' }],
    ] as const) {
      const res = await sandbox.api(method, path, { key: null, body });
      assertError(res, 401, 'api_key_missing', { mentions: ['sk_test_'] });
    }
    // Nothing happened to the link.
    assert.equal((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status, 'pending');
  });

  for (const authorization of [
    'sk_test_abc',
    'Basic c2tfdGVzdF9hYmM6',
    'Bearer',
    'Bearer ',
    'Bearer sk_test_',
    'Bearer pk_test_abc',
    'Bearer sk_test_ab-c',
    'Bearer sk_test_abc extra',
    'Token sk_test_abc',
  ]) {
    test(`api_key_invalid for Authorization: ${JSON.stringify(authorization)}`, async () => {
      const res = await sandbox.api('GET', '/payment-links', { headers: { authorization } });
      // "Bearer " is trimmed by the HTTP stack to "Bearer" either way; both are malformed, not missing.
      assertError(res, 401, 'api_key_invalid', { mentions: ['sk_test_'] });
    });
  }

  test('api_key_live_mode for sk_live_ keys', async () => {
    const res = await sandbox.api('POST', '/payment-links', { key: 'sk_live_abc123', body: createBody() });
    assertError(res, 401, 'api_key_live_mode', { mentions: ['test-mode', 'sk_test_'] });
  });

  test('a restricted key list refuses other well-formed keys', async () => {
    await sandbox.core.updateSettings({ api_keys: ['sk_test_allowed'] });
    try {
      const other = await sandbox.api('GET', '/payment-links', { key: 'sk_test_other' });
      assertError(other, 401, 'api_key_invalid');
      const created = await sandbox.api('POST', '/payment-links', {
        key: 'sk_test_other',
        body: createBody(),
      });
      assertError(created, 401, 'api_key_invalid');
      const allowed = await sandbox.api('POST', '/payment-links', {
        key: 'sk_test_allowed',
        body: createBody(),
      });
      assert.equal(allowed.status, 201, allowed.text);
      // Live keys are still told apart from unknown ones.
      assertError(await sandbox.api('GET', '/payment-links', { key: 'sk_live_x' }), 401, 'api_key_live_mode');
    } finally {
      await sandbox.core.updateSettings({ api_keys: [] });
    }
    assert.equal((await sandbox.api('GET', '/payment-links', { key: 'sk_test_other' })).status, 200);
  });

  test('authentication comes before body validation', async () => {
    const res = await sandbox.api('POST', '/payment-links', {
      key: null,
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    assertError(res, 401, 'api_key_missing');
  });

  test('/openapi.json needs no key', async () => {
    const res = await fetch(`${sandbox.origin}/openapi.json`);
    assert.equal(res.status, 200);
  });
});

describe('404', () => {
  test('resource_not_found for a well-formed id that names no link', async () => {
    const id = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/payment-links/${id}`, undefined],
      ['POST', `/payment-links/${id}/cancel`, undefined],
      ['POST', '/sandbox/simulate', { payment_link_id: id, event: 'paid' }],
    ] as const) {
      const res = await sandbox.api(method, path, { body });
      assertError(res, 404, 'resource_not_found', { mentions: [id] });
    }
  });

  for (const [method, path] of [
    ['GET', '/nope'],
    ['GET', '/v1/payment-links'],
    ['POST', '/payment-links/00000000-0000-4000-8000-000000000000/refund'],
    ['GET', '/sandbox'],
  ] as const) {
    test(`route_not_found: ${method} ${path}`, async () => {
      const res = await sandbox.api(method, path);
      assertError(res, 404, 'route_not_found', { mentions: [path, '/payment-links'] });
    });
  }
});

describe('405 method_not_allowed', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  for (const [method, path, allowed] of [
    ['DELETE', '/payment-links', ['GET', 'POST']],
    ['PUT', '/payment-links', ['GET', 'POST']],
    ['PATCH', `/payment-links/${id}`, ['GET']],
    ['DELETE', `/payment-links/${id}`, ['GET']],
    ['POST', `/payment-links/${id}`, ['GET']],
    ['GET', `/payment-links/${id}/cancel`, ['POST']],
    ['GET', '/sandbox/simulate', ['POST']],
  ] as const) {
    test(`${method} ${path.replace(id, '{id}')}`, async () => {
      const res = await sandbox.api(method, path);
      assertError(res, 405, 'method_not_allowed', { mentions: [...allowed] });
      const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim());
      for (const m of allowed) assert.ok(allow.includes(m), `Allow: ${allow.join(', ')} lacks ${m}`);
      assert.ok(!allow.includes(method), `Allow must not list ${method}`);
    });
  }
});

describe('409', () => {
  test('payment_link_not_cancelable for canceled, succeeded and expired links', async () => {
    for (const setUp of ['cancel', 'paid', 'expired'] as const) {
      const link = await createLink(sandbox);
      const first =
        setUp === 'cancel'
          ? await sandbox.api('POST', `/payment-links/${link.id}/cancel`)
          : await sandbox.api('POST', '/sandbox/simulate', {
              body: { payment_link_id: link.id, event: setUp },
            });
      assert.equal(first.status, 200, first.text);
      const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
      assertError(res, 409, 'payment_link_not_cancelable', { mentions: [first.body.data.status] });
    }
  });

  test('invalid_state_transition when simulating on a link that is not pending', async () => {
    const link = await createLink(sandbox);
    assert.equal((await sandbox.api('POST', `/payment-links/${link.id}/cancel`)).status, 200);
    for (const event of ['paid', 'failed', 'expired']) {
      const res = await sandbox.api('POST', '/sandbox/simulate', {
        body: { payment_link_id: link.id, event },
      });
      assertError(res, 409, 'invalid_state_transition', { mentions: ['canceled', 'pending'] });
    }
  });

  test('idempotency_request_in_progress while the first request with the key is still being written', async () => {
    // The durable write of the first request is held (as a slow disk would hold it); everything
    // else — routing, validation, the idempotency guard — is the real server.
    const store = sandbox.core.store;
    const commit = store.commit;
    let held = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    store.commit = async (...args: Parameters<typeof commit>) => {
      held = true;
      await gate;
      return commit.apply(store, args);
    };
    try {
      const headers = { 'idempotency-key': `in-flight-${randomUUID()}` };
      const first = post(createBody(), headers);
      while (!held) await new Promise((resolve) => setImmediate(resolve));
      const second = await post(createBody(), headers);
      assertError(second, 409, 'idempotency_request_in_progress', { param: 'Idempotency-Key' });
      release();
      assert.equal((await first).status, 201);
      const replay = await post(createBody(), headers);
      assert.equal(replay.status, 201);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    } finally {
      release();
      store.commit = commit;
    }
  });
});

describe('413 body_too_large', () => {
  test('a body over 64 KiB', async () => {
    const filler = 'x'.repeat(64 * 1024);
    const res = await postRaw(JSON.stringify(createBody({ note: filler })));
    assertError(res, 413, 'body_too_large', { mentions: ['64 KiB'] });
  });

  test('the same limit on simulate', async () => {
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: randomUUID(), event: 'paid', payment_method: 'x'.repeat(70_000) },
    });
    assertError(res, 413, 'body_too_large', { mentions: ['64 KiB'] });
  });

  test('exactly 64 KiB is read (and then judged on its fields)', async () => {
    const base = JSON.stringify(createBody({ note: '' }));
    const raw = base.replace('"note":""', `"note":"${'n'.repeat(64 * 1024 - base.length)}"`);
    assert.equal(Buffer.byteLength(raw), 64 * 1024);
    const res = await postRaw(raw);
    assertError(res, 400, 'parameter_invalid', { param: 'note' });
  });
});

describe('415 unsupported_media_type', () => {
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
  ]) {
    test(`create with Content-Type: ${type}`, async () => {
      const res = await postRaw(JSON.stringify(createBody()), { 'content-type': type });
      assertError(res, 415, 'unsupported_media_type', { mentions: ['application/json'] });
    });
  }

  test('simulate with a text body', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      raw: JSON.stringify({ payment_link_id: link.id, event: 'paid' }),
      headers: { 'content-type': 'text/plain' },
    });
    assertError(res, 415, 'unsupported_media_type', { mentions: ['application/json'] });
  });

  test('cancel with a text body', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, {
      raw: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    assertError(res, 415, 'unsupported_media_type', { mentions: ['application/json'] });
  });

  test('application/json with a charset parameter is JSON', async () => {
    const res = await postRaw(JSON.stringify(createBody()), {
      'content-type': 'application/json; charset=utf-8',
    });
    assert.equal(res.status, 201, res.text);
  });
});

describe('421 host_not_allowed', () => {
  test('a foreign Host header', async () => {
    const res = await rawRequest(sandbox.origin, {
      path: '/payment-links',
      headers: { host: 'evil.example', authorization: 'Bearer sk_test_x' },
    });
    assertError(res, 421, 'host_not_allowed', { mentions: ['evil.example', '--allowed-host'] });
  });
});

describe('422 idempotency_key_reused', () => {
  test('the same key with a different body', async () => {
    const headers = { 'idempotency-key': `reuse-${randomUUID()}` };
    assert.equal((await post(createBody({ amount: 1000 }), headers)).status, 201);
    const res = await post(createBody({ amount: 2000 }), headers);
    assertError(res, 422, 'idempotency_key_reused', {
      param: 'Idempotency-Key',
      mentions: ['Idempotency-Key'],
    });
  });

  test('the same key on a different path', async () => {
    const headers = { 'idempotency-key': `reuse-path-${randomUUID()}` };
    const link = (await post(createBody(), headers)).body.data;
    const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { headers });
    assertError(res, 422, 'idempotency_key_reused');
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

describe('request ids', () => {
  test('success responses carry X-Request-Id = meta.request_id, unique per request', async () => {
    const a = await post(createBody());
    const b = await sandbox.api('GET', '/payment-links');
    for (const res of [a, b]) assert.equal(res.headers.get('x-request-id'), res.body.meta.request_id);
    assert.notEqual(a.body.meta.request_id, b.body.meta.request_id);
  });

  test('an idempotent replay keeps X-Request-Id equal to the meta.request_id it replays', async () => {
    const headers = { 'idempotency-key': `rid-${randomUUID()}` };
    const first = await post(createBody(), headers);
    const replay = await post(createBody(), headers);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.text, first.text, 'the body is replayed byte for byte');
    assert.equal(replay.headers.get('x-request-id'), replay.body.meta.request_id);
  });
});
