import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rawRequest, fileSandbox } from './harness';

const sandbox = fileSandbox();

test('GET /healthz answers 200 {"status":"ok"} with no key', async () => {
  const res = await fetch(`${sandbox.origin}/healthz`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
  assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
});

test('a health probe from another container names the service: any Host is answered', async () => {
  const res = await rawRequest(sandbox.origin, { path: '/healthz', headers: { host: 'sandbox:4545' } });
  assert.equal(res.status, 200, res.text);
  const api = await rawRequest(sandbox.origin, { path: '/payment-links', headers: { host: 'sandbox:4545' } });
  assert.equal(api.status, 421, 'the API still refuses a Host it was not told about');
});

test('a fault rule that matches every request leaves /healthz alone, and probes stay out of the request log', async () => {
  const rule = await sandbox.api('POST', '/sandbox/faults', {
    body: { action: { type: 'status', status: 500 } },
  });
  assert.equal(rule.status, 201, rule.text);
  assert.equal((await sandbox.api('GET', '/payment-links')).status, 500);
  for (let i = 0; i < 3; i++) assert.equal((await fetch(`${sandbox.origin}/healthz`)).status, 200);
  await sandbox.api('DELETE', '/sandbox/faults');
  const logged = (await sandbox.consoleApi('GET', '/requests')).body.data as { path: string }[];
  assert.ok(logged.length > 0);
  assert.deepEqual(
    logged.filter((entry) => entry.path.startsWith('/healthz')),
    [],
  );
});

test('/healthz is in /openapi.json, needing no key', async () => {
  const doc = (await (await fetch(`${sandbox.origin}/openapi.json`)).json()) as any;
  const operation = doc.paths['/healthz'].get;
  assert.deepEqual(operation.security, []);
  assert.ok(operation.responses['200']);
});
