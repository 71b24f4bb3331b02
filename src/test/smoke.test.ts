import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.stop());

test('a created link can be retrieved', async () => {
  const link = await createLink(sandbox);
  const res = await sandbox.api('GET', `/payment-links/${link.id}`);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.data, link);
  assert.equal(res.headers.get('x-request-id'), res.body.meta.request_id);
});
