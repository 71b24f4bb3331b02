// The console's long tables, run under Node: loaded blocks by row position, live links merged into
// them in the table's order, the scaled scroll space, and what "Go to" reads.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { goToTarget } from '../renderer/src/lib/goToTarget';
import { mergeChanges, type LinkFilter } from '../renderer/src/lib/linkList';
import { DEFAULT_ORDER } from '../shared/linkOrder';
import { evictFar, placeBlock, type RowMap } from '../renderer/src/lib/rowWindow';
import { MAX_SCROLL_PX, offsetFor, rowsInView, scrollScale } from '../renderer/src/lib/scrollScale';
import type { PaymentLink } from '../shared/types';
import { link } from './linkFixture';

const filter = (over: Partial<LinkFilter> = {}): LinkFilter => ({
  status: 'all',
  q: '',
  created: { preset: 'any', from: '', to: '' },
  bounds: {},
  ...DEFAULT_ORDER,
  ...over,
});

/** Links loaded at rows from `start`, in a list of `total`. */
const loaded = (links: PaymentLink[], start = 0, total = start + links.length) => ({
  rows: new Map(links.map((l, i) => [start + i, l.id])) as RowMap,
  byId: Object.fromEntries(links.map((l) => [l.id, l])),
  total,
});
const ids = (rows: RowMap) => [...rows].sort(([a], [b]) => a - b);

