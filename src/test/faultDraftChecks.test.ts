// The Faults screen's add-rule form checks every number before sending (issue 13 item 7: all bad
// fields at once, in words), by the API's own schema.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draftProblems, EMPTY_DRAFT } from '../renderer/src/screens/faults/faultDraft';

test('status 200, remaining -1 and probability 2 are all named at once, saying what is allowed', () => {
  const problems = draftProblems({ ...EMPTY_DRAFT, status: '200', remaining: '-1', probability: '2' });
  assert.deepEqual(Object.keys(problems).sort(), ['probability', 'remaining', 'status']);
  assert.equal(
    problems.status,
    '"200" is not allowed here: use an HTTP status from 400 to 599 (status only).',
  );
  assert.match(problems.remaining ?? '', /^"-1" is not allowed here: use a whole number from 1 to 1000000/);
  assert.match(problems.probability ?? '', /^"2" is not allowed here: use a number from 0 to 1/);
});

test('good values, blanks and the fields of another action type pass', () => {
  assert.deepEqual(draftProblems({ ...EMPTY_DRAFT, status: '503', remaining: '2', probability: '0.5' }), {});
  assert.deepEqual(draftProblems({ ...EMPTY_DRAFT, type: 'latency', status: 'nonsense', ms: '1500' }), {});
  assert.deepEqual(Object.keys(draftProblems({ ...EMPTY_DRAFT, type: 'latency', ms: '1.5' })), ['ms']);
});
