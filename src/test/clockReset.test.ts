// Back to real time (docs/clock.md, "Back to real time"): POST /sandbox/clock/reset and the
// console's POST /_console/api/clock/reset bring the clock home with the data kept, rewrite
// nothing, say what they left stamped ahead, and what waits on time still comes when real time
// reaches it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './cliProcess';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, KEY, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const DAY = 86_400;

const clockOf = async (sandbox: TestSandbox) => (await sandbox.api('GET', '/sandbox/clock')).body.data;
const deliveries = async (sandbox: TestSandbox) =>
  (await sandbox.consoleApi('GET', '/deliveries')).body.data as {
    id: string;
    status: string;
    next_attempt_at: string | null;
    updated_at: string;
    attempt_count: number;
  }[];

describe('bringing the clock back to real time after two days ahead', () => {
  let receiver: WebhookReceiver;
  let sandbox: TestSandbox;
  before(async () => {
    receiver = await WebhookReceiver.start({ plan: () => 500 });
    sandbox = await startTestSandbox({ webhookEndpoints: [{ url: receiver.url }] });
  });
  after(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  let pending: any;
  let paid: any;
  let answer: any;

  test('the answer says how far it went back and what stays stamped ahead; the clock is real time', async () => {
    const moved = await sandbox.api('POST', '/sandbox/clock/advance', {
      body: { seconds: 2 * DAY },
      headers: { 'idempotency-key': 'two-days' },
    });
    assert.equal(moved.status, 200);
    pending = await createLink(sandbox, { title: 'made in the future' });
    paid = await createLink(sandbox, { title: 'paid in the future' });
    const simulated = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: paid.id, event: 'paid' },
    });
    assert.equal(simulated.status, 200);
    await receiver.waitForRequests(1, 'the first attempt of payment_link.paid');
    const retrying = await eventually(async () => {
      const [row] = await deliveries(sandbox);
      return row?.status === 'retrying' ? row : undefined;
    }, 'the delivery to be retrying');

    const home = await sandbox.consoleApi('GET', '/clock/home');
    assert.equal(home.status, 200);
    const reset = await sandbox.api('POST', '/sandbox/clock/reset');
    assert.equal(reset.status, 200);
    answer = reset.body.data;

    assert.equal(answer.clock.frozen, false);
    assert.ok(Math.abs(answer.clock.offset_seconds) < 1, `offset ${answer.clock.offset_seconds}`);
    assert.ok(Math.abs(answer.went_back_seconds - 2 * DAY) < 5, `went back ${answer.went_back_seconds}`);
    assert.equal(answer.links_stamped_ahead, 2);
    assert.equal(answer.deliveries_stamped_ahead, 1);
    assert.equal(answer.deliveries_waiting_ahead, 1);
    // The console's preview, read before, said the same.
    const { clock: _clock, ...did } = answer;
    assert.deepEqual(
      { ...home.body.data, went_back_seconds: Math.round(home.body.data.went_back_seconds / 60) },
      { ...did, went_back_seconds: Math.round(did.went_back_seconds / 60) },
    );
    const clock = await clockOf(sandbox);
    assert.ok(Math.abs(clock.offset_seconds) < 1);

    // Nothing is rewritten.
    const again = (await sandbox.api('GET', `/payment-links/${pending.id}`)).body.data;
    assert.deepEqual(again, pending);
    const stillPaid = (await sandbox.api('GET', `/payment-links/${paid.id}`)).body.data;
    assert.equal(stillPaid.status, 'succeeded');
    assert.ok(Date.parse(stillPaid.paid_at) > Date.parse(clock.now) + DAY * 1000);
    const [waiting] = await deliveries(sandbox);
    assert.equal(waiting?.status, 'retrying');
    assert.equal(waiting?.next_attempt_at, retrying.next_attempt_at);
    assert.equal(waiting?.attempt_count, 1);
  });

  test('a second reset changes nothing and says so', async () => {
    const again = await sandbox.api('POST', '/sandbox/clock/reset');
    assert.equal(again.status, 200);
    assert.ok(Math.abs(again.body.data.went_back_seconds) < 1);
    assert.equal(again.body.data.links_stamped_ahead, 2);
  });

  test('lists order by created_at: a link made now lists below those stamped two days ahead', async () => {
    const made = await createLink(sandbox, { title: 'made at real time' });
    const list = (await sandbox.api('GET', '/payment-links')).body.data.map((l: any) => l.id);
    assert.deepEqual(list, [paid.id, pending.id, made.id]);
  });

  test('a replayed advance answers its first answer and does not move the clock again', async () => {
    const replay = await sandbox.api('POST', '/sandbox/clock/advance', {
      body: { seconds: 2 * DAY },
      headers: { 'idempotency-key': 'two-days' },
    });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.ok(Math.abs((await clockOf(sandbox)).offset_seconds) < 1);
  });

  test('what waits on time comes when real time reaches it: the expiry and the retry', async () => {
    // Real time moves three days on: past the future link's expires_at and the retry's time.
    sandbox.clock.advance(3 * DAY * 1000);
    const expired = await eventually(async () => {
      const link = (await sandbox.api('GET', `/payment-links/${pending.id}`)).body.data;
      return link.status === 'expired' ? link : undefined;
    }, 'the link made two days ahead to expire');
    assert.equal(expired.expires_at, pending.expires_at);
    // The worker's timer waits in real milliseconds; a clock op wakes it, as any move does.
    await sandbox.api('POST', '/sandbox/clock/freeze');
    await sandbox.api('POST', '/sandbox/clock/resume');
    await receiver.waitForRequests(2, 'the retry once real time reached next_attempt_at');
  });

  test('a restart keeps the clock at real time and the links as they are', async () => {
    const dir = sandbox.dir as string;
    await sandbox.stop({ keepDir: true });
    sandbox = await startTestSandbox({ dataDir: dir });
    assert.ok(Math.abs((await clockOf(sandbox)).offset_seconds) < 1);
    const links = (await sandbox.api('GET', '/payment-links')).body.data;
    assert.deepEqual(
      links.map((l: any) => l.id),
      [paid.id, pending.id, links[2].id],
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe('back to real time from a frozen clock, and in /openapi.json', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox({ inMemory: true })));
  after(() => sandbox.stop());

  test('a frozen clock comes home running; the console route answers the same shape', async () => {
    await sandbox.consoleApi('POST', '/clock/advance', { seconds: 3600 });
    await sandbox.consoleApi('POST', '/clock/freeze');
    const reset = await sandbox.consoleApi('POST', '/clock/reset');
    assert.equal(reset.status, 200);
    assert.equal(reset.body.data.clock.frozen, false);
    assert.ok(Math.abs(reset.body.data.clock.offset_seconds) < 1);
    assert.ok(Math.abs(reset.body.data.went_back_seconds - 3600) < 5);
    assert.equal(reset.body.data.links_stamped_ahead, 0);
  });

  test('POST /sandbox/clock/reset is keyed and typed with a named schema; a body is refused', async () => {
    const doc: any = await (await fetch(`${sandbox.origin}/openapi.json`)).json();
    const operation = doc.paths['/sandbox/clock/reset'].post;
    assert.deepEqual(operation.security, [{ bearerAuth: [] }]);
    assert.equal(
      operation.responses['200'].content['application/json'].schema.$ref,
      '#/components/schemas/SandboxClockResetResponse',
    );
    assert.equal((await sandbox.api('POST', '/sandbox/clock/reset', { key: null })).status, 401);
    const withBody = await sandbox.api('POST', '/sandbox/clock/reset', { body: { seconds: 1 } });
    assert.equal(withBody.status, 400);
  });
});

