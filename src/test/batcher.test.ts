// The console's one batcher for live changes, run under Node with Node's own fake clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBatcher } from '../renderer/src/lib/batcher';

test('changes wait for the batch time, then go out together in the order they came', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const batches: number[][] = [];
  const batcher = createBatcher<number>((items) => batches.push(items), { waitMs: 50 });
  for (let i = 0; i < 1_000; i++) batcher.push(i);
  t.mock.timers.tick(49);
  assert.deepEqual(batches, [], 'nothing goes out before the first change has waited the batch time');
  t.mock.timers.tick(1);
  assert.deepEqual(batches, [Array.from({ length: 1_000 }, (_, i) => i)]);
  batcher.push(1_000);
  t.mock.timers.tick(50);
  assert.deepEqual(batches.at(-1), [1_000], 'a later change starts a batch of its own');
});

test('a full batch goes out at once, and the rest keep their order behind it', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const batches: string[][] = [];
  const batcher = createBatcher<string>((items) => batches.push(items), { waitMs: 50, maxItems: 3 });
  for (const item of ['a', 'b', 'c', 'd', 'e']) batcher.push(item);
  assert.deepEqual(batches, [['a', 'b', 'c']]);
  t.mock.timers.tick(50);
  assert.deepEqual(batches, [
    ['a', 'b', 'c'],
    ['d', 'e'],
  ]);
});

test('closing hands over what is waiting, and nothing pushed later is lost', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const batches: string[][] = [];
  const batcher = createBatcher<string>((items) => batches.push(items), { waitMs: 50 });
  batcher.push('a');
  batcher.push('b');
  batcher.close();
  assert.deepEqual(batches, [['a', 'b']]);
  batcher.push('c');
  assert.deepEqual(batches, [['a', 'b'], ['c']]);
  t.mock.timers.tick(50);
  assert.equal(batches.length, 2, 'nothing goes out twice');
});

test('clearing drops what waits (a replaced store) and the batcher goes on working', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const batches: string[][] = [];
  const batcher = createBatcher<string>((items) => batches.push(items), { waitMs: 50 });
  batcher.push('old');
  batcher.clear();
  t.mock.timers.tick(50);
  assert.deepEqual(batches, []);
  batcher.push('new');
  t.mock.timers.tick(50);
  assert.deepEqual(batches, [['new']]);
});
