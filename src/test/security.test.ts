// docs/security.md: the headers on every kind of response, and the checkout's Origin check.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLink, KEY, makeTempDir, rawRequest, startTestSandbox, type TestSandbox } from './harness';

type Headers = Record<string, string | string[] | undefined>;

const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** X-Frame-Options and nosniff: on every response, whatever its kind. */
function assertEveryResponse(headers: Headers, where: string): void {
  assert.equal(headers['x-frame-options'], 'DENY', `${where}: X-Frame-Options`);
  assert.equal(headers['x-content-type-options'], 'nosniff', `${where}: X-Content-Type-Options`);
}

function assertConsolePolicy(headers: Headers, where: string): void {
  assertEveryResponse(headers, where);
  const csp = String(headers['content-security-policy'] ?? '');
  assert.match(csp, /(^|; )frame-ancestors 'none'(;|$)/, `${where}: CSP ${csp}`);
  assert.match(csp, /(^|; )default-src 'self'(;|$)/, `${where}: CSP ${csp}`);
  assert.match(csp, /(^|; )script-src 'self'(;|$)/, `${where}: CSP ${csp}`);
}

function assertCheckoutPolicy(headers: Headers, where: string): void {
  assertEveryResponse(headers, where);
  assert.equal(headers['content-security-policy'], CHECKOUT_CSP, `${where}: CSP`);
  assert.equal(headers['referrer-policy'], 'same-origin', `${where}: Referrer-Policy`);
}

