// The sandbox clock (docs/contract.md §11) through its API: reading, advancing, freezing and resuming it;
// what an advance brings about (expiries in time order, stamped with their own moments, their
// webhooks verifying with `standardwebhooks` a day later since the header stays real time);
// idempotency retention following it; and the clock surviving a restart and an export/import.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  createLink,
  eventually,
  firstDeliveryRetrying,
  makeTempDir,
  simulate,
  sleep,
  startTestSandbox,
  type TestSandbox,
} from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

const DAY = 86_400;

const clockOf = async (sandbox: TestSandbox) => {
  const res = await sandbox.api('GET', '/sandbox/clock');
  assert.equal(res.status, 200);
  return res.body.data as { now: string; real_now: string; offset_seconds: number; frozen: boolean };
};
const advance = (sandbox: TestSandbox, body: unknown) =>
  sandbox.api('POST', '/sandbox/clock/advance', { body });
const move = (sandbox: TestSandbox, what: 'freeze' | 'resume') =>
  sandbox.api('POST', `/sandbox/clock/${what}`);

describe('reading and moving the clock', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox({ inMemory: true })));
  after(() => sandbox.stop());

  test('GET /sandbox/clock shows sandbox time, real time, the offset and whether it is frozen', async () => {
    const clock = await clockOf(sandbox);
    assert.deepEqual(Object.keys(clock).sort(), ['frozen', 'now', 'offset_seconds', 'real_now']);
    assert.match(clock.now, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(clock.frozen, false);
    assert.ok(Math.abs(clock.offset_seconds) < 1);
  });

  test('the four clock operations are in /openapi.json, behind the bearer key', async () => {
    const doc: any = await (await fetch(`${sandbox.origin}/openapi.json`)).json();
    for (const [method, path] of [
      ['get', '/sandbox/clock'],
      ['post', '/sandbox/clock/advance'],
      ['post', '/sandbox/clock/freeze'],
      ['post', '/sandbox/clock/resume'],
    ] as const) {
      const operation = doc.paths?.[path]?.[method];
      assert.ok(operation, `${method} ${path} is documented`);
      assert.deepEqual(operation.security, [{ bearerAuth: [] }]);
      assert.ok(operation.responses['200'] && operation.responses['400']);
    }
    assert.equal((await sandbox.api('GET', '/sandbox/clock', { key: null })).status, 401);
  });

  test('advancing by seconds moves the offset; advancing to a moment lands on it', async () => {
    const by = await advance(sandbox, { seconds: 3600 });
    assert.equal(by.status, 200);
    assert.ok(Math.abs(by.body.data.offset_seconds - 3600) < 1, `offset ${by.body.data.offset_seconds}`);
    const target = new Date(Date.parse(by.body.data.now) + 2 * DAY * 1000);
    const to = await advance(sandbox, { to: target.toISOString() });
    assert.equal(to.status, 200);
    const landed = Date.parse(to.body.data.now) - target.getTime();
    assert.ok(landed >= 0 && landed < 1000, `landed ${landed} ms after the target`);
  });

  test('going back, or nowhere, is 400 parameter_invalid naming the field', async () => {
    for (const seconds of [0, -5]) {
      const res = await advance(sandbox, { seconds });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'parameter_invalid');
      assert.equal(res.body.error.param, 'seconds');
    }
    const past = new Date(Date.parse((await clockOf(sandbox)).now) - 60_000).toISOString();
    const back = await advance(sandbox, { to: past });
    assert.equal(back.status, 400);
    assert.equal(back.body.error.code, 'parameter_invalid');
    assert.equal(back.body.error.param, 'to');
    assert.match(back.body.error.message, /only moves forward/);
  });

  test('exactly one of seconds and to', async () => {
    const neither = await advance(sandbox, {});
    assert.equal(neither.status, 400);
    assert.equal(neither.body.error.code, 'parameter_missing');
    const both = await advance(sandbox, {
      seconds: 5,
      to: new Date(Date.now() + 10 * DAY * 1000).toISOString(),
    });
    assert.equal(both.status, 400);
    assert.equal(both.body.error.code, 'parameter_invalid');
  });

  test('a frozen clock stands still across a real wait, and resumes from there without jumping', async () => {
    const frozen = await move(sandbox, 'freeze');
    assert.equal(frozen.status, 200);
    assert.equal(frozen.body.data.frozen, true);
    const at = Date.parse(frozen.body.data.now);
    await sleep(300);
    assert.equal(Date.parse((await clockOf(sandbox)).now), at);
    const bumped = await advance(sandbox, { seconds: 60 });
    assert.equal(Date.parse(bumped.body.data.now), at + 60_000, 'an advance moves a frozen clock');
    assert.equal(bumped.body.data.frozen, true);
    const resumed = await move(sandbox, 'resume');
    assert.equal(resumed.body.data.frozen, false);
    const from = Date.parse(resumed.body.data.now) - (at + 60_000);
    assert.ok(from >= 0 && from < 200, `resumed ${from} ms after the frozen moment`);
    await sleep(100);
    assert.ok(Date.parse((await clockOf(sandbox)).now) >= at + 60_100, 'it runs again');
  });

  test('a clock frozen longer than it was ahead resumes at real time: the offset is never below zero', async () => {
    const fresh = await startTestSandbox({ inMemory: true });
    try {
      const frozenAt = Date.parse((await move(fresh, 'freeze')).body.data.now);
      await sleep(150);
      const resumed = await move(fresh, 'resume');
      assert.equal(resumed.body.data.offset_seconds, 0);
      assert.ok(Date.parse(resumed.body.data.now) >= frozenAt + 150, 'on at real time, never back');
    } finally {
      await fresh.stop();
    }
  });
});