test("docs/clock.md's back-to-real-time command runs as written and answers the clock at real time", async () => {
  const doc = await readFile(join(REPO_ROOT, 'docs', 'clock.md'), 'utf8');
  const command = doc.split('\n').find((line) => line.includes('/sandbox/clock/reset"'));
  assert.ok(command, 'docs/clock.md shows the command');
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 3600 } });
    const { stdout } = await promisify(execFile)('bash', ['-c', command], {
      env: { ...process.env, API: sandbox.origin, KEY: `Authorization: Bearer ${KEY}` },
    });
    const answer = JSON.parse(stdout).data;
    assert.equal(answer.clock.frozen, false);
    assert.ok(Math.abs(answer.clock.offset_seconds) < 1);
    assert.ok(Math.abs(answer.went_back_seconds - 3600) < 5);
  } finally {
    await sandbox.stop();
  }
});

describe('Idempotency-Key records after going back', () => {
  let sandbox: TestSandbox;
  before(async () => (sandbox = await startTestSandbox({ inMemory: true })));
  after(() => sandbox.stop());

  const create = (key: string, title: string) =>
    sandbox.api('POST', '/payment-links', {
      body: { amount: 1000, title },
      headers: { 'idempotency-key': key },
    });

  test('each record keeps its own 24 hours: one stored ahead outlives a later one, which still expires', async () => {
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 2 * DAY } });
    assert.equal((await create('stored-ahead', 'ahead')).status, 201);
    await sandbox.api('POST', '/sandbox/clock/reset');
    assert.equal((await create('stored-home', 'home')).status, 201);

    // A day and a minute of real time: the record stored at real time is past its 24 hours; the one
    // stored two days ahead is not, and it sits before the other in the sweep's oldest-first walk.
    sandbox.clock.advance((DAY + 60) * 1000);
    const reused = await create('stored-home', 'a new body under an expired key');
    assert.equal(reused.status, 201);
    assert.equal(reused.headers.get('idempotent-replayed'), null);
    assert.equal(reused.body.data.title, 'a new body under an expired key');
    const replayed = await create('stored-ahead', 'ahead');
    assert.equal(replayed.status, 201);
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
  });
});
