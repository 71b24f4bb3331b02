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