/** The status and headers of a response, without waiting for its end (the event stream has none). */
function head(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = { authorization: `Bearer ${KEY}` };

describe('response headers', () => {
  let sandbox: TestSandbox;
  let built: TestSandbox;
  let consoleDir: string;
  let linkId: string;

  before(async () => {
    // A stand-in for the built console: index.html and an asset, as electron-vite lays them out.
    consoleDir = await makeTempDir('pls-console-');
    await mkdir(join(consoleDir, 'assets'));
    await writeFile(
      join(consoleDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>',
    );
    await writeFile(join(consoleDir, 'assets', 'app.js'), 'console.log("console");\n');
    await writeFile(join(consoleDir, 'assets', 'app.css'), 'body{margin:0}\n');
    sandbox = await startTestSandbox({ inMemory: true });
    built = await startTestSandbox({ inMemory: true, consoleDir });
    linkId = (await createLink(sandbox)).id;
  });
  after(async () => {
    await sandbox.stop();
    await built.stop();
    await rm(consoleDir, { recursive: true, force: true });
  });

  test('the console: the not-built notice page', async () => {
    const res = await rawRequest(sandbox.origin, { path: '/' });
    assert.equal(res.status, 200);
    assert.match(res.text, /has not been built yet/);
    assertConsolePolicy(res.headers, 'GET / (not built)');
  });

  test('the console: the built index.html and its assets', async () => {
    for (const [path, type] of [
      ['/', /^text\/html/],
      ['/index.html', /^text\/html/],
      ['/assets/app.js', /javascript/],
      ['/assets/app.css', /^text\/css/],
    ] as const) {
      const res = await rawRequest(built.origin, { path });
      assert.equal(res.status, 200, path);
      assert.match(String(res.headers['content-type']), type, path);
      assertConsolePolicy(res.headers, `GET ${path}`);
    }
    // A file that is not there is the API's JSON 404: no page, but the headers every answer has.
    const missing = await rawRequest(built.origin, { path: '/assets/missing.js' });
    assert.equal(missing.status, 404);
    assertEveryResponse(missing.headers, 'GET /assets/missing.js');
  });

  test('the console: the page asking for the console token', async () => {
    const open = await startTestSandbox({ inMemory: true, consoleToken: 'a-token-of-16-chars-or-more' });
    try {
      const denied = await rawRequest(open.origin, { path: '/' });
      assert.equal(denied.status, 401);
      assert.match(denied.text, /Console token needed/);
      assertConsolePolicy(denied.headers, 'GET / without the token');
      const allowed = await rawRequest(open.origin, { path: '/?token=a-token-of-16-chars-or-more' });
      assert.equal(allowed.status, 200);
      assertConsolePolicy(allowed.headers, 'GET /?token=…');
    } finally {
      await open.stop();
    }
  });

  test('the checkout page and its not-found page', async () => {
    const page = await rawRequest(sandbox.origin, { path: `/pay/${linkId}` });
    assert.equal(page.status, 200);
    assert.match(page.text, /<style>/);
    assertCheckoutPolicy(page.headers, 'GET /pay/{id}');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await rawRequest(sandbox.origin, { path: `/pay/${id}` });
      assert.equal(missing.status, 404);
      assert.match(missing.text, /not found/i);
      assertCheckoutPolicy(missing.headers, `GET /pay/${id}`);
    }
  });

  test('API responses', async () => {
    const created = await sandbox.api('POST', '/payment-links', { body: { amount: 1000, title: 'x' } });
    assert.equal(created.status, 201);
    const retrieved = await rawRequest(sandbox.origin, { path: `/payment-links/${linkId}`, headers: auth });
    assert.equal(retrieved.status, 200);
    assertEveryResponse(retrieved.headers, 'GET /payment-links/{id}');
    const list = await rawRequest(sandbox.origin, { path: '/payment-links', headers: auth });
    assert.equal(list.status, 200);
    assertEveryResponse(list.headers, 'GET /payment-links');
    assert.equal(created.headers.get('x-frame-options'), 'DENY');
    assert.equal(created.headers.get('x-content-type-options'), 'nosniff');
  });

  test('API errors, from every layer that answers one', async () => {
    const json = { ...auth, 'content-type': 'application/json' };
    const cases: [string, Parameters<typeof rawRequest>[1], number][] = [
      ['no key', { path: '/payment-links' }, 401],
      ['bad id', { path: '/payment-links/nope', headers: auth }, 400],
      ['no such link', { path: '/payment-links/00000000-0000-4000-8000-000000000000', headers: auth }, 404],
      ['no such route', { path: '/nowhere' }, 404],
      ['wrong method', { method: 'DELETE', path: '/payment-links' }, 405],
      ['foreign Host', { path: '/payment-links', headers: { ...auth, host: 'evil.example' } }, 421],
      ['undecodable URL (a framework error)', { path: '/payment-links/%E0%A4%A', headers: auth }, 400],
      ['bad JSON', { method: 'POST', path: '/payment-links', headers: json, body: '{' }, 400],
      [
        'not JSON',
        {
          method: 'POST',
          path: '/payment-links',
          headers: { ...auth, 'content-type': 'text/csv' },
          body: 'a',
        },
        415,
      ],
      [
        'too large',
        { method: 'POST', path: '/payment-links', headers: json, body: `"${'x'.repeat(70_000)}"` },
        413,
      ],
      ['validation', { method: 'POST', path: '/payment-links', headers: json, body: '{"amount":"1"}' }, 400],
    ];
    for (const [what, request, status] of cases) {
      const res = await rawRequest(sandbox.origin, request);
      assert.equal(res.status, status, `${what}: ${res.text.slice(0, 200)}`);
      assert.match(String(res.headers['content-type']), /^application\/json/, what);
      assertEveryResponse(res.headers, what);
    }
  });

  test('the console API, its errors and its event stream', async () => {
    const settings = await rawRequest(sandbox.origin, { path: '/_console/api/settings' });
    assert.equal(settings.status, 200);
    assertEveryResponse(settings.headers, 'GET /_console/api/settings');
    const cross = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: '/_console/api/queue/pause',
      headers: { origin: 'http://evil.example' },
    });
    assert.equal(cross.status, 403);
    assertEveryResponse(cross.headers, 'console API 403');
    const stream = await head(sandbox.origin, '/_console/api/events');
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/);
    assertEveryResponse(stream.headers, 'GET /_console/api/events');
  });

  test('/openapi.json', async () => {
    const res = await rawRequest(sandbox.origin, { path: '/openapi.json' });
    assert.equal(res.status, 200);
    assertEveryResponse(res.headers, 'GET /openapi.json');
  });
});

