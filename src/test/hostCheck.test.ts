// docs/contract.md §10: the Host check against DNS rebinding, and no CORS on the API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createBody, createLink, KEY, rawRequest, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
let port: string;
let linkId: string;

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true, allowedHosts: ['myhost.test'] });
  port = new URL(sandbox.origin).port;
  linkId = (await createLink(sandbox)).id;
});
after(() => sandbox.stop());

const auth = { authorization: `Bearer ${KEY}` };

function get(host: string, path: string, headers: Record<string, string> = {}) {
  return rawRequest(sandbox.origin, { path, headers: { host, ...headers } });
}

async function totalLinks(): Promise<number> {
  return (await sandbox.api('GET', '/payment-links')).body.pagination.total;
}

function assertRefused(res: Awaited<ReturnType<typeof get>>, host: string) {
  const where = `Host ${host}: ${res.status} ${res.text.slice(0, 200)}`;
  assert.equal(res.status, 421, where);
  assert.match(String(res.headers['content-type']), /^application\/json/, where);
  const body = JSON.parse(res.text);
  assert.equal(body.error.code, 'host_not_allowed', where);
  assert.equal(body.error.type, 'invalid_request_error', where);
  assert.ok(body.error.message.includes(host.replace(/:\d+$/, '')), body.error.message);
  assert.match(body.meta.request_id, /^req_/);
  assert.equal(res.headers['x-request-id'], body.meta.request_id);
}

describe('allowed Host headers', () => {
  const allowed = () => [
    `127.0.0.1:${port}`,
    '127.0.0.1',
    'localhost',
    `localhost:${port}`,
    'LocalHost',
    'foo.localhost',
    `app.foo.localhost:${port}`,
    '[::1]',
    `[::1]:${port}`,
    '192.168.1.20',
    'host.docker.internal',
    `host.docker.internal:${port}`,
    'myhost.test',
    `MyHost.test:${port}`,
  ];

  test('reach the API, the OpenAPI document and the checkout page', async () => {
    for (const host of allowed()) {
      const list = await get(host, '/payment-links', auth);
      assert.equal(list.status, 200, `Host ${host}: ${list.text.slice(0, 200)}`);
      assert.equal(JSON.parse(list.text).pagination.total >= 1, true);
      const doc = await get(host, '/openapi.json');
      assert.equal(doc.status, 200, `Host ${host} /openapi.json`);
      const page = await get(host, `/pay/${linkId}`);
      assert.equal(page.status, 200, `Host ${host} /pay`);
      assert.match(String(page.headers['content-type']), /^text\/html/);
    }
  });

  test('can create a link', async () => {
    const before = await totalLinks();
    const res = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: '/payment-links',
      headers: { host: 'myhost.test', ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(createBody()),
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(await totalLinks(), before + 1);
  });
});

describe('refused Host headers get 421 host_not_allowed', () => {
  const refused = () => [
    'evil.example',
    `evil.example:${port}`,
    '127.0.0.1.nip.io',
    `127.0.0.1.nip.io:${port}`,
    '7f000001.1time.192.168.1.1.forever.rebind.network',
    'localhost.evil.example',
    'localhostevil.example',
    'myhost.test.evil.example',
    'host.docker.internal.evil.example',
  ];

  test('on API routes, with or without a key (the Host check comes first)', async () => {
    for (const host of refused()) {
      assertRefused(await get(host, '/payment-links', auth), host);
      assertRefused(await get(host, '/payment-links'), host);
      assertRefused(await get(host, `/payment-links/${linkId}`, auth), host);
    }
  });

  test('a refused create makes no link', async () => {
    const before = await totalLinks();
    for (const host of refused()) {
      const res = await rawRequest(sandbox.origin, {
        method: 'POST',
        path: '/payment-links',
        headers: { host, ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(createBody()),
      });
      assertRefused(res, host);
    }
    const cancel = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: `/payment-links/${linkId}/cancel`,
      headers: { host: 'evil.example', ...auth },
    });
    assertRefused(cancel, 'evil.example');
    assert.equal(await totalLinks(), before);
    assert.equal((await sandbox.api('GET', `/payment-links/${linkId}`)).body.data.status, 'pending');
  });

  test('on /openapi.json', async () => {
    for (const host of refused()) assertRefused(await get(host, '/openapi.json'), host);
  });

  test('on the checkout page and its actions', async () => {
    for (const host of refused()) assertRefused(await get(host, `/pay/${linkId}`), host);
    const pay = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: `/pay/${linkId}/pay`,
      headers: { host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assertRefused(pay, 'evil.example');
    assert.equal((await sandbox.api('GET', `/payment-links/${linkId}`)).body.data.status, 'pending');
  });

  test('on unknown routes and the console', async () => {
    assertRefused(await get('evil.example', '/nope'), 'evil.example');
    assertRefused(await get('evil.example', '/'), 'evil.example');
  });
});

describe('no CORS on the API', () => {
  const origin = 'http://evil.example';

  test('responses carry no Access-Control-* headers, even with an Origin', async () => {
    const responses = [
      await get(`127.0.0.1:${port}`, '/payment-links', { ...auth, origin }),
      await get(`127.0.0.1:${port}`, `/payment-links/${linkId}`, { ...auth, origin }),
      await get(`127.0.0.1:${port}`, '/payment-links', { origin }),
      await get(`127.0.0.1:${port}`, '/openapi.json', { origin }),
      await rawRequest(sandbox.origin, {
        method: 'POST',
        path: '/payment-links',
        headers: { ...auth, origin, 'content-type': 'application/json' },
        body: JSON.stringify(createBody()),
      }),
    ];
    for (const res of responses) {
      assert.ok(res.status < 500, res.text);
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      assert.deepEqual(cors, [], `status ${res.status}`);
    }
  });

  test('an OPTIONS preflight is not granted', async () => {
    for (const path of [
      '/payment-links',
      `/payment-links/${linkId}`,
      `/payment-links/${linkId}/cancel`,
      '/sandbox/simulate',
    ]) {
      const res = await rawRequest(sandbox.origin, {
        method: 'OPTIONS',
        path,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      assert.ok(res.status >= 400 && res.status < 500, `OPTIONS ${path} → ${res.status}`);
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      assert.deepEqual(cors, [], `OPTIONS ${path}`);
    }
  });
});