describe('what an advance brings about', () => {
  let receiver: WebhookReceiver;
  let sandbox: TestSandbox;
  let secret: string;
  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: receiver.url }] });
    secret = [...sandbox.core.store.state.endpoints.values()][0]?.secret as string;
  });
  after(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  const eventsOf = (ids: string[]) =>
    [...sandbox.core.store.state.events.values()].filter(
      (e) => e.type === 'payment_link.expired' && ids.includes(e.data.id),
    );

  test('a link expires on an advance of a day, stamped with its expires_at; its webhook verifies', async () => {
    const link = await createLink(sandbox);
    const res = await advance(sandbox, { seconds: DAY + 1 });
    assert.equal(res.status, 200);
    const [event] = eventsOf([link.id]);
    assert.ok(event, 'the expiry is applied before the advance answers');
    assert.equal(event.timestamp, link.expires_at);
    const read = await sandbox.api('GET', `/payment-links/${link.id}`);
    assert.equal(read.body.data.status, 'expired');
    const request = await eventually(
      async () => receiver.requests.find((r) => r.json?.data?.id === link.id),
      'the expired webhook',
    );
    const verified = new Webhook(secret).verify(request.body, request.headers) as { timestamp: string };
    assert.equal(verified.timestamp, link.expires_at, 'the body carries sandbox time');
    const skew = Math.abs(Number(request.headers['webhook-timestamp']) * 1000 - Date.now());
    assert.ok(skew < 60_000, 'the header carries real time');
  });

  test('links crossed by one advance expire in time order, each at its own moment', async () => {
    const now = Date.parse((await clockOf(sandbox)).now);
    const hours = [2, 1, 3];
    const links = [];
    for (const h of hours)
      links.push(await createLink(sandbox, { expires_at: new Date(now + h * 3_600_000).toISOString() }));
    await advance(sandbox, { seconds: 4 * 3600 });
    const ids = links.map((l) => l.id);
    const byExpiry = [links[1], links[0], links[2]].map((l) => l.id);
    const events = eventsOf(ids);
    assert.deepEqual(
      events.map((e) => e.data.id),
      byExpiry,
    );
    for (const event of events)
      assert.equal(event.timestamp, links.find((l) => l.id === event.data.id).expires_at);
    const queued = [...sandbox.core.store.state.deliveries.values()]
      .filter((d) => ids.includes(d.link_id))
      .sort((a, b) => a.seq - b.seq)
      .map((d) => d.link_id);
    assert.deepEqual(queued, byExpiry, 'their webhooks are queued in that order');
  });

  test('expiries and settlements crossed together are applied in time order', async () => {
    const now = Date.parse((await clockOf(sandbox)).now);
    const paid = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: paid.id, event: 'paid' } });
    const early = await createLink(sandbox, { expires_at: new Date(now + 12 * 3_600_000).toISOString() });
    const late = await createLink(sandbox, { expires_at: new Date(now + 36 * 3_600_000).toISOString() });
    const seen: string[] = [];
    const listen = (e: { type: string; link?: { id: string } }) => {
      if (e.type === 'link.changed' && e.link) seen.push(e.link.id);
    };
    sandbox.core.events.on('event', listen);
    try {
      await advance(sandbox, { seconds: 2 * DAY });
    } finally {
      sandbox.core.events.off('event', listen);
    }
    assert.deepEqual(
      seen,
      [early.id, paid.id, late.id],
      'expiry at 12 h, settlement at 24 h, expiry at 36 h',
    );
    const settled = (await sandbox.api('GET', `/payment-links/${paid.id}`)).body.data;
    assert.equal(settled.settled_at, settled.settle_at);
  });

  test('an idempotency record is forgotten once the clock is 24 hours on', async () => {
    const create = (title: string) =>
      sandbox.api('POST', '/payment-links', {
        body: { amount: 1000, title },
        headers: { 'idempotency-key': 'clock-day' },
      });
    const first = await create('first');
    assert.equal(first.status, 201);
    assert.equal((await create('other')).status, 422);
    await advance(sandbox, { seconds: DAY + 1 });
    const later = await create('other');
    assert.equal(later.status, 201);
    assert.notEqual(later.body.data.id, first.body.data.id);
  });
});

