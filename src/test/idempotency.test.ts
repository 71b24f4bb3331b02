import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createBody, createLink, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.stop());

const create = (key: string, body: unknown = createBody(), apiKey?: string) =>
  sandbox.api('POST', '/payment-links', { body, headers: { 'idempotency-key': key }, key: apiKey });

const countLinks = async () =>
  (await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total as number;

describe('create with an Idempotency-Key', () => {
  test('a retry replays the first response byte for byte, marked, and makes no second link', async () => {
    const before = await countLinks();
    const first = await create('order-1001');
    const retry = await create('order-1001');
    assert.equal(first.status, 201);
    assert.equal(retry.status, 201);
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.headers.get('idempotent-replayed'), null);
    assert.equal(await countLinks(), before + 1);
  });

  test('the same key with a different body is 422 idempotency_key_reused', async () => {
    await create('order-1002');
    const res = await create('order-1002', createBody({ amount: 999 }));
    assert.equal(res.status, 422);
    assert.equal(res.body.error.code, 'idempotency_key_reused');
    assert.equal(res.body.error.type, 'idempotency_error');
  });

  test('the body fingerprint ignores key order and whitespace', async () => {
    const first = await sandbox.api('POST', '/payment-links', {
      raw: '{"amount": 500, "title": "A"}',
      headers: { 'idempotency-key': 'canonical-1', 'content-type': 'application/json' },
    });
    const second = await sandbox.api('POST', '/payment-links', {
      raw: '{"title":"A","amount":500}',
      headers: { 'idempotency-key': 'canonical-1', 'content-type': 'application/json' },
    });
    assert.equal(second.status, 201);
    assert.equal(second.text, first.text);
  });

  test('keys are scoped to the API key', async () => {
    const a = await create('shared-key', createBody(), 'sk_test_alice');
    const b = await create('shared-key', createBody(), 'sk_test_bob');
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notEqual(a.body.data.id, b.body.data.id);
  });

  test('a 400 is not stored: a corrected retry with the same key goes through', async () => {
    const bad = await create('fix-me', { amount: '100', title: 'x' });
    assert.equal(bad.status, 400);
    const good = await create('fix-me', { amount: 100, title: 'x' });
    assert.equal(good.status, 201);
  });

  test('a 401 is not stored', async () => {
    const denied = await create('auth-later', createBody(), 'sk_live_nope');
    assert.equal(denied.status, 401);
    assert.equal((await create('auth-later')).status, 201);
  });

  test('empty and over-long keys are 400 idempotency_key_invalid', async () => {
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await create(key);
      assert.equal(res.status, 400, `key of length ${key.length}`);
      assert.equal(res.body.error.code, 'idempotency_key_invalid');
    }
    assert.equal((await create('k'.repeat(255))).status, 201);
  });

  test('50 concurrent retries with one key make exactly one link', async () => {
    const before = await countLinks();
    const results = await Promise.all(Array.from({ length: 50 }, () => create('burst-key')));
    const created = results.filter((r) => r.status === 201);
    assert.ok(created.length >= 1);
    assert.equal(new Set(created.map((r) => r.body.data.id)).size, 1, 'every 201 names the same link');
    for (const r of results) {
      assert.ok(
        r.status === 201 || (r.status === 409 && r.body.error.code === 'idempotency_request_in_progress'),
        `unexpected ${r.status} ${r.text}`,
      );
    }
    assert.equal(await countLinks(), before + 1);
    const after = await create('burst-key');
    assert.equal(after.status, 201);
    assert.equal(after.body.data.id, created[0]?.body.data.id);
  });

  test('a record is forgotten after 24 hours: the key then makes a new link', async () => {
    const first = await create('day-old');
    sandbox.clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const later = await create('day-old');
      assert.equal(later.status, 201);
      assert.notEqual(later.body.data.id, first.body.data.id);
      assert.equal(later.headers.get('idempotent-replayed'), null);
    } finally {
      sandbox.clock.advance(-(24 * 3600 * 1000 + 1000));
    }
  });

  test('the require-Idempotency-Key setting makes a create without one a 400', async () => {
    await sandbox.core.updateSettings({ require_idempotency_key: true });
    try {
      const res = await sandbox.api('POST', '/payment-links', { body: createBody() });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'parameter_missing');
      assert.equal(res.body.error.param, 'Idempotency-Key');
      assert.equal((await create('required-ok')).status, 201);
    } finally {
      await sandbox.core.updateSettings({ require_idempotency_key: false });
    }
  });
});

describe('cancel and simulate with an Idempotency-Key', () => {
  test('a replayed cancel returns the stored 200, not a 409', async () => {
    const link = await createLink(sandbox);
    const headers = { 'idempotency-key': `cancel-${link.id}` };
    const first = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { headers });
    const retry = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { headers });
    assert.equal(first.status, 200);
    assert.equal(retry.status, 200);
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  });

  test('a 409 is stored and replayed even after the link could have changed', async () => {
    const link = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    const headers = { 'idempotency-key': `cancel-paid-${link.id}` };
    const first = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { headers });
    assert.equal(first.status, 409);
    const retry = await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { headers });
    assert.equal(retry.status, 409);
    assert.equal(retry.text, first.text);
  });

  test('a 404 is stored too', async () => {
    const headers = { 'idempotency-key': 'missing-link' };
    const path = '/payment-links/00000000-0000-4000-8000-000000000000/cancel';
    const first = await sandbox.api('POST', path, { headers });
    const retry = await sandbox.api('POST', path, { headers });
    assert.equal(first.status, 404);
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  });

  test('a replayed simulate records one webhook event, not two', async () => {
    const link = await createLink(sandbox);
    const events = () =>
      [...sandbox.core.store.state.events.values()].filter((e) => e.data.id === link.id).length;
    const call = () =>
      sandbox.api('POST', '/sandbox/simulate', {
        body: { payment_link_id: link.id, event: 'paid' },
        headers: { 'idempotency-key': `pay-${link.id}` },
      });
    const first = await call();
    const retry = await call();
    assert.equal(first.status, 200);
    assert.equal(retry.text, first.text);
    assert.equal(events(), 1);
  });
});

test('idempotency records survive a restart', async () => {
  const durable = await startTestSandbox();
  const dataDir = durable.dir as string;
  const first = await durable.api('POST', '/payment-links', {
    body: createBody(),
    headers: { 'idempotency-key': 'persist' },
  });
  await durable.stop({ keepDir: true });
  const again = await startTestSandbox({ dataDir });
  try {
    const retry = await again.api('POST', '/payment-links', {
      body: createBody(),
      headers: { 'idempotency-key': 'persist' },
    });
    assert.equal(retry.status, 201);
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  } finally {
    await again.stop();
    const { rm } = await import('node:fs/promises');
    await rm(dataDir, { recursive: true, force: true });
  }
});
