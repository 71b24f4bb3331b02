import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../core/settings';
import { toDraft, toPatch } from '../renderer/src/lib/settingsDraft';

const saved = toDraft(DEFAULT_SETTINGS);

test('one check names every bad field at once: a fee of 150, a schedule with "banana", port 80', () => {
  const outcome = toPatch(
    { ...saved, transaction_percent: '150', retry_schedule: '0s, banana', preferred_port: '80' },
    saved,
  );
  assert.ok('errors' in outcome);
  assert.deepEqual(Object.keys(outcome.errors).sort(), [
    'preferred_port',
    'retry_schedule',
    'transaction_percent',
  ]);
  assert.match(
    outcome.errors.preferred_port ?? '',
    /"80" is not allowed here: use a port from 1024 to 65535, or leave it empty for 4545\./,
  );
  assert.match(
    outcome.errors.transaction_percent ?? '',
    /"150" is not allowed here: use a percentage from 0 to 100\./,
  );
  assert.match(outcome.errors.retry_schedule ?? '', /"banana" is not a duration/);
});

test('whole numbers, limits and plain text are all caught before sending', () => {
  const outcome = toPatch(
    {
      ...saved,
      transaction_fixed: '1.5',
      delivery_concurrency: '0',
      event_retention: 'lots',
      link_lifetime: '1s',
    },
    saved,
  );
  assert.ok('errors' in outcome);
  assert.deepEqual(Object.keys(outcome.errors).sort(), [
    'delivery_concurrency',
    'event_retention',
    'link_lifetime',
    'transaction_fixed',
  ]);
});

test('good values still make a PATCH of only what changed', () => {
  const outcome = toPatch({ ...saved, transaction_percent: '3.5', retry_schedule: '0s, 5m' }, saved);
  assert.deepEqual(outcome, {
    patch: { webhook_retry_schedule_seconds: [0, 300], fees: { transaction_percent: 3.5 } },
  });
});
