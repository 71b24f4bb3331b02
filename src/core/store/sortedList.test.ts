import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SortedList } from './sortedList';

test('inserts in any order keep the list sorted: near the end, far from it, and ties', () => {
  const list = new SortedList<number>((a, b) => a - b);
  const inserted: number[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 2000; i++) {
    // Mostly ascending with small steps back (as creates within one millisecond), sometimes far back.
    const value = i % 50 === 0 ? next() % 1000 : i * 2 - (next() % 20);
    list.insert(value);
    inserted.push(value);
  }
  inserted.sort((a, b) => a - b);
  assert.deepEqual(list.toArray(), inserted);
});

test('past many chunks, every insert, removal, take and read agrees with a plain sorted array', () => {
  const list = new SortedList<number>((a, b) => a - b);
  let model: number[] = [];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const lowerBound = (v: number, strict: boolean) => {
    const i = model.findIndex((x) => (strict ? x > v : x >= v));
    return i === -1 ? model.length : i;
  };
  const start: number[] = [];
  for (let i = 0; i < 9000; i++) start.push(next() % 5000);
  list.reset(start.slice());
  model = start.slice().sort((a, b) => a - b);
  for (let round = 0; round < 12_000; round++) {
    const r = next() % 100;
    const v = next() % 5000;
    if (r < 40) {
      list.insert(v);
      model.splice(lowerBound(v, true), 0, v);
    } else if (r < 85) {
      const i = model.indexOf(v);
      assert.equal(list.remove(v), i >= 0);
      if (i >= 0) model.splice(i, 1);
    } else if (r < 88) {
      const taken = list.takeWhile((x) => x < v, 300);
      const n = Math.min(300, lowerBound(v, false));
      assert.deepEqual(taken, model.splice(0, n));
    } else {
      const at = next() % (model.length + 1);
      assert.equal(list.at(at), model[at]);
      assert.equal(
        list.bound((x) => x - v),
        lowerBound(v, false),
      );
      assert.equal(
        list.bound((x) => x - v, true),
        lowerBound(v, true),
      );
      assert.equal(list.length, model.length);
    }
  }
  assert.deepEqual(list.toArray(), model);
  assert.equal(list.peek(), model[0]);
});

test('a million items removed from the front one by one leave an empty list', () => {
  const list = new SortedList<number>((a, b) => a - b);
  const items = Array.from({ length: 1_000_000 }, (_, i) => i);
  list.reset(items.slice());
  for (const item of items) assert.ok(list.remove(item));
  assert.equal(list.length, 0);
  assert.equal(list.peek(), undefined);
  list.insert(5);
  assert.deepEqual(list.toArray(), [5]);
});
