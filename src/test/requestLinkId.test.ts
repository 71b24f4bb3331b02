// Each logged request names the link it is about (issue 13), so the console links a request to
// its link and finds a link's requests: by path, by what a create answered, by what a simulate named.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(() => sandbox.stop());

const logged = async () =>
  (await sandbox.consoleApi('GET', '/requests')).body.data as {
    method: string;
    path: string;
    status: number;
    link_id?: string;
  }[];

test('create, retrieve, simulate and cancel each name their link; a list and a refusal name none', async () => {
  const link = await createLink(sandbox);
  await sandbox.api('GET', `/payment-links/${link.id}`);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  const refused = await sandbox.api('POST', '/sandbox/simulate', {
    body: { payment_link_id: link.id.toUpperCase(), event: 'paid' },
  });
  assert.equal(refused.status, 409);
  await sandbox.api('GET', '/payment-links?per_page=5');
  await sandbox.api('POST', '/payment-links', { body: { amount: -1 } });
  await sandbox.api('GET', '/payment-links/not-a-uuid');

  const rows = await logged();
  const named = (method: string, path: string) =>
    rows.find((r) => r.method === method && r.path === path)?.link_id ?? null;
  assert.equal(rows.find((r) => r.method === 'POST' && r.status === 201)?.link_id, link.id, 'the create');
  assert.equal(named('GET', `/payment-links/${link.id}`), link.id);
  const simulates = rows.filter((r) => r.path === '/sandbox/simulate');
  assert.deepEqual(
    simulates.map((r) => [r.status, r.link_id]),
    [
      [409, link.id],
      [200, link.id],
    ],
    'a refused simulate names its link too',
  );
  assert.equal(named('POST', `/payment-links/${link.id}/cancel`), link.id);
  assert.equal(named('GET', '/payment-links?per_page=5'), null);
  assert.equal(
    rows.find((r) => r.method === 'POST' && r.status === 400)?.link_id,
    undefined,
    'a refused create',
  );
  assert.equal(named('GET', '/payment-links/not-a-uuid'), null);
});
