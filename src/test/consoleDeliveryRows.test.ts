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
    updated_at: new Date(Date.UTC(2026, 10, 23, 0, 0, seq)).toISOString(),
    ...over,
  }) as DeliveryRow;

/** Rows, last change first, from `start`, in a history of `total`. */
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

test('a resent row leaves its place for the top, as its last change orders it', () => {
  const list = loaded([row('c', 3), row('b', 2), row('a', 1)]);
  const resent = row('a', 1, { status: 'queued', updated_at: '2026-11-23T00:01:00.000Z' });
  const merged = mergeChanges(list, [{ kind: 'changed', row: resent }], NO_DELIVERY_FILTER, 3);
  assert.deepEqual(positions(merged.rows), [
    [0, 'a'],
    [1, 'c'],
    [2, 'b'],
  ]);
  assert.equal(merged.total, 3);
  assert.equal(merged.byId.a?.status, 'queued');
  assert.equal(merged.unsure, false);

  const scrolledDown = mergeChanges(
    loaded([row('b', 2), row('a', 1)], 40, 42),
    [{ kind: 'changed', row: resent }],
    NO_DELIVERY_FILTER,
    3,
  );
  assert.deepEqual(positions(scrolledDown.rows), [[41, 'b']], 'it went above the rows in view');
  assert.equal(scrolledDown.total, 42);
});

test('a change outside the loaded rows is unsure: it left a place not loaded here', () => {
  const list = loaded([row('c', 3)], 0, 50);
  const older = { kind: 'changed' as const, row: row('x', 2, { status: 'delivered' }) };
  assert.equal(mergeChanges(list, [older], NO_DELIVERY_FILTER, 3).unsure, true);
  assert.equal(mergeChanges(list, [{ kind: 'deleted', id: 'x' }], NO_DELIVERY_FILTER, 3).unsure, true);
  const loadedChange = { kind: 'changed' as const, row: row('c', 3, { status: 'delivered' }) };
  assert.equal(mergeChanges(list, [loadedChange], NO_DELIVERY_FILTER, 3).unsure, false);
});
