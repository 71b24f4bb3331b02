import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
/** Titles by creation order: "Row 0" is the oldest. */
const created: { id: string; title: string; amount: number }[] = [];

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  for (let i = 0; i < 60; i++) {
    // A millisecond apart, so "newest" is the last made (two in one millisecond tie on created_at).
    sandbox.clock.advance(1);
    // Amounts repeat, so the sort's tie-break on the id shows.
    const res = await sandbox.consoleApi('POST', '/links', {
      amount: 1000 + (i % 7) * 10,
      title: `Row ${i}`,
    });
    created.push(res.body.data);
    if (i % 4 === 0)
      await sandbox.consoleApi('POST', `/links/${res.body.data.id}/simulate`, { event: 'paid' });
  }
});
after(() => sandbox.stop());

const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((l) => l.title);

test('any page of any sorted view is that window of the whole sorted list', async () => {
  for (const query of [
    'sort=amount&order=asc',
    'sort=title&order=desc',
    'status=pending&sort=status',
    'q=row 1',
  ]) {
    const whole = await sandbox.consoleApi('GET', `/links?${query}&per_page=1000`);
    const window = await sandbox.consoleApi('GET', `/links?${query}&page=3&per_page=7`);
    assert.equal(window.status, 200);
    assert.deepEqual(titles(window), titles(whole).slice(14, 21), query);
    assert.equal(window.body.pagination.total, whole.body.data.length);
  }
  const oldestFirst = await sandbox.consoleApi('GET', '/links?order=asc&page=2&per_page=5');
  assert.deepEqual(titles(oldestFirst), ['Row 5', 'Row 6', 'Row 7', 'Row 8', 'Row 9']);
  const pastTheEnd = await sandbox.consoleApi('GET', '/links?page=100&per_page=10');
  assert.deepEqual(pastTheEnd.body.data, []);
  assert.equal(pastTheEnd.body.pagination.total, 60);
});

test("position answers a link's 0-based row in the view's order, and the view's size", async () => {
  const newest = await sandbox.consoleApi('GET', `/links/position?id=${created[59]?.id}`);
  assert.equal(newest.status, 200);
  assert.deepEqual(newest.body.data, { id: created[59]?.id, index: 0, total: 60 });
  const oldest = await sandbox.consoleApi('GET', `/links/position?id=${created[0]?.id}`);
  assert.equal(oldest.body.data.index, 59);
  // In any sorted, filtered view, the position is where the list puts the link.
  for (const query of ['sort=amount&order=asc', 'status=pending&sort=title', 'q=row 2&sort=expires_at']) {
    const list = (await sandbox.consoleApi('GET', `/links?${query}&per_page=1000`)).body.data;
    for (const at of [0, 5, list.length - 1]) {
      const res = await sandbox.consoleApi('GET', `/links/position?id=${list[at].id}&${query}`);
      assert.deepEqual(res.body.data, { id: list[at].id, index: at, total: list.length }, query);
    }
  }
  // Ids are found whatever their case.
  const upper = await sandbox.consoleApi('GET', `/links/position?id=${created[59]?.id.toUpperCase()}`);
  assert.equal(upper.body.data.index, 0);
});

test('position says why a link is not in the view, and which ids or parameters are wrong', async () => {
  const paid = created[0]?.id as string;
  const filtered = await sandbox.consoleApi('GET', `/links/position?id=${paid}&status=pending`);
  assert.equal(filtered.status, 404);
  assert.equal(filtered.body.error.code, 'link_not_in_view');
  assert.equal(filtered.body.error.param, 'id');
  assert.match(
    filtered.body.error.message,
    /is not in this view: it is succeeded, and the view shows pending/,
  );
  const searched = await sandbox.consoleApi('GET', `/links/position?id=${paid}&q=nothing`);
  assert.match(searched.body.error.message, /do not contain "nothing"/);

  const unknown = await sandbox.consoleApi('GET', '/links/position?id=00000000-0000-4000-8000-000000000000');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.code, 'resource_not_found');
  assert.match(unknown.body.error.message, /No payment link with id 00000000-0000-4000-8000-000000000000/);

  const missing = await sandbox.consoleApi('GET', '/links/position');
  assert.equal(missing.status, 400);
  assert.equal(missing.body.error.code, 'parameter_missing');
  assert.equal(missing.body.error.message, 'Missing required parameter id: a payment link id (a UUID).');

  const malformed = await sandbox.consoleApi('GET', '/links/position?id=pl_123');
  assert.equal(malformed.status, 400);
  assert.equal(malformed.body.error.code, 'parameter_invalid');
  assert.match(malformed.body.error.message, /Invalid id: "pl_123"; id must be a payment link id/);

  const badSort = await sandbox.consoleApi('GET', `/links/position?id=${paid}&sort=reference_id`);
  assert.equal(badSort.status, 400);
  assert.match(
    badSort.body.error.message,
    /sort must be one of created_at, amount, expires_at, status, title/,
  );

  const stray = await sandbox.consoleApi('GET', `/links/position?id=${paid}&page=2`);
  assert.equal(stray.status, 400);
  assert.equal(stray.body.error.code, 'parameter_unknown');
  assert.match(stray.body.error.message, /Unknown query parameter page\. Allowed: id, status, q/);
});

test('a bad page or page size is refused, saying what is allowed', async () => {
  const zero = await sandbox.consoleApi('GET', '/links?page=0');
  assert.equal(zero.status, 400);
  assert.match(zero.body.error.message, /page must be an integer from 1 to 9007199254740991/);
  const big = await sandbox.consoleApi('GET', '/links?per_page=1001');
  assert.match(big.body.error.message, /per_page must be an integer from 1 to 1000/);
});

test('a link created or changed after a sorted view was read is in the next window where the sort puts it', async () => {
  const query = 'sort=amount&order=asc&per_page=3';
  assert.equal((await sandbox.consoleApi('GET', `/links?${query}`)).status, 200);
  const smallest = await sandbox.consoleApi('POST', '/links', { amount: 1, title: 'Smallest' });
  assert.equal(titles(await sandbox.consoleApi('GET', `/links?${query}`))[0], 'Smallest');
  const pendingView = 'status=pending&sort=amount&order=asc';
  const before = await sandbox.consoleApi(
    'GET',
    `/links/position?id=${smallest.body.data.id}&${pendingView}`,
  );
  assert.equal(before.body.data.index, 0);
  await sandbox.consoleApi('POST', `/links/${smallest.body.data.id}/cancel`);
  const gone = await sandbox.consoleApi('GET', `/links/position?id=${smallest.body.data.id}&${pendingView}`);
  assert.equal(gone.body.error.code, 'link_not_in_view');
  const canceled = await sandbox.consoleApi('GET', `/links?status=canceled&sort=amount&order=asc`);
  assert.deepEqual(titles(canceled), ['Smallest']);
});
