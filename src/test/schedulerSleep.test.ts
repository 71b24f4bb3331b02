import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { MAX_SLEEP_MS } from '../core/scheduler';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';

// The scheduler sleeps until the next change falls due (src/core/scheduler.ts): no ticks between,
// so an idle workspace costs no CPU, and a change is still applied on time with nothing asking.

let sandbox: TestSandbox;
after(() => sandbox?.stop());

test('with the production sleep, a link expires on time on its own, woken by its own timer', async () => {
  // No schedulerIntervalMs: the sleep is the production one, far longer than this test.
  sandbox = await startTestSandbox({ inMemory: true, schedulerIntervalMs: undefined });
  assert.ok(MAX_SLEEP_MS >= 10_000);
  const link = await createLink(sandbox, {
    expires_at: new Date(sandbox.clock.now() + 120_000).toISOString(),
  });
  // The clock moves to 2 s before the expiry: the timer is set again for that moment.
  const moved = await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 118 } });
  assert.equal(moved.status, 200, moved.text);
  const status = () => sandbox.core.links.get(link.id)?.status;
  assert.equal(status(), 'pending');
  // Read from the core, not through the API: a request would apply the expiry itself.
  const expiredAt = await eventually(
    async () => (status() === 'expired' ? Date.now() : undefined),
    'the expiry, with no request asking',
    250,
  );
  assert.ok(expiredAt, 'expired by its timer');
});

test('a frozen clock sets no timer: the expiry waits for the clock to move', async () => {
  const link = await createLink(sandbox, {
    expires_at: new Date(
      Date.parse((await sandbox.api('GET', '/sandbox/clock')).body.data.now) + 120_000,
    ).toISOString(),
  });
  assert.equal((await sandbox.api('POST', '/sandbox/clock/freeze', { body: {} })).status, 200);
  assert.equal((await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 119 } })).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(sandbox.core.links.get(link.id)?.status, 'pending', 'frozen: nothing falls due');
  assert.equal((await sandbox.api('POST', '/sandbox/clock/resume', { body: {} })).status, 200);
  await eventually(
    async () => (sandbox.core.links.get(link.id)?.status === 'expired' ? true : undefined),
    'the expiry once the clock runs again',
    250,
  );
});
