import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLink, fileSandbox } from './harness';

const sandbox = fileSandbox();

test('the console creates links and drives them to every outcome, by the same rules as the API', async () => {
  const created = await sandbox.consoleApi('POST', '/links', {
    amount: 25_000,
    title: 'Console link',
    reference_id: 'C-1',
  });
  assert.equal(created.status, 201);
  const link = created.body.data;
  assert.equal(link.status, 'pending');
  const paid = await sandbox.consoleApi('POST', `/links/${link.id}/simulate`, { event: 'paid' });
  assert.equal(paid.body.data.status, 'succeeded');
  const refused = await sandbox.consoleApi('POST', `/links/${link.id}/cancel`);
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error.code, 'payment_link_not_cancelable');
  const detail = (await sandbox.consoleApi('GET', `/links/${link.id}`)).body.data;
  assert.equal(detail.link.status, 'succeeded');
  assert.deepEqual(
    detail.events.map((e: { type: string }) => e.type),
    ['payment_link.paid'],
  );
  const other = await createLink(sandbox);
  assert.equal((await sandbox.consoleApi('POST', `/links/${other.id}/cancel`)).body.data.status, 'canceled');
});

test('the console lists with status filter, search and sort, in pages of up to 1000', async () => {
  for (const [title, amount] of [
    ['Alpha zq-order', 300],
    ['Beta zq-order', 100],
    ['Gamma gift', 200],
  ] as const) {
    await sandbox.consoleApi('POST', '/links', { amount, title });
  }
  const search = await sandbox.consoleApi('GET', '/links?q=zq-ORDER&sort=amount&order=asc');
  const titles = search.body.data.map((l: { title: string }) => l.title);
  assert.deepEqual(titles, ['Beta zq-order', 'Alpha zq-order']);
  const pending = await sandbox.consoleApi('GET', '/links?status=pending&per_page=1000');
  assert.ok(pending.body.data.every((l: { status: string }) => l.status === 'pending'));
  const newest = await sandbox.consoleApi('GET', '/links?per_page=1');
  assert.equal(newest.body.data[0].title, 'Gamma gift');
  assert.equal((await sandbox.consoleApi('GET', '/links?per_page=1001')).status, 400);
});
