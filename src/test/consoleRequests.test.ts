import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestSandbox, fileSandbox } from './harness';

const sandbox = fileSandbox();

/** A logged request with its bodies, as the detail fetches it. */
const withBodies = async (seq: number) =>
  (await sandbox.api('GET', `/_console/api/requests/${seq}`, { key: null })).body.data;

test('the request log shows what the app sent and got back, including a replayed create', async () => {
  const raw = '{"amount": 4200,   "title": "Logged order"}';
  const headers = { 'content-type': 'application/json', 'idempotency-key': 'log-me' };
  const first = await sandbox.api('POST', '/payment-links', { raw, headers });
  const replay = await sandbox.api('POST', '/payment-links', { raw, headers });
  await sandbox.api('GET', '/_console/api/settings', { key: null });

  const entries = (await sandbox.api('GET', '/_console/api/requests', { key: null })).body.data;
  assert.ok(
    entries.every((e: { api: boolean }) => e.api),
    'only API calls by default',
  );
  const [latest, earlier] = entries;
  assert.equal(latest.method, 'POST');
  assert.equal(latest.path, '/payment-links');
  assert.equal(latest.status, 201);
  assert.equal(latest.replayed, true);
  assert.equal(latest.idempotency_key, 'log-me');
  assert.equal(latest.key_prefix, 'sk_test_harn…');
  assert.equal(latest.request_body, undefined, 'the list carries no bodies');
  assert.equal(latest.request_body_length, raw.length);
  assert.equal((await withBodies(latest.seq)).request_body, raw, 'the bytes the app sent, as sent');
  assert.equal((await withBodies(latest.seq)).response_body, replay.text);
  assert.equal(earlier.replayed, false);
  assert.ok(earlier.seq < latest.seq, 'a replay has its own seq, though it shares the request id');
  assert.equal((await withBodies(earlier.seq)).response_body, first.text);

  const everything = (await sandbox.api('GET', '/_console/api/requests?scope=all', { key: null })).body.data;
  assert.ok(
    everything.some((e: { path: string; api: boolean }) => e.path === '/_console/api/settings' && !e.api),
  );
});

test('a body the parser refuses is still logged as sent, and still refused the same way', async () => {
  const res = await sandbox.api('POST', '/payment-links', {
    raw: '{"amount": 1, "__proto__": {"x": 1}, "title": "t"}',
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.status, 400);
  assert.equal(res.body.error.code, 'body_invalid_json');
  const [latest] = (await sandbox.api('GET', '/_console/api/requests', { key: null })).body.data;
  assert.match((await withBodies(latest.seq)).request_body, /__proto__/);
  assert.equal(latest.status, 400);
});

test('the console token never reaches the request log: its path and Referer say token=REDACTED', async () => {
  const token = 'console-token-not-for-logs';
  const guarded = await startTestSandbox({ inMemory: true, consoleToken: token });
  try {
    const opened = await fetch(`${guarded.origin}/?token=${token}`);
    assert.equal(opened.status, 200);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] as string;
    // A percent-escaped name is the same parameter to the server, and to the log.
    assert.equal((await fetch(`${guarded.origin}/?%74oken=${token}&x=1`)).status, 200);
    // A path the router cannot decode is refused naming the path, not the query that follows it.
    const undecodable = await fetch(`${guarded.origin}/payment-links/%E0%A4%A?token=${token}`, {
      headers: { authorization: 'Bearer sk_test_logs' },
    });
    assert.equal(undecodable.status, 400);
    assert.ok(!(await undecodable.text()).includes(token));
    const asTheConsole = { cookie, referer: `${guarded.origin}/?token=${token}` };
    assert.equal(
      (await fetch(`${guarded.origin}/_console/api/settings`, { headers: asTheConsole })).status,
      200,
    );

    const list = await fetch(`${guarded.origin}/_console/api/requests?scope=all`, { headers: { cookie } });
    const listText = await list.text();
    const entries = JSON.parse(listText).data as { seq: number; path: string }[];
    assert.ok(!listText.includes(token), `the list holds no token: ${listText}`);
    const paths = entries.map((e) => e.path);
    assert.ok(paths.includes('/?token=REDACTED'), paths.join(' '));
    assert.ok(paths.includes('/?%74oken=REDACTED&x=1'), paths.join(' '));

    const settingsCall = entries.find((e) => e.path === '/_console/api/settings');
    assert.ok(settingsCall);
    const detail = await fetch(`${guarded.origin}/_console/api/requests/${settingsCall.seq}`, {
      headers: { cookie },
    });
    const detailText = await detail.text();
    assert.ok(!detailText.includes(token), `the detail holds no token: ${detailText}`);
    assert.equal(JSON.parse(detailText).data.request_headers.referer, `${guarded.origin}/?token=REDACTED`);
  } finally {
    await guarded.stop();
  }
});
