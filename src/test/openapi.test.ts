// GET /openapi.json: what it documents, and that it is the very contract the server enforces.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CreateLinkBodySchema, ListQuerySchema, SimulateBodySchema } from '../shared/types';
import { createBody, createLink, startTestSandbox, type TestSandbox } from './harness';

type Json = any;

let sandbox: TestSandbox;
let doc: Json;

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  const res = await fetch(`${sandbox.origin}/openapi.json`);
  assert.equal(res.status, 200);
  doc = await res.json();
});
after(() => sandbox.stop());

const OPERATIONS = [
  ['post', '/payment-links'],
  ['get', '/payment-links'],
  ['get', '/payment-links/{id}'],
  ['post', '/payment-links/{id}/cancel'],
  ['post', '/sandbox/simulate'],
] as const;

/** Follows a local $ref ("#/components/schemas/X"), so inlined and referenced schemas compare alike. */
function resolve(node: Json): Json {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    const target = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Json, part: string) => at?.[part], doc);
    assert.ok(target, `unresolvable ${node.$ref}`);
    return resolve(target);
  }
  return node;
}

/** A schema as plain JSON, every $ref inlined. */
function plain(node: Json): Json {
  const n = resolve(node);
  if (Array.isArray(n)) return n.map(plain);
  if (n && typeof n === 'object') return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, plain(v)]));
  return n;
}

const asJson = (schema: unknown): Json => JSON.parse(JSON.stringify(schema));
const op = (method: string, path: string): Json => doc.paths?.[path]?.[method];
const bodySchema = (method: string, path: string): Json =>
  plain(op(method, path)?.requestBody?.content?.['application/json']?.schema);

describe('the document', () => {
  test('is served as JSON without a key, and is OpenAPI 3.1.x', async () => {
    const res = await fetch(`${sandbox.origin}/openapi.json`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(typeof doc.info?.title, 'string');
    assert.equal(typeof doc.info?.version, 'string');
  });

  test('its server is the origin the sandbox really listens on', () => {
    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0, 'servers');
    assert.equal(doc.servers[0].url, sandbox.origin);
  });

  test('documents the five operations, each behind the bearer scheme', () => {
    const scheme = doc.components?.securitySchemes?.bearerAuth;
    assert.deepEqual({ type: scheme?.type, scheme: scheme?.scheme }, { type: 'http', scheme: 'bearer' });
    for (const [method, path] of OPERATIONS) {
      const operation = op(method, path);
      assert.ok(operation, `${method.toUpperCase()} ${path} is not documented`);
      const security = operation.security ?? doc.security;
      assert.deepEqual(security, [{ bearerAuth: [] }], `${method} ${path} security`);
      assert.equal(typeof operation.summary, 'string');
    }
  });

  test('documents the success and the common error responses of each operation', () => {
    for (const [method, path] of OPERATIONS) {
      const responses = op(method, path).responses;
      const success = method === 'post' && path === '/payment-links' ? '201' : '200';
      for (const status of [success, '400', '401', '421']) {
        const schema = responses?.[status]?.content?.['application/json']?.schema;
        assert.ok(schema, `${method} ${path} lacks a JSON ${status} response`);
      }
      const narrowed = responses['400'].content['application/json'].schema;
      assert.equal(narrowed.allOf?.[0]?.$ref, '#/components/schemas/ApiError', `${method} ${path} 400`);
      const error = plain(narrowed.allOf[0]);
      assert.deepEqual(Object.keys(error.properties).sort(), ['error', 'meta']);
      assert.deepEqual(Object.keys(error.properties.error.properties).sort(), [
        'code',
        'message',
        'param',
        'type',
      ]);
    }
    for (const [method, path] of [
      ['get', '/payment-links/{id}'],
      ['post', '/payment-links/{id}/cancel'],
      ['post', '/sandbox/simulate'],
    ]) {
      assert.ok(op(method as string, path as string).responses['404'], `${method} ${path} lacks 404`);
    }
  });

  test('every operation that reads a body documents 413 and 415', () => {
    for (const [method, path] of OPERATIONS) {
      if (!op(method, path).requestBody) continue;
      for (const status of ['413', '415']) {
        assert.ok(op(method, path).responses[status], `${method.toUpperCase()} ${path} lacks ${status}`);
      }
    }
  });

  test('Idempotency-Key is documented on create, cancel and simulate (1..255)', () => {
    for (const [method, path] of [
      ['post', '/payment-links'],
      ['post', '/payment-links/{id}/cancel'],
      ['post', '/sandbox/simulate'],
    ] as const) {
      const param = (op(method, path).parameters ?? []).find(
        (p: Json) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key',
      );
      assert.ok(param, `${path} does not document Idempotency-Key`);
      const schema = plain(param.schema);
      assert.equal(schema.maxLength, 255);
      assert.equal(schema.minLength, 1);
    }
  });
});