describe('live links merge into the loaded rows in the table order', () => {
  const byAmount = filter({ sort: 'amount', order: 'asc' });

  test('by amount, ascending: a new link lands between its neighbours, ties broken by id', () => {
    const rows = [link('a', { amount: 100 }), link('c', { amount: 300 }), link('d', { amount: 300 })];
    const merged = mergeChanges(loaded(rows), [link('b', { amount: 300 })], byAmount);
    assert.deepEqual(ids(merged.rows), [
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
      [3, 'd'],
    ]);
    assert.equal(merged.total, 4);
  });

  test('a known row is replaced in place even when its sort key changes', () => {
    const rows = [link('a', { amount: 100 }), link('b', { amount: 200 })];
    const merged = mergeChanges(loaded(rows), [link('a', { amount: 999 })], byAmount);
    assert.deepEqual(ids(merged.rows), [
      [0, 'a'],
      [1, 'b'],
    ]);
    assert.equal(merged.byId.a?.amount, 999);
  });

  test('a row that leaves the filter keeps its place for now, says it left, and the count follows the filter', () => {
    const pending = filter({ status: 'pending' });
    const merged = mergeChanges(loaded([link('a')]), [link('a', { status: 'succeeded' })], pending);
    assert.deepEqual(ids(merged.rows), [[0, 'a']]);
    assert.equal(merged.total, 0);
    assert.equal(merged.unsure, false);
    assert.equal(merged.left, true);
    const still = mergeChanges(loaded([link('a')]), [link('a', { amount: 5 })], pending);
    assert.equal(still.left, false);
  });

  test('a new link in rows not loaded is left for the server to count: nothing moves, the view is read again', () => {
    // Rows 50 and 51 are loaded, of 100; "b" sorts before them, somewhere in rows 0..50. The read
    // that loaded them may already have counted it (the stream can bring it after that read).
    const rows = [link('y', { amount: 500 }), link('z', { amount: 600 })];
    const fresh = link('b', { amount: 200 });
    const merged = mergeChanges(loaded(rows, 50, 100), [fresh], byAmount);
    assert.deepEqual(ids(merged.rows), ids(loaded(rows, 50).rows));
    assert.equal(merged.total, 100);
    assert.equal(merged.unsure, true);
    // The create's answer, then the stream: the same link again never counts past the server's total.
    const again = mergeChanges(merged, [fresh], byAmount);
    assert.equal(again.total, 100);
    // After the last loaded row, with more rows below: nothing loaded moves either.
    const last = mergeChanges(loaded(rows, 50, 100), [link('x', { amount: 700 })], byAmount);
    assert.deepEqual(ids(last.rows), ids(loaded(rows, 50).rows));
    assert.equal(last.total, 100);
  });

  test('a new link between loaded neighbours goes into view and is counted, once', () => {
    const rows = [link('a', { amount: 100 }), link('c', { amount: 300 })];
    const merged = mergeChanges(loaded(rows, 0, 2), [link('b', { amount: 200 })], byAmount);
    assert.deepEqual(ids(merged.rows), [
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
    assert.equal(merged.total, 3);
    assert.equal(merged.unsure, false);
    assert.equal(mergeChanges(merged, [link('b', { amount: 200 })], byAmount).total, 3);
  });

  test('newest first by default: a newer link goes on top; outside the created range it is left out', () => {
    const rows = [link('old', { created_at: '2026-11-23T09:00:00.000Z' })];
    const merged = mergeChanges(
      loaded(rows),
      [link('new', { created_at: '2026-11-23T11:00:00.000Z' })],
      filter(),
    );
    assert.deepEqual(ids(merged.rows), [
      [0, 'new'],
      [1, 'old'],
    ]);
    const ranged = filter({ bounds: { before: '2026-11-23T00:00:00.000Z' } });
    const outside = mergeChanges(loaded([]), [link('n')], ranged);
    assert.deepEqual(ids(outside.rows), []);
    assert.equal(outside.total, 0);
  });

  test('a change to a link not loaded is unsure only where it can move rows', () => {
    const paid = link('p', { status: 'succeeded' });
    assert.equal(mergeChanges(loaded([link('a')]), [paid], filter()).unsure, false);
    assert.equal(mergeChanges(loaded([link('a')]), [paid], filter({ status: 'pending' })).unsure, true);
    assert.equal(mergeChanges(loaded([link('a')]), [paid], filter({ sort: 'status' })).unsure, true);
  });
});

describe('loaded blocks', () => {
  test('a block takes its rows; an id it brings leaves its old place; nothing stays past the end', () => {
    const rows = new Map([
      [0, 'a'],
      [1, 'b'],
      [5, 'c'],
      [9, 'z'],
    ]);
    assert.deepEqual(ids(placeBlock(rows, 4, ['b', 'd'], 9)), [
      [0, 'a'],
      [4, 'b'],
      [5, 'd'],
    ]);
  });

  test('past a quarter over the bound, the rows farthest from the view go', () => {
    const rows = new Map(Array.from({ length: 30 }, (_, i) => [i, `r${i}`]));
    assert.equal(evictFar(rows, 0, 30), rows);
    assert.deepEqual([...evictFar(rows, 29, 20).keys()].sort((a, b) => a - b)[0], 10);
  });
});

describe('the scaled scroll space', () => {
  test('up to the limit, one pixel is one pixel; past it, the thumb still maps linearly to the row', () => {
    assert.deepEqual(scrollScale(1000, 56, 800), { height: 56_000, ratio: 1, contentRange: 55_200 });
    const million = scrollScale(1_000_000, 56, 800);
    assert.equal(million.height, MAX_SCROLL_PX);
    // The bottom of the scroll space is the bottom of the content: the last row is reachable.
    assert.equal(Math.round((MAX_SCROLL_PX - 800) * million.ratio), 56_000_000 - 800);
    const half = ((MAX_SCROLL_PX - 800) / 2) * million.ratio;
    assert.equal(rowsInView(half, 800, 56, 1_000_000, 0).first, 499_992);
    const end = offsetFor(999_999, 'end', 56, 800, million.contentRange);
    assert.equal(rowsInView(end, 800, 56, 1_000_000, 0).last, 999_999);
  });
});

describe('Go to', () => {
  test('reads a row number (with separators) or a link id, and says what is allowed otherwise', () => {
    assert.deepEqual(goToTarget(' 50,000 ', 100_000), { row: 50_000 });
    const id = '0B8C6B7E-1F2A-4C3D-8E9F-0A1B2C3D4E5F';
    assert.deepEqual(goToTarget(id, 10), { id: id.toLowerCase() });
    assert.deepEqual(goToTarget('0', 10), {
      problem: 'There is no row 0. Enter a row from 1 to 10, or a link id.',
    });
    assert.deepEqual(goToTarget('abc', 10), {
      problem: '“abc” is neither a row number nor a link id. Enter a row from 1 to 10, or a link id.',
    });
  });
});