describe('checkout Pay and Decline refuse another site', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  const press = (id: string, action: 'pay' | 'decline', headers: Record<string, string> = {}) =>
    rawRequest(sandbox.origin, {
      method: 'POST',
      path: `/pay/${id}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: '',
    });
  const status = async (id: string) => (await sandbox.api('GET', `/payment-links/${id}`)).body.data.status;
  const eventsOf = (id: string) =>
    [...sandbox.core.store.state.events.values()].filter((e) => e.data.id === id).length;

  test('a foreign Origin, or Origin: null, gets a 403 page and the link stays pending', async () => {
    const link = await createLink(sandbox);
    const port = Number(new URL(sandbox.origin).port);
    const foreign = [
      `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`,
      `http://localhost:${port}`,
      'http://evil.example',
      `https://127.0.0.1:${port}`,
      'null',
    ];
    for (const origin of foreign) {
      for (const action of ['pay', 'decline'] as const) {
        const res = await press(link.id, action, { origin });
        assert.equal(res.status, 403, `${action} from ${origin}: ${res.text.slice(0, 200)}`);
        assert.match(String(res.headers['content-type']), /^text\/html/);
        assert.match(res.text, /came from another site/);
        assert.ok(res.text.includes(origin), `the page names ${origin}`);
        assert.match(res.text, new RegExp(`href="/pay/${link.id}"`));
        assertCheckoutPolicy(res.headers, `${action} from ${origin}`);
      }
    }
    assert.equal(await status(link.id), 'pending');
    assert.equal(eventsOf(link.id), 0);
  });

  test('the Origin is checked before the id: an unknown link from a foreign page is refused too', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await press(id, 'pay', { origin: 'http://evil.example' });
      assert.equal(res.status, 403, id);
      assert.match(res.text, /came from another site/);
    }
    // No link to a page that cannot exist.
    const malformed = await press('not-a-uuid', 'pay', { origin: 'http://evil.example' });
    assert.doesNotMatch(malformed.text, /href=/);
  });

  test('its own page posts: 303 back to the page, and the link is paid', async () => {
    const link = await createLink(sandbox);
    const res = await press(link.id, 'pay', { origin: sandbox.origin });
    assert.equal(res.status, 303, res.text);
    assert.equal(res.headers.location, `/pay/${link.id}`);
    assert.equal(await status(link.id), 'succeeded');
    assert.equal(eventsOf(link.id), 1);
  });

  test('its own page under another allowed Host name (Origin matches Host) declines', async () => {
    const link = await createLink(sandbox);
    const port = new URL(sandbox.origin).port;
    const res = await press(link.id, 'decline', {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
    });
    assert.equal(res.status, 303, res.text);
    assert.equal(await status(link.id), 'failed');
  });

  test('a client without an Origin (curl, scripts) still pays', async () => {
    const link = await createLink(sandbox);
    assert.equal((await press(link.id, 'pay')).status, 303);
    assert.equal(await status(link.id), 'succeeded');
  });

  test('the public URL is the page’s own origin too (a proxy or tunnel serving it over https)', async () => {
    const patch = (public_url: string | null) => sandbox.consoleApi('PATCH', '/settings', { public_url });
    assert.equal((await patch('https://pay.example.test/sandbox')).status, 200);
    try {
      const link = await createLink(sandbox);
      assert.equal((await press(link.id, 'pay', { origin: 'https://evil.example' })).status, 403);
      assert.equal(await status(link.id), 'pending');
      const res = await press(link.id, 'pay', { origin: 'https://pay.example.test' });
      assert.equal(res.status, 303, res.text);
      assert.equal(await status(link.id), 'succeeded');
    } finally {
      await patch(null);
    }
  });
});
