// The sandbox clock from the console (docs/contract.md §11): /_console/api/clock reads and moves the same
// clock as /sandbox/clock, each move is announced on the console event stream as clock.changed,
// and an advance by seconds retried with its Idempotency-Key moves the clock once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';

const DAY = 86_400;
const offsetOf = async (sandbox: TestSandbox) =>
  (await sandbox.api('GET', '/sandbox/clock')).body.data.offset_seconds as number;

describe('the console clock routes', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox({ inMemory: true })));
  after(() => sandbox.stop());

  test('read, freeze, advance by seconds and to a moment, resume: the same clock as the API', async () => {
    const read = await sandbox.consoleApi('GET', '/clock');
    assert.equal(read.status, 200);
    assert.deepEqual(Object.keys(read.body.data).sort(), ['frozen', 'now', 'offset_seconds', 'real_now']);

    const frozen = await sandbox.consoleApi('POST', '/clock/freeze');
    assert.equal(frozen.body.data.frozen, true);
    const by = await sandbox.consoleApi('POST', '/clock/advance', { seconds: 3600 });
    assert.equal(by.status, 200);
    assert.equal(Date.parse(by.body.data.now) - Date.parse(frozen.body.data.now), 3_600_000);
    const target = new Date(Date.parse(by.body.data.now) + DAY * 1000).toISOString();
    const to = await sandbox.consoleApi('POST', '/clock/advance', { to: target });
    assert.equal(to.body.data.now, target);

    const api = (await sandbox.api('GET', '/sandbox/clock')).body.data;
    assert.equal(api.now, target);
    assert.equal(api.frozen, true);
    const resumed = await sandbox.consoleApi('POST', '/clock/resume');
    assert.equal(resumed.body.data.frozen, false);
    assert.ok(Date.parse(resumed.body.data.now) >= Date.parse(target));
  });

  test('bad moves get the same clear errors as the API', async () => {
    const back = await sandbox.consoleApi('POST', '/clock/advance', { seconds: -1 });
    assert.equal(back.status, 400);
    assert.equal(back.body.error.param, 'seconds');
    const past = await sandbox.consoleApi('POST', '/clock/advance', { to: '2000-01-01T00:00:00Z' });
    assert.equal(past.status, 400);
    assert.equal(past.body.error.param, 'to');
    assert.match(past.body.error.message, /only moves forward/);
    const neither = await sandbox.consoleApi('POST', '/clock/advance', {});
    assert.equal(neither.body.error.code, 'parameter_missing');
    const both = await sandbox.consoleApi('POST', '/clock/advance', {
      seconds: 5,
      to: '2100-01-01T00:00:00Z',
    });
    assert.equal(both.status, 400);
    const extra = await sandbox.consoleApi('POST', '/clock/freeze', { at: 'now' });
    assert.equal(extra.status, 400);
  });

  test('an advance that expires a link is applied before it answers', async () => {
    const link = await createLink(sandbox, { expires_at: undefined });
    await sandbox.consoleApi('POST', '/clock/advance', { to: link.expires_at });
    const detail = await sandbox.consoleApi('GET', `/links/${link.id}`);
    assert.equal(detail.body.data.link.status, 'expired');
  });
});

describe('clock.changed on the console event stream', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox({ inMemory: true })));
  after(() => sandbox.stop());

  test('each committed move carries the clock as it now reads; a move that changes nothing is silent', async () => {
    const stream = await openEventStream(sandbox.origin);
    try {
      await sandbox.consoleApi('POST', '/clock/freeze');
      await sandbox.consoleApi('POST', '/clock/freeze');
      await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 7200 } });
      await sandbox.consoleApi('POST', '/clock/resume');
      const changes = await eventually(async () => {
        const seen = stream.seen.filter((e) => e.type === 'clock.changed');
        return seen.length >= 3 ? seen : undefined;
      }, 'three clock.changed events');
      const [, advanced, resumed] = changes.map((e) => e.data.clock);
      assert.deepEqual(
        changes.map((e) => e.data.clock.frozen),
        [true, true, false],
      );
      assert.ok(Math.abs(advanced.offset_seconds - 7200) < 5);
      assert.deepEqual(Object.keys(resumed).sort(), ['frozen', 'now', 'offset_seconds', 'real_now']);
      assert.equal(stream.seen.filter((e) => e.type === 'clock.changed').length, 3);
    } finally {
      await stream.close();
    }
  });
});

describe('advance by seconds with an Idempotency-Key', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox()));
  after(() => sandbox.stop());
  const advance = (body: unknown, key: string) =>
    sandbox.api('POST', '/sandbox/clock/advance', { body, headers: { 'idempotency-key': key } });

  test('a retry replays the first answer and the clock moves once, even past the 24 h retention', async () => {
    await sandbox.api('POST', '/sandbox/clock/freeze');
    const first = await advance({ seconds: 2 * DAY }, 'advance-1');
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const retry = await advance({ seconds: 2 * DAY }, 'advance-1');
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.text, first.text);
    assert.equal(retry.headers.get('x-request-id'), first.body.meta.request_id);
    assert.ok(Math.abs((await offsetOf(sandbox)) - 2 * DAY) < 5);
  });

  test('the record survives a restart: a retry after it still does not move the clock', async () => {
    const before_ = await offsetOf(sandbox);
    await sandbox.stop({ keepDir: true });
    sandbox = await startTestSandbox({ dataDir: sandbox.dir });
    const retry = await advance({ seconds: 2 * DAY }, 'advance-1');
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.ok(Math.abs((await offsetOf(sandbox)) - before_) < 5);
  });

  test('the same key for another advance is 422; a refused move is not stored', async () => {
    const reused = await advance({ seconds: 60 }, 'advance-1');
    assert.equal(reused.status, 422);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    const refused = await advance({ seconds: 0 }, 'advance-2');
    assert.equal(refused.status, 400);
    const corrected = await advance({ seconds: 0 }, 'advance-2');
    assert.equal(corrected.status, 400);
    const moved = await advance({ seconds: 60 }, 'advance-3');
    assert.equal(moved.status, 200);
    assert.equal(moved.headers.get('idempotent-replayed'), null);
  });

  test('without a key each advance moves; the route documents the header', async () => {
    const start = await offsetOf(sandbox);
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 10 } });
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 10 } });
    assert.ok(Math.abs((await offsetOf(sandbox)) - start - 20) < 1);
    const doc: any = await (await fetch(`${sandbox.origin}/openapi.json`)).json();
    const params = doc.paths['/sandbox/clock/advance'].post.parameters ?? [];
    assert.ok(params.some((p: { name: string }) => p.name === 'Idempotency-Key'));
  });
});
