// The `idempotent` flag is the one switch for a route's Idempotency-Key: it runs the claim, replay
// and release flow and writes the header, the note and the 409 and 422 into /openapi.json, so a
// route added later cannot take a key without documenting it, nor document one it does not take.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { createApp, SandboxCore } from '../core';
import { Workspaces } from '../core/workspaces/workspaces';
import { respondIdempotently } from '../core/http/idempotentRequest';
import { ErrorBodySchema, MetaSchema } from '../shared/types';

type Json = any;

let core: SandboxCore;
let app: FastifyInstance;
let doc: Json;
let runs = 0;

const Counted = Type.Object({ data: Type.Object({ run: Type.Integer() }), meta: MetaSchema });

before(async () => {
  core = await SandboxCore.open({});
  app = await createApp(await Workspaces.open(core, {}));
  app.post(
    '/sandbox/later-count',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Count a run',
        body: Type.Object({ note: Type.String() }),
        response: { 201: Counted },
      },
    },
    (request, reply) =>
      respondIdempotently(request, reply, core, async (store) => {
        const body = JSON.stringify({ data: { run: ++runs }, meta: { request_id: request.id } });
        if (store) await core.store.commit([store(201, body)]);
        return { status: 201, body };
      }),
  );
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
after(async () => {
  await app.close();
  await core.close();
});

const post = (key: string | undefined, note: string) =>
  app.inject({
    method: 'POST',
    url: '/sandbox/later-count',
    headers: {
      authorization: 'Bearer sk_test_later',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: { note },
  });

test('a route with the flag replays a retry and refuses the key for another request', async () => {
  const first = await post('count-1', 'a');
  assert.equal(first.statusCode, 201);
  const retry = await post('count-1', 'a');
  assert.equal(retry.headers['idempotent-replayed'], 'true');
  assert.equal(retry.body, first.body);
  const other = await post('count-1', 'b');
  assert.equal(other.statusCode, 422);
  assert.equal(other.json().error.code, 'idempotency_key_reused');
  const unkeyed = await post(undefined, 'a');
  assert.equal(unkeyed.json().data.run, first.json().data.run + 1);
});

test('its document gets the header, the note, the 409 and the 422 from the flag alone', () => {
  const op = doc.paths['/sandbox/later-count'].post;
  assert.ok(
    op.parameters.some((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key'),
    JSON.stringify(op.parameters),
  );
  assert.match(op.description, /Idempotency-Key/);
  const codes = (status: string) =>
    op.responses[status].content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
  assert.deepEqual(codes('409'), ['idempotency_request_in_progress']);
  assert.deepEqual(codes('422'), ['idempotency_key_reused']);
  assert.ok(op.responses['201'].headers['Idempotent-Replayed']);
});

test("the API's idempotent routes document both key errors beside their own", () => {
  for (const [path, method] of [
    ['/payment-links', 'post'],
    ['/payment-links/{id}/cancel', 'post'],
    ['/sandbox/simulate', 'post'],
    ['/sandbox/clock/advance', 'post'],
  ] as const) {
    const op = doc.paths[path][method];
    assert.match(op.responses['409'].description, /idempotency_request_in_progress/, path);
    assert.match(op.responses['422'].description, /idempotency_key_reused/, path);
  }
  const cancel = doc.paths['/payment-links/{id}/cancel'].post.responses['409'].description;
  assert.match(cancel, /payment_link_not_cancelable/);
});

test('a route that names a key error without the flag is refused when the document is made', async () => {
  const errors: Error[] = [];
  const other = await createApp(await Workspaces.open(core, {}), {
    onInternalError: (err) => errors.push(err),
  });
  other.post(
    '/sandbox/later-unflagged',
    { schema: { response: { 422: { ...ErrorBodySchema, description: 'idempotency_key_reused' } } } },
    async () => ({}),
  );
  await other.ready();
  const answer = await other.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(answer.statusCode, 500);
  assert.match(String(errors[0]?.message), /later-unflagged documents idempotency_key_reused/);
  await other.close();
});

test('a route that runs the flow without the flag fails loudly rather than taking keys undocumented', async () => {
  const errors: Error[] = [];
  const other = await createApp(await Workspaces.open(core, {}), {
    onInternalError: (err) => errors.push(err),
  });
  other.post('/sandbox/later-unflagged-flow', (request, reply) =>
    respondIdempotently(request, reply, core, async () => ({ status: 200, body: '{}' })),
  );
  await other.ready();
  const answer = await other.inject({
    method: 'POST',
    url: '/sandbox/later-unflagged-flow',
    headers: { authorization: 'Bearer sk_test_later' },
    payload: {},
  });
  assert.equal(answer.statusCode, 500);
  assert.match(String(errors[0]?.message), /give it config\.idempotent/);
  await other.close();
});
