// What makes /openapi.json a document clients are generated from (issue 12): names, $refs,
// webhooks, response headers, examples, the console's security — checked on the served document.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WEBHOOK_EVENT_TYPES } from '../shared/types';
import { documentAjv } from './openApiCheck';
import { fileDocument } from './servedDocument';

type Json = any;

const served = fileDocument();

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = (area = 'paths'): { method: string; path: string; op: Json }[] =>
  Object.entries<Json>(served.doc[area] ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );

describe('names', () => {
  test('every operation has an operationId, unique across paths and webhooks', () => {
    const ids = [...operations(), ...operations('webhooks')].map(({ method, path, op }) => {
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z0-9]+$/, `${method} ${path}`);
      return op.operationId;
    });
    assert.equal(new Set(ids).size, ids.length);
  });

  test('the API operations carry the names a client developer expects', () => {
    const id = (method: string, path: string) => served.doc.paths[path][method].operationId;
    assert.equal(id('post', '/payment-links'), 'createPaymentLink');
    assert.equal(id('get', '/payment-links/{id}'), 'retrievePaymentLink');
    assert.equal(id('get', '/payment-links'), 'listPaymentLinks');
    assert.equal(id('post', '/payment-links/{id}/cancel'), 'cancelPaymentLink');
    assert.equal(id('post', '/sandbox/simulate'), 'simulatePaymentEvent');
    assert.equal(id('get', '/sandbox/clock'), 'getSandboxClock');
    assert.equal(id('post', '/sandbox/clock/advance'), 'advanceSandboxClock');
    for (const { path, op } of operations()) {
      if (path.startsWith('/_console/')) assert.match(op.operationId, /^console[A-Z]/, path);
    }
  });

  test('named schemas are in components and the operations use them by $ref', () => {
    const schemas = served.doc.components.schemas;
    for (const name of ['PaymentLink', 'Fee', 'Pagination', 'Meta', 'ApiError', 'WebhookEvent', 'Settings']) {
      assert.ok(schemas[name], `components.schemas.${name}`);
    }
    const created =
      served.doc.paths['/payment-links'].post.responses['201'].content['application/json'].schema;
    assert.equal(created.$ref, '#/components/schemas/PaymentLinkResponse');
    assert.equal(schemas.PaymentLinkResponse.properties.data.$ref, '#/components/schemas/PaymentLink');
    assert.equal(schemas.PaymentLink.properties.fee.$ref, '#/components/schemas/Fee');
    const listed =
      schemas[
        served.doc.paths['/payment-links'].get.responses['200'].content['application/json'].schema.$ref
          .split('/')
          .at(-1)
      ];
    assert.equal(listed.properties.pagination.$ref, '#/components/schemas/Pagination');
  });

  test('an error response names its codes: cancel 409 is not cancelable or in progress', () => {
    const schema =
      served.doc.paths['/payment-links/{id}/cancel'].post.responses['409'].content['application/json'].schema;
    assert.equal(schema.allOf[0].$ref, '#/components/schemas/ApiError');
    assert.deepEqual(schema.allOf[1].properties.error.properties.code.enum, [
      'payment_link_not_cancelable',
      'idempotency_request_in_progress',
    ]);
  });
});

