// A request's line in requests.jsonl (core/requestLogLine.ts), written field by field: whatever a
// request carries (quotes, backslashes, control characters, "…", emoji, a lone surrogate, U+2028),
// the line is one line of JSON in ASCII (but a JSON answer, kept as sent) and reads back as the
// entry it was written from.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryOfLine, lineOf } from '../core/requestLogLine';
import type { RequestLogEntry } from '../shared/types';

const NASTY = [
  '"',
  '\\',
  '\n',
  '\t',
  '\u0000',
  '\u001f',
  '\u007f',
  '…',
  '😀',
  '\ud800',
  '\u2028',
  'é',
  '/',
  '<',
  ' ',
];

/** Every field set: a field added to the entry fails to compile here until it is, then in lineOf. */
function entryWith(
  s: (n: number) => string,
  responseBody: string,
  contentType: string,
): Required<RequestLogEntry> {
  return {
    seq: 7,
    request_id: `req_${s(1)}`,
    method: 'POST',
    path: `/payment-links?q=${s(2)}`,
    status: 201,
    duration_ms: 1.25,
    key_prefix: `sk_test_${s(3)}…`,
    key_rejected: true,
    replay_of: 3,
    idempotency_key: s(4),
    replayed: false,
    at: '2026-11-28T09:00:00.000Z',
    api: true,
    request_body_length: 12,
    response_body_length: responseBody.length,
    link_id: s(5),
    fault: { rule_id: `flt_${s(6)}`, action: 'latency', latency_ms: 250 },
    request_body: `{"title":"${s(7)}"}`,
    response_body: responseBody,
    request_headers: { authorization: `Bearer sk_test_${s(8)}…`, [`x-${s(9)}`]: s(10) },
    response_headers: { 'content-type': contentType, 'x-request-id': s(11) },
  };
}

function written(entry: RequestLogEntry): string {
  const { ascii, text = '', end = '' } = lineOf(entry);
  const line = ascii + text + end;
  assert.ok(!line.includes('\n'), 'one line');
  JSON.parse(line);
  assert.match(ascii + end, /^[\x20-\x7e]*$/, 'all but the answer in printable ASCII, as the log writes it');
  return line;
}

test('an entry with every field and every awkward character reads back as it was written', () => {
  for (const [i, c] of NASTY.entries()) {
    const s = (n: number) => `${c}${n}${NASTY[(i + n) % NASTY.length]}${c}`;
    const notJson = entryWith(s, `plain ${s(12)}`, 'text/plain');
    assert.deepEqual(entryOfLine(written(notJson)), notJson, `answer as a string, with ${JSON.stringify(c)}`);
    const json = entryWith(s, JSON.stringify({ data: { title: s(13) } }), 'application/json; charset=utf-8');
    const line = written(json);
    assert.ok(
      line.endsWith(`,"response_json":${json.response_body}}`),
      'a JSON answer is kept as it was sent',
    );
    assert.deepEqual(entryOfLine(line), json, `JSON answer, with ${JSON.stringify(c)}`);
  }
});

test('optional fields left out stay out, and nulls stay null', () => {
  const bare: RequestLogEntry = {
    seq: 1,
    request_id: 'req_1',
    method: 'GET',
    path: '/payment-links/x',
    status: 404,
    duration_ms: 0,
    key_prefix: null,
    idempotency_key: null,
    replayed: false,
    at: '2026-11-28T09:00:00.000Z',
    api: true,
    request_body_length: null,
    response_body_length: null,
    request_body: null,
    response_body: null,
    request_headers: {},
    response_headers: {},
  };
  assert.deepEqual(entryOfLine(written(bare)), bare);
  const withFault = { ...bare, fault: { rule_id: 'flt_1', action: 'drop' as const } };
  assert.deepEqual(entryOfLine(written(withFault)), withFault);
});

test('a thousand random texts read back as written', () => {
  const pool = [...NASTY, 'a', 'Z', '0', '{', '}', ':', ',', '"response_json":'];
  let seed = 42;
  const pick = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return pool[seed % pool.length] as string;
  };
  const random = () => Array.from({ length: 1 + (seed % 9) }, pick).join('');
  for (let i = 0; i < 1000; i++) {
    const e = entryWith(random, random(), i % 2 ? 'text/plain' : 'application/json');
    assert.deepEqual(entryOfLine(written(e)), e);
  }
});
