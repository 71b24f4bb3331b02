// The delivery history's loaded rows under live changes, run under Node.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DeliveryRow } from '../renderer/src/api/consoleClient';
import { mergeChanges, NO_DELIVERY_FILTER, type DeliveryFilter } from '../renderer/src/lib/deliveryList';
import type { RowMap } from '../renderer/src/lib/rowWindow';

const row = (id: string, seq: number, over: Partial<DeliveryRow> = {}) =>
  ({
    id,
    seq,
    status: 'paused',
    event_type: 'payment_link.paid',
    endpoint_id: 'we_1',
    ...over,
  }) as DeliveryRow;

/** Rows newest first from `start`, in a history of `total`. */
const loaded = (rows: DeliveryRow[], start = 0, total = start + rows.length) => ({
  rows: new Map(rows.map((r, i) => [start + i, r.id])) as RowMap,
  byId: Object.fromEntries(rows.map((r) => [r.id, r])),
  total,
});
const positions = (rows: RowMap) => [...rows].sort(([a], [b]) => a - b);
const paused: DeliveryFilter = { ...NO_DELIVERY_FILTER, status: 'paused' };

test('a new delivery goes on top when the top is loaded, or moves the loaded rows down', () => {
  const top = mergeChanges(
    loaded([row('b', 2), row('a', 1)]),
    [{ kind: 'changed', row: row('c', 3) }],
    NO_DELIVERY_FILTER,
    2,
  );
  assert.deepEqual(positions(top.rows), [
    [0, 'c'],
    [1, 'b'],
    [2, 'a'],
  ]);
  assert.equal(top.total, 3);
  assert.equal(top.newestSeq, 3);
  const deep = mergeChanges(
    loaded([row('b', 2)], 40, 90),
    [{ kind: 'changed', row: row('c', 99) }],
    NO_DELIVERY_FILTER,
    98,
  );
  assert.deepEqual(positions(deep.rows), [[41, 'b']]);
  assert.equal(deep.total, 91);
});

test('a loaded row that leaves the filter goes, and the rows below move up', () => {
  const list = loaded([row('c', 3), row('b', 2), row('a', 1)]);
  const merged = mergeChanges(
    list,
    [{ kind: 'changed', row: row('b', 2, { status: 'delivered' }) }],
    paused,
    3,
  );
  assert.deepEqual(positions(merged.rows), [
    [0, 'c'],
    [1, 'a'],
  ]);
  assert.equal(merged.total, 2);
  const deleted = mergeChanges(list, [{ kind: 'deleted', id: 'c' }], NO_DELIVERY_FILTER, 3);
  assert.deepEqual(positions(deleted.rows), [
    [0, 'b'],
    [1, 'a'],
  ]);
});

test('a change outside the loaded rows is unsure only where it may have moved them', () => {
  const list = loaded([row('c', 3)], 0, 50);
  const older = { kind: 'changed' as const, row: row('x', 2, { status: 'delivered' }) };
  assert.equal(mergeChanges(list, [older], NO_DELIVERY_FILTER, 3).unsure, false);
  assert.equal(mergeChanges(list, [older], paused, 3).unsure, true);
  assert.equal(mergeChanges(list, [{ kind: 'deleted', id: 'x' }], NO_DELIVERY_FILTER, 3).unsure, true);
});
