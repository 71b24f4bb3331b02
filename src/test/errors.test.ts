// docs/contract.md §1–§3: every other row of the error table a client can produce, through real HTTP.
//
// Not covered, on purpose: 500 api_error / internal_error. The contract reserves it for a bug
// ("never expected"), so no well-behaved request can produce it; malformedInput.test.ts instead
// asserts that no input at all gets a 5xx.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, test } from 'node:test';
import { assertError } from './errorEnvelope';
import { createBody, createLink, rawRequest, fileSandbox, postLink, postRawLink } from './harness';

const sandbox = fileSandbox();

const post = (body: unknown, headers?: Record<string, string>) => postLink(sandbox, body, headers);
const postRaw = (raw: string, headers?: Record<string, string>) => postRawLink(sandbox, raw, headers);

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

describe('the edges of the routes', () => {
  test('TRACE on an API path is 405 with Allow, like any other wrong method', async () => {
    const res = await rawRequest(sandbox.origin, {
      method: 'TRACE',
      path: '/payment-links',
      headers: { authorization: 'Bearer sk_test_harness' },
    });
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, POST, HEAD');
    assert.equal(JSON.parse(res.text).error.code, 'method_not_allowed');
  });

  test('a trailing slash is the same route: GET /payment-links/ lists, POST /payment-links/ creates', async () => {
    const listed = await sandbox.api('GET', '/payment-links/');
    assert.equal(listed.status, 200);
    assert.ok(Array.isArray(listed.body.data));
    const created = await sandbox.api('POST', '/payment-links/', { body: createBody() });
    assert.equal(created.status, 201);
  });
});

describe('what the HTTP parser refuses, in the same envelope', () => {
  /** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
  const rawHttp = (bytes: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: any }>((resolve, reject) => {
      const { hostname, port } = new URL(sandbox.origin);
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
      });
      socket.end(bytes);
    });

  test('headers over 16 KiB: 431 with a request id and what to do', async () => {
    const res = await rawHttp(
      `GET /payment-links HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.equal(res.status, 431);
    assert.equal(res.body.error.code, 'parameter_invalid');
    assert.match(res.body.error.message, /larger than 16 KiB/);
    assert.match(res.body.meta.request_id, /^req_/);
    assert.equal(res.headers['x-request-id'], res.body.meta.request_id);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  test('a malformed Content-Length: 400 naming what to check', async () => {
    const res = await rawHttp(
      'POST /payment-links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12abc\r\n\r\n{}',
    );
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'parameter_invalid');
    assert.match(res.body.error.message, /not valid HTTP\/1\.1.*Content-Length/);
    assert.equal(res.headers['x-request-id'], res.body.meta.request_id);
  });
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
