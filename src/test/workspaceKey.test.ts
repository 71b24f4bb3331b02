import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isApiKey } from '../shared/apiKey';
import { DEFAULT_WORKSPACE, workspaceOfKey } from '../shared/workspaceKey';

test('a key sk_test_ws_<name> names its workspace, lowered; every other key names default', () => {
  assert.deepEqual(workspaceOfKey('sk_test_ws_ci42'), { name: 'ci42' });
  assert.deepEqual(workspaceOfKey('sk_test_ws_Alpha'), { name: 'alpha' }, 'Alpha and alpha are one');
  assert.deepEqual(workspaceOfKey('sk_test_ws_worker_3'), { name: 'worker_3' });
  assert.deepEqual(workspaceOfKey('sk_test_ws_default'), { name: DEFAULT_WORKSPACE });
  assert.deepEqual(workspaceOfKey(`sk_test_ws_${'a'.repeat(64)}`), { name: 'a'.repeat(64) });
  for (const key of ['sk_test_123', 'sk_test_WS_alpha', 'sk_test_ws', 'sk_test_wsalpha', 'sk_test_x_ws_a'])
    assert.deepEqual(workspaceOfKey(key), { name: DEFAULT_WORKSPACE }, `${key}: not a workspace key`);
});

test('a workspace key without a valid name says what one looks like', () => {
  for (const key of ['sk_test_ws_', `sk_test_ws_${'a'.repeat(65)}`]) {
    assert.ok(isApiKey(key), `${key} is a well-formed key otherwise`);
    const found = workspaceOfKey(key);
    assert.ok('problem' in found, key);
    assert.match(found.problem, /sk_test_ws_<name>, the name 1 to 64 letters, digits or _/);
  }
  const long = workspaceOfKey(`sk_test_ws_${'a'.repeat(65)}`);
  assert.ok('problem' in long && long.problem.includes('65 characters long'));
});