describe('webhooks', () => {
  test('the four events are OAS 3.1 webhooks with the Standard Webhooks headers', () => {
    assert.deepEqual(Object.keys(served.doc.webhooks).sort(), [...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const op = served.doc.webhooks[type].post;
      const headers = op.parameters.map(
        (p: Json) => served.doc.components.parameters[p.$ref.split('/').at(-1)].name,
      );
      assert.deepEqual(headers.sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp']);
      const ref = op.requestBody.content['application/json'].schema.$ref;
      const event = served.doc.components.schemas[ref.split('/').at(-1)];
      assert.equal(event.allOf[0].$ref, '#/components/schemas/WebhookEvent');
      assert.equal(event.allOf[1].properties.type.const, type);
    }
    assert.equal(
      served.doc.components.schemas.WebhookEvent.properties.data.$ref,
      '#/components/schemas/PaymentLink',
    );
  });
});

describe('response headers', () => {
  const headersOf = (method: string, path: string, status: string) =>
    Object.keys(served.doc.paths[path][method].responses[status].headers ?? {});

  test('X-Request-Id on every response of every operation, Allow on each 405', () => {
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        assert.ok(response.headers?.['X-Request-Id'], `${method} ${path} ${status}`);
        if (status === '405') assert.ok(response.headers.Allow, `${method} ${path} 405 Allow`);
      }
    }
  });

  test('Idempotent-Replayed where a key replays; WWW-Authenticate on an API key 401', () => {
    assert.ok(headersOf('post', '/payment-links', '201').includes('Idempotent-Replayed'));
    assert.ok(headersOf('post', '/payment-links/{id}/cancel', '409').includes('Idempotent-Replayed'));
    assert.ok(!headersOf('get', '/payment-links', '200').includes('Idempotent-Replayed'));
    assert.ok(headersOf('get', '/payment-links', '401').includes('WWW-Authenticate'));
    assert.ok(!headersOf('get', '/_console/api/settings', '401').includes('WWW-Authenticate'));
  });

  test('the documented headers are the ones the server sends', async () => {
    const res = await served.sandbox.api('GET', '/payment-links', { key: null });
    assert.equal(res.status, 401);
    assert.ok(res.headers.get('x-request-id'));
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  });
});

describe('examples', () => {
  test('every request body and response has an example valid against its schema', () => {
    const ajv = documentAjv();
    let checked = 0;
    for (const { method, path, op } of [...operations(), ...operations('webhooks')]) {
      const media = [
        ...Object.entries<Json>(op.requestBody?.content ?? {}).map(([t, m]) => [`request ${t}`, m] as const),
        ...Object.entries<Json>(op.responses).flatMap(([status, r]) =>
          Object.entries<Json>(r.content ?? {}).map(([t, m]) => [`${status} ${t}`, m] as const),
        ),
      ];
      for (const [where, entry] of media) {
        assert.ok(entry.example !== undefined, `${method} ${path} ${where} has no example`);
        const validate = ajv.compile({ allOf: [entry.schema], components: served.doc.components });
        assert.ok(validate(entry.example), `${method} ${path} ${where}: ${ajv.errorsText(validate.errors)}`);
        checked++;
      }
    }
    assert.ok(checked > 100);
  });

  test('examples read like real data: minor-unit amounts, UUID ids, sk_test_ keys', () => {
    const link =
      served.doc.paths['/payment-links/{id}'].get.responses['200'].content['application/json'].example.data;
    assert.ok(Number.isInteger(link.amount) && link.amount > 100);
    assert.match(link.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const settings = served.doc.paths['/_console/api/settings'].patch.requestBody.content['application/json'];
    assert.ok(settings.example);
    assert.match(JSON.stringify(served.doc.components.schemas.Settings.properties.api_keys), /sk_test_/);
  });
});

describe('security', () => {
  test('console operations declare the console token (or none, on loopback); the inbox and /healthz none; API ones the key', () => {
    const schemes = served.doc.components.securitySchemes;
    assert.deepEqual([schemes.consoleToken.type, schemes.consoleToken.in], ['apiKey', 'cookie']);
    for (const { method, path, op } of operations()) {
      const names = op.security.flatMap((s: Json) => Object.keys(s));
      if (path.startsWith('/_console/')) assert.ok(names.includes('consoleToken'), `${method} ${path}`);
      else if (path.startsWith('/_inbox/'))
        assert.deepEqual(op.security, [], `${method} ${path}: open to any sender`);
      else if (path === '/healthz') assert.deepEqual(op.security, [], 'a readiness probe needs no key');
      else assert.deepEqual(op.security, [{ bearerAuth: [] }], `${method} ${path}`);
    }
  });
});
