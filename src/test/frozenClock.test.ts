// A frozen sandbox clock (docs/contract.md §11): real time goes on (the test moves it by days), yet
// nothing time-based happens until the tester advances the clock: timestamps stand still, links
// do not expire, retries wait, Idempotency-Key records are kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createLink,
  eventually,
  firstDeliveryRetrying,
  simulate,
  sleep,
  startTestSandbox,
  type TestSandbox,
} from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function frozenSandbox(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({ inMemory: true, ...options });
  assert.equal((await sandbox.api('POST', '/sandbox/clock/freeze')).status, 200);
  return sandbox;
}
/** Several scheduler passes (50 ms apart in tests): anything due would have happened. */
const schedulerPasses = () => sleep(300);

test('frozen: links made hours apart in real time carry the same created_at', async () => {
  const sandbox = await frozenSandbox();
  try {
    const first = await createLink(sandbox);
    sandbox.clock.advance(3 * HOUR_MS);
    const second = await createLink(sandbox);
    assert.equal(second.created_at, first.created_at);
    assert.equal(second.expires_at, first.expires_at);
  } finally {
    await sandbox.stop();
  }
});

test('frozen: a link outlives its expiry in real time, and expires once the clock is advanced', async () => {
  const sandbox = await frozenSandbox();
  try {
    const link = await createLink(sandbox);
    sandbox.clock.advance(2 * DAY_MS);
    await schedulerPasses();
    assert.equal((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status, 'pending');
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { to: link.expires_at } });
    const expired = (await sandbox.api('GET', `/payment-links/${link.id}`)).body.data;
    assert.equal(expired.status, 'expired');
    const event = [...sandbox.core.store.state.events.values()].find(
      (e) => e.type === 'payment_link.expired' && e.data.id === link.id,
    );
    assert.equal(event?.timestamp, link.expires_at);
    assert.equal((await sandbox.api('GET', '/sandbox/clock')).body.data.frozen, true);
  } finally {
    await sandbox.stop();
  }
});

test('frozen: a retry waits through an hour of real time, and goes out on an advance', async () => {
  const receiver = await WebhookReceiver.start({ plan: inSequence(500, 200) });
  const sandbox = await frozenSandbox({ webhookEndpoints: [{ url: receiver.url }] });
  try {
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id, 'paid');
    const retrying = await firstDeliveryRetrying(sandbox);
    sandbox.clock.advance(HOUR_MS);
    await schedulerPasses();
    assert.equal(receiver.requests.length, 1, 'the retry went out while the clock stood still');
    const now = (await sandbox.api('GET', '/sandbox/clock')).body.data.now as string;
    const wait = Math.ceil((Date.parse(retrying.next_attempt_at as string) - Date.parse(now)) / 1000);
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: wait } });
    await eventually(async () => (receiver.requests.length === 2 ? true : undefined), 'the retry');
  } finally {
    await sandbox.stop();
    await receiver.stop();
  }
});

test('frozen: an Idempotency-Key record outlives two real days, and goes once the clock is a day on', async () => {
  const sandbox = await frozenSandbox();
  try {
    const create = () =>
      sandbox.api('POST', '/payment-links', {
        body: { amount: 1000, title: 'kept' },
        headers: { 'idempotency-key': 'frozen-key' },
      });
    const first = await create();
    sandbox.clock.advance(2 * DAY_MS);
    const replay = await create();
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, first.body.data.id);
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 86_401 } });
    const fresh = await create();
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.body.data.id, first.body.data.id);
  } finally {
    await sandbox.stop();
  }
});

test('frozen: offset_seconds is now − real_now, below zero as real time passes; resumed, the clock is at real time, 0', async () => {
  const sandbox = await frozenSandbox();
  try {
    sandbox.clock.advance(90_000);
    const frozen = (await sandbox.api('GET', '/sandbox/clock')).body.data;
    assert.equal(frozen.frozen, true);
    assert.equal(frozen.offset_seconds, (Date.parse(frozen.now) - Date.parse(frozen.real_now)) / 1000);
    assert.ok(frozen.offset_seconds <= -90, `${frozen.offset_seconds} s: held back as real time passed`);
    const resumed = (await sandbox.api('POST', '/sandbox/clock/resume')).body.data;
    assert.equal(resumed.frozen, false);
    assert.equal(resumed.offset_seconds, 0, 'a clock frozen longer than it was ahead resumes at real time');
  } finally {
    await sandbox.stop();
  }
});
