// Compare two webhooks (issue 33): body changes by path as the search box writes them, headers by
// name in any case, bodies that are not JSON compared as text, and the text Copy gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareBodies, compareHeaders, comparePayloads, comparisonText } from '../shared/payloadDiff';

const paid = {
  id: 'evt_1',
  type: 'payment_link.paid',
  data: {
    id: 'l1',
    status: 'succeeded',
    reference_id: 'INV-1',
    items: ['a'],
    paid_at: '2026-11-28T10:00:00Z',
  },
};
const failed = {
  id: 'evt_2',
  type: 'payment_link.failed',
  data: {
    id: 'l1',
    status: 'failed',
    reference_id: 'INV-1',
    items: ['a', 'b'],
    failure_reason: 'card_declined',
  },
};

test('JSON bodies: changed, added and removed fields by path, in path order', () => {
  const result = compareBodies(JSON.stringify(paid), JSON.stringify(failed));
  assert.deepEqual(result, {
    json: true,
    changes: [
      { path: 'data.failure_reason', kind: 'added', after: 'card_declined' },
      { path: 'data.items.1', kind: 'added', after: 'b' },
      { path: 'data.paid_at', kind: 'removed', before: '2026-11-28T10:00:00Z' },
      { path: 'data.status', kind: 'changed', before: 'succeeded', after: 'failed' },
      { path: 'id', kind: 'changed', before: 'evt_1', after: 'evt_2' },
      { path: 'type', kind: 'changed', before: 'payment_link.paid', after: 'payment_link.failed' },
    ],
  });
  assert.deepEqual(compareBodies(JSON.stringify(paid), JSON.stringify(paid)), { json: true, changes: [] });
});

test('a body that is not JSON is compared as text; JSON of different kinds changes whole', () => {
  assert.deepEqual(compareBodies('a=1', 'a=1'), { json: false, same: true });
  assert.deepEqual(compareBodies('a=1', '{"a":1}'), { json: false, same: false });
  assert.deepEqual(compareBodies('[1]', '{"a":1}'), {
    json: true,
    changes: [{ path: '', kind: 'changed', before: [1], after: { a: 1 } }],
  });
});

test('headers by name in any case', () => {
  assert.deepEqual(
    compareHeaders(
      { 'Webhook-Id': 'evt_1', 'content-type': 'application/json', 'x-old': '1' },
      { 'webhook-id': 'evt_2', 'Content-Type': 'application/json', 'x-new': '2' },
    ),
    [
      { path: 'webhook-id', kind: 'changed', before: 'evt_1', after: 'evt_2' },
      { path: 'x-new', kind: 'added', after: '2' },
      { path: 'x-old', kind: 'removed', before: '1' },
    ],
  );
});

test('Copy gives the comparison as text a bug report can hold', () => {
  const left = {
    label: 'dlv_1 (payment_link.paid)',
    headers: { 'webhook-id': 'evt_1' },
    body: JSON.stringify(paid),
  };
  const right = {
    label: 'msg_2 (payment_link.failed)',
    headers: { 'webhook-id': 'evt_2' },
    body: JSON.stringify(failed),
  };
  const text = comparisonText(left, right, comparePayloads(left, right));
  assert.equal(
    text,
    [
      'Compared: dlv_1 (payment_link.paid) → msg_2 (payment_link.failed)',
      '',
      'Body:',
      '  + data.failure_reason: "card_declined"',
      '  + data.items.1: "b"',
      '  - data.paid_at: "2026-11-28T10:00:00Z"',
      '  ~ data.status: "succeeded" → "failed"',
      '  ~ id: "evt_1" → "evt_2"',
      '  ~ type: "payment_link.paid" → "payment_link.failed"',
      '',
      'Headers:',
      '  ~ webhook-id: "evt_1" → "evt_2"',
      '',
    ].join('\n'),
  );
});
