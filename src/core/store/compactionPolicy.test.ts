import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompactionPolicy } from './compactionPolicy';

test('after a snapshot of L links, a create-only load compacts again after L more records (it once waited forever)', () => {
  const policy = new CompactionPolicy();
  policy.reset(200_000, 100 * 2 ** 20);
  for (let i = 1; i < 200_000; i++) policy.addRecord();
  assert.equal(policy.due(0), false);
  policy.addRecord();
  assert.equal(policy.due(0), true);
});

test('journal bytes as large as the snapshot (at least 64 MiB) compact too, whatever the record count', () => {
  const policy = new CompactionPolicy();
  policy.reset(10, 500 * 2 ** 20);
  assert.equal(policy.due(500 * 2 ** 20 - 1), false);
  assert.equal(policy.due(500 * 2 ** 20), true);
  policy.reset(10, 1000);
  assert.equal(policy.due(64 * 2 ** 20 - 1), false);
  assert.equal(policy.due(64 * 2 ** 20), true);
});

test('--compact-after N is taken as it is', () => {
  const policy = new CompactionPolicy(3);
  policy.reset(1_000_000, 0);
  policy.addRecord();
  policy.addRecord();
  assert.equal(policy.due(0), false);
  policy.addRecord();
  assert.equal(policy.due(0), true);
});
