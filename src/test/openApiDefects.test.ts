// Issue 12's defects where the document and the server disagreed: each now agrees, both ways.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createBody } from './harness';
import { documentAjv } from './openApiCheck';
import { fileDocument } from './servedDocument';

type Json = any;

const served = fileDocument();

describe('"note": null and "reference_id": null on create', () => {
  test('are accepted as absent (docs/contract.md §4), as every response shows them', async () => {
    const res = await served.sandbox.api('POST', '/payment-links', {
      body: createBody({ note: null, reference_id: null }),
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.note, null);
    assert.equal(res.body.data.reference_id, null);
  });

  test("a create body made of a response's own fields goes through", async () => {
    const first = (await served.sandbox.api('POST', '/payment-links', { body: createBody() })).body.data;
    const { amount, title, note, reference_id } = first;
    const res = await served.sandbox.api('POST', '/payment-links', {
      body: { amount, title, note, reference_id },
    });
    assert.equal(res.status, 201, res.text);
  });

  test('an empty reference_id is still refused, saying what is allowed', async () => {
    const res = await served.sandbox.api('POST', '/payment-links', {
      body: createBody({ reference_id: '' }),
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.param, 'reference_id');
    assert.match(res.body.error.message, /1 to 255 characters, or null/);
  });

  test('a note of another type is still refused, saying null is allowed', async () => {
    const res = await served.sandbox.api('POST', '/payment-links', { body: createBody({ note: 5 }) });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.param, 'note');
    assert.match(res.body.error.message, /or null/);
  });
});

describe('console routes with a wrong method', () => {
  for (const [method, path, allowed] of [
    ['DELETE', '/settings', 'GET, PATCH, HEAD'],
    ['PUT', '/links/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
    ['GET', '/queue/pause', 'POST'],
    ['POST', '/deliveries/dlv_1/retry/', 'POST'],
  ] as const) {
    test(`${method} /_console/api${path} is 405 with Allow in the error envelope`, async () => {
      const res = await served.sandbox.consoleApi(method, path);
      if (method === 'POST') {
        // The path exists with this very method: whatever it answers, it is not a 405.
        assert.notEqual(res.status, 405);
        return;
      }
      assert.equal(res.status, 405, res.text);
      assert.equal(res.headers.get('allow'), allowed);
      assert.equal(res.body.error.code, 'method_not_allowed');
      assert.match(res.body.error.message, new RegExp(`allowed: ${allowed}`));
      assert.ok(res.body.meta.request_id);
      assert.ok(!res.body.error.message.includes('/payment-links'));
    });
  }

  test('an unknown console path is 404 without listing the public API', async () => {
    const res = await served.sandbox.consoleApi('GET', '/nothing-here');
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'route_not_found');
    assert.ok(!res.body.error.message.includes('/payment-links'), res.body.error.message);
    assert.match(res.body.error.message, /\/_console\/api/);
  });
});

describe('the console endpoint url', () => {
  const documented = (): Json =>
    served.doc.paths['/_console/api/endpoints'].post.requestBody.content['application/json'].schema;

  test('is a uri in the document, and what the document refuses the server refuses', async () => {
    const ajv = documentAjv(false);
    const validate = ajv.compile({ allOf: [documented()], components: served.doc.components });
    const url = documented().properties.url;
    assert.equal(url.format, 'uri');
    for (const bad of ['a', 'ftp://files.example/x', '/relative/path', 'http//missing-colon']) {
      assert.equal(validate({ url: bad }), false, `the document allows ${bad}`);
      const res = await served.sandbox.consoleApi('POST', '/endpoints', { url: bad });
      assert.equal(res.status, 400, `${bad} → ${res.text}`);
      assert.equal(res.body.error.param, 'url');
    }
    for (const good of ['http://127.0.0.1:9/hooks', 'HTTPS://example.test/webhooks?x=1']) {
      assert.equal(validate({ url: good }), true, `the document refuses ${good}`);
      const res = await served.sandbox.consoleApi('POST', '/endpoints', { url: good });
      assert.equal(res.status, 201, `${good} → ${res.text}`);
      await served.sandbox.consoleApi('DELETE', `/endpoints/${res.body.data.id}`);
    }
  });
});

describe('unknown query parameters (docs/contract.md §6)', () => {
  test('are refused on every route that takes none, naming them; lenient validation drops them', async () => {
    const link = (await served.sandbox.api('POST', '/payment-links', { body: createBody() })).body.data;
    const routes: [string, string][] = [
      ['GET', `/payment-links/${link.id}?expand=customer`],
      ['POST', '/payment-links?foo=1'],
      ['DELETE', '/sandbox/faults?all=1'],
      ['DELETE', '/sandbox/inbox/tests/messages?since=msg_00000000_1'],
      ['POST', '/sandbox/clock/freeze?x=1'],
    ];
    for (const [method, path] of routes) {
      const res = await served.sandbox.api(
        method,
        path,
        path.startsWith('/payment-links?') ? { body: createBody() } : {},
      );
      assert.equal(res.status, 400, `${method} ${path}`);
      assert.equal(res.body.error.code, 'parameter_unknown');
      assert.match(
        res.body.error.message,
        /^Unknown query parameter \w+\. This route takes no query parameters\.$/,
      );
    }
    assert.equal(
      (await served.sandbox.api('GET', '/sandbox/clock')).body.data.frozen,
      false,
      'the refused freeze did nothing',
    );

    await served.sandbox.consoleApi('PATCH', '/settings', { lenient_validation: true });
    try {
      assert.equal(
        (await served.sandbox.api('GET', `/payment-links/${link.id}?expand=customer`)).status,
        200,
      );
    } finally {
      await served.sandbox.consoleApi('PATCH', '/settings', { lenient_validation: false });
    }
  });
});