describe('the documented request schemas are the ones the server validates with', () => {
  test('create: the body schema equals CreateLinkBodySchema', () => {
    const documented = bodySchema('post', '/payment-links');
    const validated = asJson(CreateLinkBodySchema);
    assert.deepEqual(Object.keys(documented.properties).sort(), Object.keys(validated.properties).sort());
    assert.deepEqual([...documented.required].sort(), [...validated.required].sort());
    assert.equal(documented.additionalProperties, false);
    for (const [name, rule] of Object.entries<Json>(validated.properties)) {
      for (const keyword of [
        'type',
        'minimum',
        'maximum',
        'minLength',
        'maxLength',
        'format',
        'pattern',
        'enum',
      ]) {
        assert.deepEqual(documented.properties[name][keyword], rule[keyword], `${name}.${keyword}`);
      }
    }
    assert.deepEqual(documented, validated);
    assert.equal(op('post', '/payment-links').requestBody.required, true);
  });

  test('simulate: the body schema equals SimulateBodySchema', () => {
    assert.deepEqual(bodySchema('post', '/sandbox/simulate'), asJson(SimulateBodySchema));
  });

  test('list: the query parameters are ListQuerySchema', () => {
    const parameters: Json[] = op('get', '/payment-links').parameters.filter((p: Json) => p.in === 'query');
    const validated = asJson(ListQuerySchema);
    assert.deepEqual(parameters.map((p) => p.name).sort(), Object.keys(validated.properties).sort());
    for (const p of parameters) {
      const rule = validated.properties[p.name];
      const schema = plain(p.schema);
      assert.equal(p.required ?? false, false, p.name);
      for (const keyword of ['type', 'minimum', 'maximum', 'format', 'enum']) {
        assert.deepEqual(schema[keyword], rule[keyword], `${p.name}.${keyword}`);
      }
    }
  });

  test('the path id is a UUID wherever it appears', () => {
    for (const [method, path] of OPERATIONS.filter(([, p]) => p.includes('{id}'))) {
      const id = op(method, path).parameters.find((p: Json) => p.in === 'path' && p.name === 'id');
      assert.ok(id, `${path} lacks the id parameter`);
      assert.equal(id.required, true);
      assert.equal(plain(id.schema).format, 'uuid');
    }
  });

  test('cancel: a body is not documented as required when the server needs none', async () => {
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
    assert.equal(res.status, 200, res.text);
    assert.notEqual(op('post', '/payment-links/{id}/cancel').requestBody?.required, true);
  });
});

describe('the server rejects what the document forbids, and accepts what it allows', () => {
  /** A field's rule; for a nullable field, its non-null branch. */
  const rule = (name: string): Json => {
    const field = bodySchema('post', '/payment-links').properties[name];
    return field.anyOf?.find((branch: Json) => branch.type !== 'null') ?? field;
  };
  const expect400 = async (body: unknown, code: string, param: string) => {
    const res = await sandbox.api('POST', '/payment-links', { body });
    assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 120)} → ${res.status} ${res.text}`);
    assert.equal(res.body.error.code, code);
    assert.equal(res.body.error.param, param);
  };
  const expect201 = async (body: unknown) => {
    const res = await sandbox.api('POST', '/payment-links', { body });
    assert.equal(res.status, 201, `${JSON.stringify(body).slice(0, 120)} → ${res.text}`);
  };

  test('amount 0 (below the documented minimum) and above the documented maximum', async () => {
    assert.equal(rule('amount').minimum, 1);
    await expect400(createBody({ amount: 0 }), 'parameter_invalid', 'amount');
    await expect400(createBody({ amount: rule('amount').minimum - 1 }), 'parameter_invalid', 'amount');
    await expect400(createBody({ amount: rule('amount').maximum + 1 }), 'parameter_invalid', 'amount');
    await expect400(createBody({ amount: 1.5 }), 'parameter_invalid', 'amount');
    await expect400(createBody({ amount: '100' }), 'parameter_invalid', 'amount');
    await expect201(createBody({ amount: rule('amount').minimum }));
    await expect201(createBody({ amount: rule('amount').maximum }));
  });

  test('string lengths at and past the documented limits', async () => {
    for (const name of ['title', 'reference_id', 'note']) {
      const { minLength, maxLength } = rule(name);
      await expect201(createBody({ [name]: 'a'.repeat(maxLength) }));
      await expect400(createBody({ [name]: 'a'.repeat(maxLength + 1) }), 'parameter_invalid', name);
      if (minLength > 0) await expect400(createBody({ [name]: '' }), 'parameter_invalid', name);
      else await expect201(createBody({ [name]: '' }));
    }
  });

  test('each documented required field is required', async () => {
    for (const name of bodySchema('post', '/payment-links').required as string[]) {
      const body: Record<string, unknown> = createBody();
      delete body[name];
      await expect400(body, 'parameter_missing', name);
    }
  });

  test('a field the document does not list is refused (additionalProperties: false)', async () => {
    await expect400(createBody({ metadata: {} }), 'parameter_unknown', 'metadata');
  });

  test('formats: uuid and date-time', async () => {
    await expect400(
      createBody({ settlement_account_id: 'nope' }),
      'parameter_invalid',
      'settlement_account_id',
    );
    await expect400(createBody({ expires_at: 'soon' }), 'parameter_invalid', 'expires_at');
  });

  test('list parameters past their documented bounds', async () => {
    const params: Json[] = op('get', '/payment-links').parameters;
    const schema = (name: string) => plain(params.find((p) => p.name === name).schema);
    const check = async (query: string, param: string) => {
      const res = await sandbox.api('GET', `/payment-links?${query}`);
      assert.equal(res.status, 400, `${query} → ${res.text}`);
      assert.equal(res.body.error.param, param);
    };
    await check(`per_page=${schema('per_page').maximum + 1}`, 'per_page');
    await check(`per_page=${schema('per_page').minimum - 1}`, 'per_page');
    await check(`page=${schema('page').minimum - 1}`, 'page');
    await check('status=refunded', 'status');
    assert.ok(!schema('status').enum.includes('refunded'));
    const ok = await sandbox.api('GET', `/payment-links?per_page=${schema('per_page').maximum}`);
    assert.equal(ok.status, 200);
  });

  test('simulate: an event outside the documented enum', async () => {
    const events = bodySchema('post', '/sandbox/simulate').properties.event.enum;
    assert.deepEqual([...events].sort(), ['expired', 'failed', 'paid']);
    const link = await createLink(sandbox);
    const res = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: link.id, event: 'refund' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.param, 'event');
  });
});
