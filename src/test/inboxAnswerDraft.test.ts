// The Inbox screen's answer form: its text read as settings, its problems named per field, and
// what it says the inbox answers next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeAnswer, draftOf, parseDraft } from '../renderer/src/lib/inboxAnswer';

test('"500, 500, 200" is a sequence; an empty delay is 0', () => {
  assert.deepEqual(parseDraft({ status: '200', delay_ms: '', sequence: '500, 500 200' }), {
    settings: { status: 200, delay_ms: 0, sequence: [500, 500, 200] },
  });
  assert.deepEqual(draftOf({ status: 503, delay_ms: 1500, sequence: [500, 200] }), {
    status: '503',
    delay_ms: '1500',
    sequence: '500, 200',
  });
});

test('each field out of range is named, with what is allowed', () => {
  const parsed = parseDraft({ status: '99', delay_ms: '60001', sequence: '500, abc' });
  assert.ok('errors' in parsed);
  assert.match(parsed.errors.status ?? '', /200 to 599/);
  assert.match(parsed.errors.delay_ms ?? '', /0 to 60000/);
  assert.match(parsed.errors.sequence ?? '', /500, 500, 200/);
});

test('what the inbox answers next follows the sequence used so far', () => {
  const settings = { status: 200, delay_ms: 0, sequence: [500, 500, 200] };
  assert.equal(describeAnswer(settings, 0), 'Answers 500 → 500 → 200, then 200.');
  assert.equal(describeAnswer(settings, 2), 'Answers 200, then 200.');
  assert.equal(describeAnswer({ ...settings, delay_ms: 12_000 }, 3), 'Answers 200 after 12000 ms.');
});
