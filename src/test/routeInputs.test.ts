// What a route takes and nothing more, the same on the keyed and the console routes, and said so
// in the document (issue 31): a route that takes no body takes none or {}, and refuses any other;
// a console route refuses a query parameter it does not know, as the keyed ones do. Every answer
// is checked against the served document by the harness.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLink, KEY, rawRequest } from './harness';
import { assertError } from './errorEnvelope';
import { fileDocument } from './servedDocument';
import { concretePath, documentOperations } from './documentOperations';

type Json = any;

const served = fileDocument();

const operations = () => documentOperations(served.doc);

const takesNoBody = (op: Json): boolean => {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  return schema?.additionalProperties === false && Object.keys(schema.properties ?? {}).length === 0;
};

/** The API key for keyed paths, none for the console's. */
const keyFor = (path: string) => (path.startsWith('/_console/') ? null : KEY);

describe('routes that take no body', () => {
  const BODILESS_POSTS = [
    '/sandbox/reset',
    '/sandbox/clock/freeze',
    '/sandbox/clock/resume',
    '/sandbox/clock/reset',
    '/_console/api/clock/freeze',
    '/_console/api/clock/resume',
    '/_console/api/clock/reset',
    '/_console/api/endpoints/{id}/checks',
  ];

  test('are documented with a body that is not required, so a plain POST is valid', async () => {
    const bodiless = operations().filter(({ op }) => takesNoBody(op));
    assert.ok(bodiless.length >= 25, `only ${bodiless.length} found`);
    for (const path of BODILESS_POSTS)
      assert.ok(
        bodiless.some((o) => o.method === 'POST' && o.path === path),
        `${path} is not documented as taking no body`,
      );
    for (const { method, path, op } of bodiless)
      assert.equal(op.requestBody.required, false, `${method} ${path} documents its body as required`);
  });

  test('`curl -X POST …/sandbox/reset` and the clock moves, with no body or Content-Type, go through', async () => {
    for (const path of [
      '/sandbox/reset',
      '/sandbox/clock/freeze',
      '/sandbox/clock/resume',
      '/sandbox/clock/reset',
    ]) {
      const res = await rawRequest(served.sandbox.origin, {
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${KEY}` },
      });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
    for (const path of ['/clock/freeze', '/clock/resume', '/clock/reset', '/queue/pause', '/queue/resume']) {
      const res = await served.sandbox.consoleApi('POST', path);
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
  });

  test('every one refuses a body other than {}, saying it takes none', async () => {
    let tried = 0;
    for (const operation of operations().filter(({ op }) => takesNoBody(op))) {
      const { method, path } = operation;
      for (const [raw, code] of [
        ['[]', 'body_invalid_json'],
        ['null', 'body_invalid_json'],
        ['"reset"', 'body_invalid_json'],
        ['{"force": true}', 'parameter_unknown'],
      ] as const) {
        const res = await served.sandbox.api(method, concretePath(operation), {
          raw,
          key: keyFor(path),
          headers: { 'content-type': 'application/json' },
        });
        const error = assertError(res, 400, code);
        if (code === 'parameter_unknown') assert.equal(error.param, 'force', `${method} ${path}`);
        else
          assert.match(error.message, /takes no body \(or an empty object \{\}\); got /, `${method} ${path}`);
        tried++;
      }
    }
    assert.ok(tried >= 100, `tried ${tried}`);
  });

  test('{} is no body: the console cancel and the queue pause take it, as the keyed cancel does', async () => {
    const keyed = await createLink(served.sandbox);
    const canceled = await served.sandbox.api('POST', `/payment-links/${keyed.id}/cancel`, { body: {} });
    assert.equal(canceled.status, 200, canceled.text);
    const link = await createLink(served.sandbox);
    const refused = await served.sandbox.api('POST', `/_console/api/links/${link.id}/cancel`, {
      raw: 'null',
      key: null,
      headers: { 'content-type': 'application/json' },
    });
    assertError(refused, 400, 'body_invalid_json');
    assert.equal((await served.sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status, 'pending');
    assert.equal((await served.sandbox.consoleApi('POST', `/links/${link.id}/cancel`, {})).status, 200);
    const paused = await served.sandbox.consoleApi('POST', '/queue/pause', []);
    assertError(paused, 400, 'body_invalid_json');
    assert.equal((await served.sandbox.consoleApi('GET', '/queue')).body.data.paused, false);
    assert.equal((await served.sandbox.consoleApi('POST', '/queue/pause', {})).body.data.paused, true);
    assert.equal((await served.sandbox.consoleApi('POST', '/queue/resume')).body.data.paused, false);
  });
});

describe('console query parameters (docs/console-api.md)', () => {
  /** Console operations a request with no body reaches the query check of (a required body is read first). */
  const reachable = () =>
    operations().filter(
      ({ path, op }) => path.startsWith('/_console/api/') && op.requestBody?.required !== true,
    );

  test('an unknown one is 400 parameter_unknown on every console route, ?token= and ?workspace= beside it or not', async () => {
    const routes = reachable();
    assert.ok(routes.length >= 35, `only ${routes.length} found`);
    for (const operation of routes) {
      const { method, path } = operation;
      for (const query of [{ foo: '1' }, { token: 't', workspace: 'default', foo: '1' }] as Record<
        string,
        string
      >[]) {
        const res = await served.sandbox.api(method, concretePath(operation, query), { key: null });
        const error = assertError(res, 400, 'parameter_unknown', { param: 'foo' });
        assert.match(error.message, /Unknown query parameter foo\./, `${method} ${path}`);
      }
    }
  });

  test('?token= and ?workspace= are known on every console read', async () => {
    for (const operation of reachable()) {
      const { method, path } = operation;
      // The event stream answers 200 and stays open: its refusals are what is checked above.
      if (method !== 'GET' || path === '/_console/api/events') continue;
      const res = await served.sandbox.api(
        method,
        concretePath(operation, { token: 't', workspace: 'default' }),
        {
          key: null,
        },
      );
      assert.ok(res.status === 200 || res.status === 404, `${method} ${path}: ${res.status} ${res.text}`);
      if (res.status === 404) assert.equal(res.body.error.code, 'resource_not_found');
    }
  });

  test('?workspace= is in the document on every console operation', () => {
    for (const { method, path, op } of operations().filter((o) => o.path.startsWith('/_console/api/')))
      assert.ok(
        (op.parameters ?? []).some((p: Json) => p.$ref === '#/components/parameters/ConsoleWorkspace'),
        `${method} ${path}`,
      );
    assert.equal(served.doc.components.parameters.ConsoleWorkspace.in, 'query');
  });
});

describe('errors a bent request gets (docs/contract.md §3)', () => {
  test('POST /sandbox/endpoint-checks with "" or an unknown field answers a code its 400 lists', async () => {
    const empty = await served.sandbox.api('POST', '/sandbox/endpoint-checks', {
      raw: '""',
      headers: { 'content-type': 'application/json' },
    });
    assertError(empty, 400, 'body_invalid_json');
    const unknown = await served.sandbox.api('POST', '/sandbox/endpoint-checks', {
      body: { url: 'http://127.0.0.1:9/hooks', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', zz: 1 },
    });
    assertError(unknown, 400, 'parameter_unknown', { param: 'zz' });
  });

  test('on every operation of the JSON API, each is refused with a status and code its document lists', async () => {
    const BODIES: [string, string, string][] = [
      ['a JSON string', 'application/json', '""'],
      ['an array', 'application/json', '[]'],
      ['an unknown field', 'application/json', '{"zz": 1}'],
      ['broken JSON', 'application/json', '{"amount": '],
      ['text', 'text/plain', 'hello'],
    ];
    let tried = 0;
    const bent = operations().filter(({ path }) => /^\/(payment-links|sandbox\/|_console\/api\/)/.test(path));
    for (const operation of bent) {
      const { method, path, op } = operation;
      const key = keyFor(path);
      const tries: [string, Record<string, string>, string | undefined][] = [
        ['an unknown query parameter', {}, undefined],
      ];
      if (op.requestBody)
        for (const [what, type, raw] of BODIES) tries.push([what, { 'content-type': type }, raw]);
      for (const [what, headers, raw] of tries) {
        const target = raw === undefined ? concretePath(operation, { zz: '1' }) : concretePath(operation);
        // The harness fails the call when the answer is not one the document lists for it.
        const res = await served.sandbox.api(method, target, { raw, key, headers });
        assert.ok(
          res.status >= 400 && res.status < 500,
          `${method} ${path} with ${what}: ${res.status} ${res.text}`,
        );
        tried++;
      }
    }
    assert.ok(tried > 300, `tried ${tried}`);
  });
});
