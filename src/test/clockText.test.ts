// Durations as the CLI and the console read them, and the clock's badge and move texts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockBadge, formatAhead } from '../renderer/src/lib/clockText';
import { formatDuration, parseDuration } from '../shared/durations';

test('durations: units, compact and spaced parts, plain seconds; anything else is null', () => {
  const cases: [string, number | null][] = [
    ['90s', 90],
    ['15m', 900],
    ['2h', 7200],
    ['1d', 86_400],
    ['1d12h', 129_600],
    ['2d 3h', 183_600],
    ['1H 30M', 5400],
    ['90', 90],
    ['', null],
    ['  ', null],
    ['-1d', null],
    ['1.5h', null],
    ['1w', null],
    ['d', null],
    ['1d later', null],
  ];
  for (const [text, seconds] of cases) assert.equal(parseDuration(text), seconds, JSON.stringify(text));
  assert.equal(formatDuration(129_600), '1d 12h');
});

test('a very long malformed duration is refused at once (no backtracking)', () => {
  assert.equal(parseDuration(`${'1'.repeat(100_000)}x`), null);
  assert.equal(parseDuration('1s '.repeat(10_000)), 10_000);
});

test('the badge: how far ahead, coarser the further, and whether frozen', () => {
  assert.equal(clockBadge(0.4, false), null);
  assert.equal(clockBadge(-30, true), 'frozen');
  assert.equal(clockBadge(45, false), '+45 s');
  assert.equal(clockBadge(3599.96, false), '+1 h', 'measured a hair short of an hour');
  assert.equal(clockBadge(2 * 86_400 - 0.2, true), '+2 d, frozen');
  assert.equal(formatAhead(90 * 60), '+1 h 30 min');
  assert.equal(formatAhead(86_400 + 3 * 3600), '+1 d 3 h');
});

test('the badge rounds its last part: "+1 day" frozen a minute ago is "+1 d", not "+23 h 59 min"', () => {
  assert.equal(clockBadge(86_400 - 60, true), '+1 d, frozen');
  assert.equal(clockBadge(86_400 - 0.3, false), '+1 d');
  assert.equal(formatAhead(2 * 86_400 - 25 * 60), '+2 d');
  assert.equal(formatAhead(86_400 + 3 * 3600 - 20 * 60), '+1 d 3 h');
  assert.equal(formatAhead(2 * 3600 - 20), '+2 h');
  assert.equal(formatAhead(3600 + 29 * 60 + 50), '+1 h 30 min');
  assert.equal(formatAhead(59 * 60 + 50), '+1 h');
  assert.equal(formatAhead(15 * 60 - 10), '+15 min');
  assert.equal(formatAhead(59.6), '+59 s');
});
