// What the console says about waiting on the sandbox clock, and which day a logged moment is on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queueClockNote, retryWait } from '../renderer/src/lib/clockWait';
import { formatLogTime } from '../renderer/src/lib/dates';
import { previousSecretSignsUntil } from '../renderer/src/lib/previousSecret';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const inFive = '2026-11-27T12:00:05.000Z';

test('a retry on a running clock counts down; on a frozen one it says it waits for the clock', () => {
  const running = retryWait(inFive, now, false);
  assert.equal(running.text, 'in 5s');
  assert.equal(running.note, null);
  const frozen = retryWait(inFive, now, true);
  assert.equal(frozen.text, 'in 5s');
  assert.equal(frozen.note, 'clock frozen');
  assert.match(
    frozen.title,
    /^in 5s of sandbox time — the clock is frozen: .*advance or resume the clock\.$/,
  );
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
  // Another day shows the day in the milliseconds' place, on either side of today.
  assert.match(formatLogTime(tomorrow, today), /^Nov 28, 09:05:07$/);
  assert.match(formatLogTime(lateYesterday, today), /^Nov 26, 23:59:59$/);
});

test('the previous secret is said to sign only until the sandbox clock passes its expiry', () => {
  const previous = [{ expires_at: '2026-11-27T11:00:00.000Z' }, { expires_at: '2026-11-27T13:00:00.000Z' }];
  assert.equal(previousSecretSignsUntil(previous, now), '2026-11-27T13:00:00.000Z');
  assert.equal(previousSecretSignsUntil(previous, Date.parse('2026-11-27T13:00:00.000Z')), null);
  assert.equal(previousSecretSignsUntil([], now), null);
});
