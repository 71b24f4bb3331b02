import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { curlCommand, shellQuote } from '../shared/curlCommand';
import { RequestHistory } from '../core/requestHistory';
import type { RequestLogEntry } from '../shared/types';
import { KEY, fileSandbox } from './harness';

const sandbox = fileSandbox();

const newest = async (): Promise<RequestLogEntry> => {
  const [summary] = (await sandbox.consoleApi('GET', '/requests')).body.data;
  return (await sandbox.consoleApi('GET', `/requests/${summary.seq}`)).body.data;
};

test('request and response headers are logged, with the key cut to its prefix and cookies left out', async () => {
  const raw = '{"amount": 4200, "title": "Headers"}';
  const headers = {
    'content-type': 'application/json',
    'idempotency-key': 'hdr-1',
    cookie: 'session=secret',
  };
  await sandbox.api('POST', '/payment-links', { raw, headers });
  await sandbox.api('POST', '/payment-links', { raw, headers });
  const summary = (await sandbox.consoleApi('GET', '/requests')).body.data[0];
  assert.equal(summary.request_headers, undefined, 'the list stays small: headers come with the entry');
  const entry = await newest();
  assert.equal(entry.request_headers['content-type'], 'application/json');
  assert.equal(entry.request_headers.authorization, 'Bearer sk_test_harn…');
  assert.equal(entry.request_headers.cookie, undefined);
  assert.ok(!JSON.stringify(entry).includes(KEY), 'the whole key is stored nowhere');
  assert.equal(entry.response_headers['idempotent-replayed'], 'true');
  assert.match(entry.response_headers['content-type'] ?? '', /application\/json/);
});

test('a refused key shows its prefix, marked rejected, and the 401 its WWW-Authenticate', async () => {
  const live = 'sk_live_abcdefghijklmnop';
  const answer = await sandbox.api('GET', '/payment-links', { key: live });
  assert.equal(answer.status, 401);
  const entry = await newest();
  assert.equal(entry.key_prefix, 'sk_live_abcd…');
  assert.equal(entry.key_rejected, true);
  assert.ok(!JSON.stringify(entry).includes(live));
  const www = answer.headers.get('www-authenticate');
  if (www !== null) assert.equal(entry.response_headers['www-authenticate'], www);
});

test('a body refused at the key check is not kept, and Replay says so instead of sending another request', async () => {
  const answer = await sandbox.api('POST', '/payment-links', {
    key: 'sk_live_abcdefghijklmnop',
    body: { amount: 4200, title: 'Refused key' },
  });
  assert.equal(answer.status, 401);
  const entry = await newest();
  assert.equal(entry.request_body, null);
  const before = (await sandbox.consoleApi('GET', '/requests')).body.data.length;
  const replay = await sandbox.consoleApi('POST', `/requests/${entry.seq}/replay`);
  assert.equal(replay.status, 409);
  assert.match(
    replay.body.error.message,
    /had a body the log could not keep .* Copy it as curl and add the body\./,
  );
  assert.equal((await sandbox.consoleApi('GET', '/requests')).body.data.length, before, 'nothing was sent');
});

test('a 415 body and an unparsable JSON body are kept as sent, within 64 KiB', async () => {
  const text = 'amount=4200\ntitle="plain"';
  const refused = await sandbox.api('POST', '/payment-links', {
    raw: text,
    headers: { 'content-type': 'text/plain' },
  });
  assert.equal(refused.status, 415);
  assert.equal((await newest()).request_body, text);

  const broken = '{"amount": 42,';
  await sandbox.api('POST', '/payment-links', {
    raw: broken,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal((await newest()).request_body, broken);

  // Ten times the log's 1,000 entries, each near the body limit: the log keeps 1,000 of them.
  const big = 'x'.repeat(60 * 1024);
  for (let i = 0; i < 10; i++) {
    await sandbox.api('POST', '/payment-links', {
      raw: big,
      headers: { 'content-type': 'application/octet-stream' },
    });
  }
  const entry = await newest();
  assert.equal(entry.status, 415);
  assert.equal(entry.request_body?.length, big.length);
});

test('Replay sends a logged request again and logs it as a replay of it', async () => {
  const raw = '{"amount": 990, "title": "Replay me"}';
  const created = await sandbox.api('POST', '/payment-links', {
    raw,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(created.status, 201);
  const original = await newest();
  const answer = await sandbox.consoleApi('POST', `/requests/${original.seq}/replay`);
  assert.equal(answer.status, 200);
  const replay = answer.body.data;
  assert.equal(replay.replay_of, original.seq);
  assert.equal(replay.status, 201);
  assert.equal(replay.key_prefix, original.key_prefix);
  assert.notEqual(replay.response_body, created.text, 'a second link, as the app would get');
  assert.equal((await newest()).seq, replay.seq);

  const missing = await sandbox.consoleApi('POST', '/requests/999999/replay');
  assert.equal(missing.status, 404);
});

test('Copy as curl reproduces bodies with quotes and newlines byte for byte', async () => {
  const raw = `{"amount": 1200, "title": "It's \\"quoted\\"\\nand $HOME \`x\`"}\n`;
  await sandbox.api('POST', '/payment-links', { raw, headers: { 'content-type': 'application/json' } });
  const entry = await newest();
  const command = curlCommand({
    method: entry.method,
    url: sandbox.origin + entry.path,
    headers: entry.request_headers,
    body: entry.request_body,
  });
  assert.match(command, /"Authorization: Bearer \$KEY"|"authorization: Bearer \$KEY"/);
  await promisify(execFile)('bash', ['-c', `${command} -s -o /dev/null`], { env: { ...process.env, KEY } });
  const again = await newest();
  assert.equal(again.request_body, raw);
  assert.equal(again.status, 201);
  assert.equal(again.key_prefix, 'sk_test_harn…');
  assert.equal(shellQuote("a'b"), `'a'\\''b'`);
});

test('the log stays within its budget in bytes: ten times what 64 MiB holds, each with a full body and headers', async () => {
  const body = 'x'.repeat(64 * 1024);
  const budget = 64 * 1024 * 1024;
  const history = new RequestHistory(
    () => {},
    () => budget,
  );
  for (let i = 0; i < 10_000; i++) {
    history.record({
      request_id: `req_${i}`,
      method: 'POST',
      path: '/payment-links',
      status: 415,
      duration_ms: 1,
      key_prefix: null,
      idempotency_key: null,
      replayed: false,
      at: '',
      api: true,
      request_body_length: body.length,
      response_body_length: 0,
      request_body: body,
      response_body: '',
      request_headers: { 'content-type': 'text/plain' },
      response_headers: {},
    });
  }
  assert.ok(history.size.bytes <= budget, `${history.size.bytes} bytes kept`);
  assert.ok(
    history.size.entries >= 480,
    `${history.size.entries} kept: between half of 64 MiB and all of it, of 64 KiB bodies`,
  );
  assert.equal(
    (await history.page({ scope: 'all', q: '', offset: 0, limit: 20_000 })).rows.length,
    history.size.entries,
  );
  assert.equal((await history.get(10_000))?.request_id, 'req_9999');
  assert.equal(await history.get(9000), undefined);
});
