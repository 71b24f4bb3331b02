import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { createBody, createLink, KEY, fileSandbox } from './harness';

const sandbox = fileSandbox();
beforeEach(async () => {
  await sandbox.api('DELETE', '/sandbox/faults');
});

const addRule = async (rule: unknown) => {
  const res = await sandbox.api('POST', '/sandbox/faults', { body: rule });
  assert.equal(res.status, 201, res.text);
  return res.body.data;
};
const countLinks = async () =>
  (await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total as number;
const loggedEntries = async () => (await sandbox.consoleApi('GET', '/requests')).body.data;
const create = (headers: Record<string, string> = {}) =>
  fetch(`${sandbox.origin}/payment-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(createBody()),
  });

describe('status', () => {
  test('a 500 answers the contract error body without doing the request', async () => {
    const rule = await addRule({
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'status', status: 500 },
    });
    assert.match(rule.id, /^flt_[0-9a-f]{16}$/);
    assert.equal(rule.enabled, true);
    const links = await countLinks();
    const res = await sandbox.api('POST', '/payment-links', { body: createBody() });
    assert.equal(res.status, 500);
    assert.equal(res.body.error.type, 'api_error');
    assert.equal(res.body.error.code, 'internal_error');
    assert.match(res.body.error.message, new RegExp(rule.id));
    const entry = (await loggedEntries())[0];
    assert.equal(await countLinks(), links, 'no link was made');
    assert.deepEqual(entry.fault, { rule_id: rule.id, action: 'status' });
  });

  test('a 429 is rate_limited with Retry-After; a rule code overrides the default', async () => {
    await addRule({ action: { type: 'status', status: 429, retry_after_seconds: 7 }, remaining: 1 });
    const limited = await sandbox.api('GET', '/payment-links');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    assert.equal(limited.body.error.type, 'rate_limit_error');
    assert.equal(limited.body.error.code, 'rate_limited');
    await addRule({ action: { type: 'status', status: 503, code: 'maintenance' }, remaining: 1 });
    const res = await fetch(`${sandbox.origin}/payment-links`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    const body = (await res.json()) as { error: { type: string; code: string } };
    assert.equal(res.status, 503);
    assert.equal(body.error.type, 'api_error');
    assert.equal(body.error.code, 'maintenance');
  });
});

test('remaining N hits the next N matching requests, then the rule is gone', async () => {
  await addRule({
    match: { path: '/payment-links/:id' },
    action: { type: 'status', status: 500 },
    remaining: 2,
  });
  const link = await createLink(sandbox);
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await sandbox.api('GET', `/payment-links/${link.id}`)).status);
  assert.deepEqual(statuses, [500, 500, 200, 200]);
  assert.deepEqual((await sandbox.api('GET', '/sandbox/faults')).body.data, []);
});

test('probability 0 never hits, probability 1 always does', async () => {
  const never = await addRule({ action: { type: 'status', status: 500 }, probability: 0 });
  for (let i = 0; i < 20; i++) assert.equal((await sandbox.api('GET', '/payment-links')).status, 200);
  await sandbox.api('DELETE', `/sandbox/faults/${never.id}`);
  await addRule({ action: { type: 'status', status: 500 }, probability: 1 });
  for (let i = 0; i < 20; i++) assert.equal((await sandbox.api('GET', '/payment-links')).status, 500);
});

test('api_key matches only requests made with that key; a disabled rule hits nothing', async () => {
  const rule = await addRule({
    match: { api_key: 'sk_test_flaky' },
    action: { type: 'status', status: 500 },
  });
  assert.equal((await sandbox.api('GET', '/payment-links', { key: 'sk_test_flaky' })).status, 500);
  assert.equal((await sandbox.api('GET', '/payment-links', { key: 'sk_test_other' })).status, 200);
  const off = await sandbox.consoleApi('PATCH', `/faults/${rule.id}`, { enabled: false });
  assert.equal(off.body.data.enabled, false);
  assert.equal((await sandbox.api('GET', '/payment-links', { key: 'sk_test_flaky' })).status, 200);
});

test('latency waits, then does the request', async () => {
  await addRule({ match: { method: 'GET' }, action: { type: 'latency', ms: 200, jitter_ms: 50 } });
  const started = performance.now();
  const res = await sandbox.api('GET', '/payment-links');
  assert.equal(res.status, 200);
  assert.ok(performance.now() - started >= 190, 'it waited at least ms');
  const [entry] = await loggedEntries();
  assert.equal(entry.fault.action, 'latency');
});

test('the sandbox controls, console, inbox, checkout page and OpenAPI document are never hit', async () => {
  const link = await createLink(sandbox);
  await addRule({ action: { type: 'status', status: 500 } });
  assert.equal((await sandbox.api('GET', '/sandbox/faults')).status, 200);
  assert.equal((await sandbox.api('GET', '/sandbox/clock')).status, 200);
  assert.equal((await sandbox.consoleApi('GET', '/faults')).status, 200);
  assert.equal((await fetch(`${sandbox.origin}/pay/${link.id}`)).status, 200);
  assert.equal((await fetch(`${sandbox.origin}/openapi.json`)).status, 200);
  assert.notEqual((await fetch(`${sandbox.origin}/_inbox/faults`, { method: 'POST' })).status, 500);
  assert.equal(
    (await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } }))
      .status,
    500,
  );
});

test('drop closes the connection without an answer and changes nothing', async () => {
  const rule = await addRule({ match: { method: 'POST', path: '/payment-links' }, action: { type: 'drop' } });
  const links = await countLinks();
  await assert.rejects(create(), TypeError, 'fetch fails: the socket closed without a response');
  assert.equal(await countLinks(), links);
  const entry = (await loggedEntries()).find((e: { fault?: unknown }) => e.fault);
  assert.deepEqual(entry.fault, { rule_id: rule.id, action: 'drop' });
  assert.equal(entry.status, 0, 'nothing was answered');
});

test('lose_response commits, cuts the answer, and the retry with the same key gets the replay', async () => {
  await addRule({
    match: { method: 'POST', path: '/payment-links' },
    action: { type: 'lose_response' },
    remaining: 1,
  });
  const links = await countLinks();
  await assert.rejects(create({ 'idempotency-key': 'lost-1' }), TypeError);
  assert.equal(await countLinks(), links + 1, 'the link was made, durably, before the cut');
  const retry = await create({ 'idempotency-key': 'lost-1' });
  assert.equal(retry.status, 201);
  assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  assert.equal(await countLinks(), links + 1, 'exactly one link');
  const lost = (await loggedEntries()).find(
    (e: { fault?: { action: string } }) => e.fault?.action === 'lose_response',
  );
  assert.equal(lost.status, 201, 'the log keeps the answer that was never sent');
  const bodies = (await sandbox.consoleApi('GET', `/requests/${lost.seq}`)).body.data;
  assert.equal(
    JSON.parse(bodies.response_body).data.id,
    ((await retry.json()) as { data: { id: string } }).data.id,
  );
});

describe('bad rules get a clear 400', () => {
  const cases: [string, unknown, string, string][] = [
    ['no action', { match: {} }, 'parameter_missing', 'action'],
    ['an unknown action type', { action: { type: 'explode' } }, 'parameter_invalid', 'action.type'],
    ['a status without its status', { action: { type: 'status' } }, 'parameter_missing', 'action.status'],
    [
      'a status out of range',
      { action: { type: 'status', status: 302 } },
      'parameter_invalid',
      'action.status',
    ],
    ['a field another type takes', { action: { type: 'drop', ms: 5 } }, 'parameter_invalid', 'action.ms'],
    [
      'a route that is not faultable',
      { match: { path: '/sandbox/clock' }, action: { type: 'drop' } },
      'parameter_invalid',
      'match.path',
    ],
    [
      'an unknown match field',
      { match: { host: 'x' }, action: { type: 'drop' } },
      'parameter_unknown',
      'match.host',
    ],
    [
      'a probability above 1',
      { action: { type: 'drop' }, probability: 1.5 },
      'parameter_invalid',
      'probability',
    ],
    ['remaining 0', { action: { type: 'drop' }, remaining: 0 }, 'parameter_invalid', 'remaining'],
    [
      'a live key',
      { match: { api_key: 'sk_live_x' }, action: { type: 'drop' } },
      'parameter_invalid',
      'match.api_key',
    ],
  ];
  for (const [what, body, code, param] of cases) {
    test(what, async () => {
      const res = await sandbox.api('POST', '/sandbox/faults', { body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, code);
      assert.equal(res.body.error.param, param);
    });
  }

  test('an unknown rule id is 404; a malformed one is 400', async () => {
    assert.equal((await sandbox.api('DELETE', '/sandbox/faults/flt_0000000000000000')).status, 404);
    assert.equal((await sandbox.api('DELETE', '/sandbox/faults/nope')).status, 400);
  });

  test('the routes need the API key', async () => {
    assert.equal((await sandbox.api('GET', '/sandbox/faults', { key: null })).status, 401);
  });
});
