// What the console says about waiting on the sandbox clock, and which day a logged moment is on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queueClockNote, retryWait } from '../renderer/src/lib/clockWait';
import { formatLogTime } from '../renderer/src/lib/dates';
import { previousSecretSignsUntil } from '../renderer/src/lib/previousSecret';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const inFive = '2026-11-27T12:00:05.000Z';

test('a retry on a running clock counts down; on a frozen one it says it waits for the clock', () => {
  assert.deepEqual(
    { text: retryWait(inFive, now, false).text, onClock: retryWait(inFive, now, false).onClock },
    { text: 'in 5s', onClock: false },
  );
  const frozen = retryWait(inFive, now, true);
  assert.equal(frozen.text, 'in 5s of sandbox time — the clock is frozen');
  assert.equal(frozen.onClock, true);
  assert.match(frozen.title, /advance or resume the clock/);
});

test('the queue line notes the frozen clock only when something waits and the queue runs', () => {
  assert.equal(
    queueClockNote(21, false, true),
    'retries not yet due wait for the sandbox clock, which is frozen',
  );
  assert.equal(queueClockNote(21, false, false), null);
  assert.equal(queueClockNote(0, false, true), null);
  assert.equal(queueClockNote(21, true, true), null, 'paused: the queue, not the clock, holds them');
});

test("a logged moment shows its day unless it is on the sandbox's today", () => {
  const today = new Date(2026, 10, 27, 0, 0, 0).getTime();
  const thisMorning = new Date(2026, 10, 27, 9, 5, 7, 412).toISOString();
  const lateYesterday = new Date(2026, 10, 26, 23, 59, 59, 999).toISOString();
  const tomorrow = new Date(2026, 10, 28, 9, 5, 7, 412).toISOString();
  const morning = formatLogTime(thisMorning, today);
  assert.match(morning, /^09:05:07[.,]412$/);
  for (const other of [lateYesterday, tomorrow]) {
    const shown = formatLogTime(other, today);
    assert.notEqual(shown.replace(/\D/g, '').length, morning.replace(/\D/g, '').length, shown);
    assert.match(shown, /Nov/);
  }
  assert.match(formatLogTime(tomorrow, today), /28/);
  // The same time of day on two days never reads alike.
  assert.notEqual(formatLogTime(tomorrow, today), morning);
});

test('the previous secret is said to sign only until the sandbox clock passes its expiry', () => {
  const previous = [{ expires_at: '2026-11-27T11:00:00.000Z' }, { expires_at: '2026-11-27T13:00:00.000Z' }];
  assert.equal(previousSecretSignsUntil(previous, now), '2026-11-27T13:00:00.000Z');
  assert.equal(previousSecretSignsUntil(previous, Date.parse('2026-11-27T13:00:00.000Z')), null);
  assert.equal(previousSecretSignsUntil([], now), null);
});
