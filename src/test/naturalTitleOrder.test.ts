import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { compareTitles } from '../shared/titleOrder';
import { startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
const TITLES = ['order 10', 'order 2', 'Order 1', 'order 100', 'order 9', 'order 2'];

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  for (const title of TITLES) await sandbox.consoleApi('POST', '/links', { amount: 500, title });
});
after(() => sandbox.stop());

const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((l) => l.title);

test('titles sort naturally: "order 2" before "order 10", both ways and on every page', async () => {
  const asc = await sandbox.consoleApi('GET', '/links?sort=title&order=asc&per_page=100');
  assert.deepEqual(titles(asc), ['Order 1', 'order 2', 'order 2', 'order 9', 'order 10', 'order 100']);
  const desc = await sandbox.consoleApi('GET', '/links?sort=title&order=desc&per_page=100');
  assert.deepEqual(titles(desc), [...titles(asc)].reverse());
  const page2 = await sandbox.consoleApi('GET', '/links?sort=title&order=asc&page=2&per_page=2');
  assert.deepEqual(titles(page2), ['order 2', 'order 9']);
});

test('a link created after the order is cached lands in its natural place', async () => {
  await sandbox.consoleApi('GET', '/links?sort=title&order=asc&per_page=100');
  await sandbox.consoleApi('POST', '/links', { amount: 500, title: 'order 11' });
  const asc = await sandbox.consoleApi('GET', '/links?sort=title&order=asc&per_page=100');
  assert.deepEqual(titles(asc).slice(4), ['order 10', 'order 11', 'order 100']);
});

test('compareTitles is a total order: titles the collator calls equal still differ', () => {
  assert.ok(compareTitles('a2', 'a10') < 0);
  assert.notEqual(compareTitles('a01', 'a1'), 0);
  assert.equal(Math.sign(compareTitles('a01', 'a1')), -Math.sign(compareTitles('a1', 'a01')));
  assert.equal(compareTitles('same', 'same'), 0);
});