describe('the retry schedule follows the clock', () => {
  test('advancing past a retry sends it at once', async () => {
    const receiver = await WebhookReceiver.start({ plan: inSequence(500, 200) });
    const sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: receiver.url }] });
    try {
      const link = await createLink(sandbox);
      await simulate(sandbox, link.id, 'paid');
      const retrying = await firstDeliveryRetrying(sandbox);
      const wait = Date.parse(retrying.next_attempt_at as string) - Date.parse((await clockOf(sandbox)).now);
      assert.ok(wait > 2000, `the retry is ${wait} ms away, beyond what eventually waits`);
      await advance(sandbox, { seconds: Math.ceil(wait / 1000) });
      await eventually(async () => (receiver.requests.length === 2 ? true : undefined), 'the retry');
    } finally {
      await sandbox.stop();
      await receiver.stop();
    }
  });
});

describe('the clock is stored', () => {
  for (const [where, options] of [
    ['the journal', {}],
    ['a snapshot', { compactAfter: 1 }],
  ] as const) {
    test(`the offset and the frozen state survive a restart (from ${where})`, async () => {
      const dataDir = await makeTempDir();
      try {
        const first = await startTestSandbox({ dataDir, ...options });
        await advance(first, { seconds: 7200 });
        await first.stop({ keepDir: true });
        const second = await startTestSandbox({ dataDir, ...options });
        const offset = (await clockOf(second)).offset_seconds;
        assert.ok(Math.abs(offset - 7200) < 1, `offset ${offset} after a restart`);
        const at = (await move(second, 'freeze')).body.data.now;
        await second.stop({ keepDir: true });
        const third = await startTestSandbox({ dataDir, ...options });
        const clock = await clockOf(third);
        assert.equal(clock.frozen, true);
        assert.equal(clock.now, at);
        await third.stop({ keepDir: true });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }

  test('export then import carries the clock', async () => {
    const source = await startTestSandbox({ inMemory: true });
    const target = await startTestSandbox({ inMemory: true });
    try {
      await advance(source, { seconds: 5 * DAY });
      const at = (await move(source, 'freeze')).body.data.now;
      const file = (await source.api('GET', '/_console/api/store/export', { key: null })).text;
      assert.deepEqual(JSON.parse(file).clock.frozen_at, Date.parse(at));
      const imported = await target.api('POST', '/_console/api/store/import', {
        raw: file,
        key: null,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(imported.status, 200);
      const clock = await clockOf(target);
      assert.equal(clock.frozen, true);
      assert.equal(clock.now, at);
      const broken = file.replace(/"frozen_at":\d+/, '"frozen_at":"soon"');
      const refused = await target.api('POST', '/_console/api/store/import', {
        raw: broken,
        key: null,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(refused.status, 400);
      assert.match(refused.body.error.message, /clock/);
      const before = await advance(target, { seconds: DAY });
      const clockless = file.replace(/"clock":\{[^}]*\},/, '');
      assert.ok(!clockless.includes('"clock"'));
      const kept = await target.api('POST', '/_console/api/store/import', {
        raw: clockless,
        key: null,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(kept.status, 200);
      assert.equal(
        (await clockOf(target)).now,
        before.body.data.now,
        'a file without a clock keeps the current one',
      );
    } finally {
      await source.stop();
      await target.stop();
    }
  });
});
