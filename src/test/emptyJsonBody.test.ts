import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLink, fileSandbox } from './harness';

const sandbox = fileSandbox();

const json = { 'content-type': 'application/json' };

test('a cancel with Content-Type: application/json and no body is a cancel', async () => {
  const link = await createLink(sandbox);
  const res = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { raw: '', headers: json });
  assert.equal(res.status, 200);
  assert.equal(res.body.data.status, 'canceled');
});

test('a create with Content-Type: application/json and no body is told what is missing', async () => {
  const res = await sandbox.api('POST', '/payment-links', { raw: '', headers: json });
  assert.equal(res.status, 400);
  assert.equal(res.body.error.code, 'parameter_missing');
});
