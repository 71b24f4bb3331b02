// What a route takes and nothing more, the same on the keyed and the console routes, and said so
// in the document (issue 31): a console route refuses a query parameter it does not know, as the
// keyed ones do. Every answer is checked against the served document by the harness.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertError } from './errorEnvelope';
import { fileDocument } from './servedDocument';
import { concretePath, documentOperations } from './documentOperations';

type Json = any;

const served = fileDocument();

const operations = () => documentOperations(served.doc);

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
