// A route added after this document's tables were written (as the inbox and fault routes will be)
// still gets everything the linters and generated clients need, with no entry of its own.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { createApp, SandboxCore } from '../core';
import { Workspaces } from '../core/workspaces/workspaces';
import { lintWithRedocly, lintWithSpectral } from '../package/openApiLinters';
import { ErrorBodySchema, MetaSchema } from '../shared/types';
import { makeTempDir } from './harness';

type Json = any;

let core: SandboxCore;
let app: FastifyInstance;
let doc: Json;

const Item = Type.Object({ id: Type.String(), received_at: Type.String({ format: 'date-time' }) });
const ItemEnvelope = Type.Object({ data: Item, meta: MetaSchema });

before(async () => {
  core = await SandboxCore.open({});
  app = await createApp(await Workspaces.open(core, {}));
  for (const url of ['/sandbox/later/:id', '/_console/api/later/:id']) {
    app.get(
      url,
      {
        schema: {
          summary: 'A later route',
          params: Type.Object({ id: Type.String() }),
          response: { 200: ItemEnvelope, 404: { ...ErrorBodySchema, description: 'resource_not_found' } },
        },
      },
      async () => ({}),
    );
  }
  app.post(
    '/_later/:name',
    { schema: { summary: 'Receive a webhook', params: Type.Object({ name: Type.String() }) } },
    async () => ({}),
  );
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
after(async () => {
  await app.close();
  await core.close();
});

test('it gets an operationId, a declared tag, security, headers, a 405 and examples', () => {
  const api = doc.paths['/sandbox/later/{id}'].get;
  const console = doc.paths['/_console/api/later/{id}'].get;
  assert.equal(api.operationId, 'getSandboxLaterById');
  assert.equal(console.operationId, 'consoleGetLaterById');
  assert.deepEqual(api.security, [{ bearerAuth: [] }]);
  assert.ok(console.security.some((s: Json) => 'consoleToken' in s));
  const tags = doc.tags.map((t: Json) => t.name);
  for (const op of [api, console]) {
    for (const tag of op.tags) assert.ok(tags.includes(tag), tag);
    assert.ok(op.description);
    assert.ok(op.responses['405'].headers.Allow);
    assert.ok(op.responses['200'].headers['X-Request-Id']);
    assert.ok(op.responses['200'].content['application/json'].example);
    const notFound = op.responses['404'].content['application/json'].schema;
    assert.deepEqual(notFound.allOf[1].properties.error.properties.code.enum, ['resource_not_found']);
  }
});

test('a shape it uses twice is one named schema, both uses a $ref', () => {
  const api = doc.paths['/sandbox/later/{id}'].get.responses['200'].content['application/json'].schema;
  const console =
    doc.paths['/_console/api/later/{id}'].get.responses['200'].content['application/json'].schema;
  assert.ok(api.$ref, JSON.stringify(api));
  assert.equal(api.$ref, console.$ref);
  assert.ok(doc.components.schemas[api.$ref.split('/').at(-1)]);
});

test('a wrong method on it is 405 with Allow', async () => {
  const res = await app.inject({ method: 'DELETE', url: '/_console/api/later/abc' });
  assert.equal(res.statusCode, 405);
  assert.equal(res.headers.allow, 'GET, HEAD');
});

test('an open route under /_ (the inbox) is documented without a key', () => {
  const inbox = doc.paths['/_later/{name}'].post;
  assert.equal(inbox.operationId, 'createLaterByName');
  assert.deepEqual(inbox.security, []);
  assert.equal(inbox.responses['401'], undefined);
  assert.ok(inbox.responses['421']);
});

test('the document with them still lints clean with both linters', async () => {
  const dir = await makeTempDir('pls-openapi-later-');
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    for (const result of [lintWithRedocly(file), lintWithSpectral(file)]) {
      assert.ok(result.clean, result.report.join('\n'));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
