// The console's "Back to real time" confirmation and toast in words (docs/clock.md): how far, and
// what stays stamped in the sandbox's future, with the counts the sandbox gave.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { atRealTime, clockHomeDoneText, clockHomeText } from '../renderer/src/lib/clockHomeText';

const home = { went_back_seconds: 2 * 86_400, links_stamped_ahead: 3, deliveries_stamped_ahead: 1 };

test('the confirmation says how far back, that nothing is rewritten, and the counts', () => {
  assert.equal(
    clockHomeText({ ...home, deliveries_waiting_ahead: 2 }),
    "The sandbox clock goes back 2 d to real time and runs. Nothing is rewritten: 3 links and 1 delivery stay stamped in the sandbox's future. Links expire and settle, and 2 waiting deliveries retry, only when real time reaches their times. New links list below those stamped ahead until then.",
  );
  assert.match(clockHomeText({ ...home, deliveries_waiting_ahead: 0 }), /Links expire and settle only when/);
});

test('a frozen clock behind real time goes forward, and says so', () => {
  const text = clockHomeText({
    went_back_seconds: -3600,
    links_stamped_ahead: 0,
    deliveries_stamped_ahead: 0,
    deliveries_waiting_ahead: 0,
  });
  assert.match(text, /^The sandbox clock moves forward 1 h to real time and runs\./);
});

test('the toast counts what stayed ahead; the control is off only on a running clock at real time', () => {
  const clock = { now: '', real_now: '', offset_seconds: 0, frozen: false };
  assert.equal(
    clockHomeDoneText({ ...home, deliveries_waiting_ahead: 0, clock }),
    'Sandbox clock back to real time; 3 links and 1 delivery stay stamped ahead.',
  );
  assert.equal(atRealTime(clock), true);
  assert.equal(atRealTime({ ...clock, frozen: true }), false);
  assert.equal(atRealTime({ ...clock, offset_seconds: 60 }), false);
});
