// Webhook delivery when things go wrong (docs/contract.md §8): retries on the schedule after a 5xx, a
// timeout or a refused connection, `failed` after the last attempt, redirects not followed, the
// response body capped at 64 KiB, order per link, the concurrency limit, pause and resume,
// resend, retry now, and a restart that resumes the queue. Real sandbox, receiver and HTTP.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, afterEach, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { deliveryControls } from '../core/webhooks/deliveryControls';
import { endpointControls } from '../core/webhooks/endpointControls';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../shared/types';
import {
  createLink,
  eventually,
  makeTempDir,
  sleep,
  startTestSandbox,
  type TestSandbox,
  simulate,
} from './harness';
import { inSequence, WebhookReceiver, type ReceivedRequest } from './webhookReceiver';

const FAST_SCHEDULE = [0, 1, 1];
/** Polls for up to ~10 s: retries here are 1 s apart. */
const TRIES = 500;

const cancel = (sandbox: TestSandbox, id: string) => sandbox.api('POST', `/payment-links/${id}/cancel`);

function eventOf(sandbox: TestSandbox, linkId: string, type: WebhookEventType) {
  const event = [...sandbox.core.store.state.events.values()].find(
    (e) => e.data.id === linkId && e.type === type,
  );
  assert.ok(event, `no ${type} event recorded for link ${linkId}`);
  return event;
}

function deliveryOf(sandbox: TestSandbox, eventId: string, endpointId?: string): WebhookDelivery {
  const delivery = [...sandbox.core.store.state.deliveries.values()].find(
    (d) => d.event_id === eventId && (endpointId === undefined || d.endpoint_id === endpointId),
  );
  assert.ok(delivery, `no delivery of event ${eventId}`);
  return delivery;
}

/** Waits until the delivery of `eventId` satisfies `check`, and returns it. */
const deliveryWhen = (
  sandbox: TestSandbox,
  eventId: string,
  check: (d: WebhookDelivery) => boolean,
  what: string,
) =>
  eventually(
    async () => {
      const d = [...sandbox.core.store.state.deliveries.values()].find((x) => x.event_id === eventId);
      return d && check(d) ? d : undefined;
    },
    `${what} (delivery of ${eventId})`,
    TRIES,
  );

const isFinal = (d: WebhookDelivery) => d.status === 'delivered' || d.status === 'failed';

async function addEndpoint(sandbox: TestSandbox, url: string): Promise<WebhookEndpoint> {
  const { endpoint, ops } = endpointControls.create({ url }, sandbox.clock.now());
  await sandbox.core.store.commit(ops);
  return endpoint;
}

/** Creates a link and makes it pay, returning the recorded event's id. */
async function paidEvent(sandbox: TestSandbox): Promise<string> {
  const link = await createLink(sandbox);
  const res = await simulate(sandbox, link.id, 'paid');
  assert.equal(res.status, 200, res.text);
  return eventOf(sandbox, link.id, 'payment_link.paid').id;
}

/** A port nothing listens on: a receiver's, once it has stopped. */
async function closedPort(): Promise<number> {
  const receiver = await WebhookReceiver.start();
  await receiver.stop();
  return receiver.port;
}

describe('webhook retries (docs/contract.md §8)', () => {
  let receiver: WebhookReceiver;
  let sandbox: TestSandbox;
  let endpoint: WebhookEndpoint;
  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({
      inMemory: true,
      deliveryTimeoutMs: 300,
      webhookEndpoints: [{ url: receiver.url }],
    });
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: FAST_SCHEDULE });
    endpoint = [...sandbox.core.store.state.endpoints.values()][0] as WebhookEndpoint;
  });
  afterEach(async () => {
    receiver.plan = () => 200;
    await eventually(
      async () => [...sandbox.core.store.state.deliveries.values()].every(isFinal) || undefined,
      'the queue drains between tests',
      TRIES,
    );
    receiver.requests.length = 0;
  });
  after(async () => {
    await sandbox?.stop();
    await receiver?.stop();
  });

  test('a 500 is retried; the second attempt succeeds; both attempts are recorded', async () => {
    receiver.plan = inSequence(
      { status: 500, body: 'database on fire', headers: { 'x-receiver': 'first' } },
      { status: 200, headers: { 'x-receiver': 'second' } },
    );
    const eventId = await paidEvent(sandbox);
    const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered after a retry');
    assert.equal(d.status, 'delivered');
    assert.equal(d.attempts.length, 2);
    const [first, second] = d.attempts;
    assert.ok(first && second);
    assert.deepEqual([first.series, first.number, second.series, second.number], [1, 1, 1, 2]);
    assert.equal(first.response?.status, 500);
    assert.equal(first.response?.body, 'database on fire');
    assert.equal(first.response?.body_truncated, false);
    assert.match(first.error ?? '', /500/);
    assert.equal(second.response?.status, 200);
    assert.equal(second.error, null);
    assert.equal(d.next_attempt_at, null);
    for (const a of d.attempts) assert.ok(a.duration_ms >= 0, `duration_ms recorded: ${a.duration_ms}`);
    assert.equal(first.response?.headers['x-receiver'], 'first', 'response headers recorded');
    assert.equal(second.response?.headers['x-receiver'], 'second');
    // What went over the wire is recorded: the same body the receiver got, with its headers.
    const requests = receiver.requestsFor(eventId);
    assert.equal(requests.length, 2);
    assert.equal(first.request.body, requests[0]?.body);
    assert.equal(first.request.headers['webhook-id'], eventId);
    assert.equal(first.request.url, receiver.url);
    assert.equal(requests[0]?.headers['webhook-id'], requests[1]?.headers['webhook-id']);
    // The retry waited for the schedule's second delay (1 s) after the first attempt.
    assert.ok(
      Date.parse(second.started_at) - Date.parse(first.started_at) >= 900,
      `retry ${first.started_at} → ${second.started_at} follows the 1 s delay`,
    );
  });

  test("the first attempt waits for the schedule's first delay", async () => {
    // The setting is the delay before each attempt, the first one included.
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [1, 1] });
    try {
      const eventId = await paidEvent(sandbox);
      const event = sandbox.core.store.state.events.get(eventId);
      assert.ok(event);
      const queued = deliveryOf(sandbox, eventId);
      const due = Date.parse(queued.next_attempt_at ?? '');
      assert.ok(
        due - Date.parse(event.timestamp) >= 1000,
        `first attempt due at ${queued.next_attempt_at}, 1 s after the event at ${event.timestamp}`,
      );
      const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered');
      const started = Date.parse(d.attempts[0]?.started_at ?? '');
      assert.ok(
        started - Date.parse(event.timestamp) >= 1000,
        `first attempt at ${d.attempts[0]?.started_at}, not before 1 s after ${event.timestamp}`,
      );
    } finally {
      await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: FAST_SCHEDULE });
    }
  });

  test('a timeout is a failed attempt and is retried', async () => {
    receiver.plan = inSequence('hang', 200);
    const eventId = await paidEvent(sandbox);
    const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered after a timeout');
    assert.equal(d.status, 'delivered');
    assert.equal(d.attempts.length, 2);
    assert.equal(d.attempts[0]?.response, null);
    assert.match(d.attempts[0]?.error ?? '', /timed out/i);
    assert.equal(d.attempts[1]?.response?.status, 200);
    assert.equal(receiver.requestsFor(eventId).length, 2);
  });

  test('a refused connection is a failed attempt and is retried once the receiver is back', async () => {
    await receiver.stop();
    try {
      const eventId = await paidEvent(sandbox);
      await deliveryWhen(
        sandbox,
        eventId,
        (d) => d.attempts.length >= 1,
        'a first attempt against the stopped receiver',
      );
      await receiver.restart();
      const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered once the receiver is back');
      assert.equal(d.status, 'delivered');
      assert.ok(d.attempts.length >= 2);
      assert.equal(d.attempts[0]?.response, null);
      assert.match(d.attempts[0]?.error ?? '', /refused/i);
      assert.equal(d.attempts.at(-1)?.response?.status, 200);
      assert.equal(receiver.requestsFor(eventId).length, 1, 'only the successful attempt reached it');
    } finally {
      if (!receiver.running) await receiver.restart();
    }
  });

  test('after the last attempt of the schedule the delivery is failed, every error recorded', async () => {
    const port = await closedPort();
    const dead = await addEndpoint(sandbox, `http://127.0.0.1:${port}/nobody-home`);
    receiver.plan = () => ({ status: 503, body: 'maintenance' });
    try {
      const eventId = await paidEvent(sandbox);
      const refused = await eventually(
        async () => {
          const d = deliveryOf(sandbox, eventId, dead.id);
          return isFinal(d) ? d : undefined;
        },
        'the refused delivery ends',
        TRIES,
      );
      assert.equal(refused.status, 'failed');
      assert.equal(refused.attempts.length, FAST_SCHEDULE.length);
      assert.equal(refused.next_attempt_at, null);
      for (const attempt of refused.attempts) {
        assert.equal(attempt.response, null);
        assert.match(attempt.error ?? '', /refused/i);
      }

      const answered = await eventually(
        async () => {
          const d = deliveryOf(sandbox, eventId, endpoint.id);
          return isFinal(d) ? d : undefined;
        },
        'the 503 delivery ends',
        TRIES,
      );
      assert.equal(answered.status, 'failed');
      assert.deepEqual(
        answered.attempts.map((a) => a.number),
        [1, 2, 3],
      );
      for (const attempt of answered.attempts) {
        assert.equal(attempt.response?.status, 503);
        assert.equal(attempt.response?.body, 'maintenance');
        assert.match(attempt.error ?? '', /503/);
      }
      assert.equal(receiver.requestsFor(eventId).length, FAST_SCHEDULE.length);
    } finally {
      await sandbox.core.store.commit(endpointControls.remove(sandbox.core.store.state, dead.id));
    }
  });

  test('a 3xx is a failure and the redirect is not followed', async () => {
    const elsewhere = `http://127.0.0.1:${receiver.port}/elsewhere`;
    receiver.plan = (r) =>
      r.path === '/elsewhere' ? 200 : r.index === 0 ? { status: 302, headers: { location: elsewhere } } : 200;
    const eventId = await paidEvent(sandbox);
    const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered after a redirect');
    assert.equal(d.status, 'delivered');
    assert.equal(d.attempts.length, 2, 'the 302 counted as a failed attempt');
    assert.equal(d.attempts[0]?.response?.status, 302);
    assert.match(d.attempts[0]?.error ?? '', /302/);
    assert.deepEqual(
      receiver.requests.map((r) => r.path),
      ['/webhooks', '/webhooks'],
      'nothing went to the redirect target',
    );
  });

  test('the recorded response body is cut at 64 KiB', async () => {
    const big = 'x'.repeat(100 * 1024);
    receiver.plan = () => ({ status: 200, body: big, headers: { 'content-type': 'text/plain' } });
    const eventId = await paidEvent(sandbox);
    const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered with a big answer');
    assert.equal(d.status, 'delivered');
    const response = d.attempts[0]?.response;
    assert.ok(response);
    assert.equal(response.body.length, 64 * 1024);
    assert.equal(response.body, big.slice(0, 64 * 1024));
    assert.equal(response.body_truncated, true);
    assert.equal(response.headers['content-type'], 'text/plain');
  });

  test("a link's later event waits until its earlier one is delivered", async () => {
    const link = await createLink(sandbox);
    receiver.plan = (r) => (r.json?.type === 'payment_link.failed' && r.index === 0 ? 500 : 200);
    await simulate(sandbox, link.id, 'failed');
    const failedId = eventOf(sandbox, link.id, 'payment_link.failed').id;
    // The failed event's first attempt has failed and its retry is a second away: cancel now.
    await deliveryWhen(sandbox, failedId, (d) => d.status === 'retrying', 'the failed event waits to retry');
    const res = await cancel(sandbox, link.id);
    assert.equal(res.status, 200);
    const canceledId = eventOf(sandbox, link.id, 'payment_link.canceled').id;

    await deliveryWhen(sandbox, canceledId, isFinal, 'the canceled event is delivered');
    const failedRequests = receiver.requestsFor(failedId);
    const canceledRequests = receiver.requestsFor(canceledId);
    assert.equal(failedRequests.length, 2);
    assert.equal(canceledRequests.length, 1);
    const delivered = failedRequests[1] as ReceivedRequest;
    const canceled = canceledRequests[0] as ReceivedRequest;
    assert.equal(delivered.answeredStatus, 200);
    assert.ok(delivered.answeredTick !== null);
    assert.ok(
      canceled.arrivedTick > delivered.answeredTick,
      'the canceled event arrived only after the failed event was delivered',
    );
  });

  test('never more deliveries in flight than delivery_concurrency', async () => {
    await sandbox.core.updateSettings({ delivery_concurrency: 2 });
    try {
      receiver.maxInFlight = 0;
      receiver.plan = () => ({ status: 200, delayMs: 150 });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await paidEvent(sandbox));
      for (const id of ids) await deliveryWhen(sandbox, id, isFinal, 'delivered');
      assert.equal(receiver.requests.length, 6);
      assert.ok(receiver.maxInFlight <= 2, `at most 2 in flight, saw ${receiver.maxInFlight}`);
      assert.equal(receiver.maxInFlight, 2, 'the limit of 2 is used');
    } finally {
      await sandbox.core.updateSettings({ delivery_concurrency: 8 });
    }
  });

  test('a paused queue sends nothing and shows its deliveries as paused; resume sends them all', async () => {
    await sandbox.core.store.commit(deliveryControls.pause(true));
    try {
      const ids = [await paidEvent(sandbox), await paidEvent(sandbox)];
      // A generous pause for a negative check: unpaused, these go out within milliseconds.
      await sleep(400);
      assert.equal(receiver.requests.length, 0, 'nothing is sent while paused');
      for (const id of ids) {
        const d = deliveryOf(sandbox, id);
        assert.equal(d.status, 'queued');
        assert.equal(d.attempts.length, 0);
        assert.equal(sandbox.core.presentDelivery(d).status, 'paused');
      }
    } finally {
      await sandbox.core.store.commit(deliveryControls.pause(false));
    }
    const requests = await receiver.waitForRequests(2, 'both deliveries after resume');
    assert.equal(requests.length, 2);
    for (const r of requests) {
      const d = await deliveryWhen(sandbox, r.headers['webhook-id'] ?? '', isFinal, 'delivered');
      assert.equal(d.status, 'delivered');
      assert.equal(sandbox.core.presentDelivery(d).status, 'delivered');
    }
  });

  test('resend sends the same webhook-id again, as series 2', async () => {
    const eventId = await paidEvent(sandbox);
    const first = await deliveryWhen(sandbox, eventId, isFinal, 'first delivery');
    assert.equal(first.status, 'delivered');
    assert.equal(first.series, 1);
    await sandbox.core.store.commit(
      deliveryControls.resend(
        sandbox.core.store.state,
        first.id,
        sandbox.clock.now(),
        () => false,
        sandbox.core.settings,
      ),
    );
    const d = await deliveryWhen(
      sandbox,
      eventId,
      (x) => x.series === 2 && isFinal(x),
      'the resend is delivered',
    );
    assert.equal(d.status, 'delivered');
    assert.equal(d.id, first.id);
    const last = d.attempts.at(-1);
    assert.deepEqual([last?.series, last?.number, last?.response?.status], [2, 1, 200]);
    const requests = receiver.requestsFor(eventId);
    assert.equal(requests.length, 2);
    assert.equal(requests[1]?.body, requests[0]?.body, 'the same event body');
    const secret = endpoint.secret;
    assert.doesNotThrow(() =>
      new Webhook(secret).verify(requests[1]?.body ?? '', requests[1]?.headers ?? {}),
    );
  });

  test('retry now brings a waiting retry forward', async () => {
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [0, 600] });
    try {
      receiver.plan = inSequence(500, 200);
      const eventId = await paidEvent(sandbox);
      const waiting = await deliveryWhen(sandbox, eventId, (d) => d.status === 'retrying', 'a retry waits');
      const dueIn = Date.parse(waiting.next_attempt_at ?? '') - sandbox.clock.now();
      assert.ok(dueIn > 500_000, `the retry is ~10 minutes away (${dueIn} ms)`);
      await sandbox.core.store.commit(
        deliveryControls.retryNow(
          sandbox.core.store.state,
          waiting.id,
          sandbox.clock.now(),
          () => false,
          () => undefined,
        ),
      );
      const d = await deliveryWhen(sandbox, eventId, isFinal, 'delivered right after retry now');
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts.length, 2);
      assert.equal(receiver.requestsFor(eventId).length, 2);
    } finally {
      await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: FAST_SCHEDULE });
    }
  });
});

describe('webhook queue across a restart (docs/contract.md §8)', () => {
  test('deliveries queued while the receiver is down all arrive after a restart, none lost', async () => {
    const dir = await makeTempDir('pls-webhook-restart-');
    const receiver = await WebhookReceiver.start();
    await receiver.stop();
    let sandbox: TestSandbox | undefined;
    try {
      sandbox = await startTestSandbox({ dataDir: dir, webhookEndpoints: [{ url: receiver.url }] });
      await sandbox.core.updateSettings({
        webhook_retry_schedule_seconds: [0, ...Array<number>(19).fill(1)],
      });
      const first = sandbox;
      const linkA = await createLink(first);
      const linkB = await createLink(first);
      const linkC = await createLink(first);
      await simulate(first, linkA.id, 'paid');
      await simulate(first, linkB.id, 'failed');
      await cancel(first, linkB.id);
      await cancel(first, linkC.id);
      const eventIds = [...first.core.store.state.events.keys()];
      assert.equal(eventIds.length, 4);
      // Every delivery has met the refused connection at least once (B's cancel waits its turn).
      await eventually(
        async () =>
          [...first.core.store.state.deliveries.values()].filter((d) => d.attempts.length > 0).length >= 3 ||
          undefined,
        'first attempts against the stopped receiver',
        TRIES,
      );
      const triedBefore = new Set<string>();
      for (const d of first.core.store.state.deliveries.values()) {
        assert.notEqual(d.status, 'delivered');
        if (d.attempts.length > 0) triedBefore.add(d.id);
      }
      await first.stop({ keepDir: true });

      sandbox = await startTestSandbox({ dataDir: dir, webhookEndpoints: [{ url: receiver.url }] });
      const second = sandbox;
      assert.deepEqual([...second.core.store.state.events.keys()].sort(), [...eventIds].sort());
      await receiver.restart();
      await receiver.waitForRequests(4, 'every event after the restart', () => true, TRIES);
      await eventually(
        async () => [...second.core.store.state.deliveries.values()].every(isFinal) || undefined,
        'the queue drains',
        TRIES,
      );
      const received = new Set(receiver.requests.map((r) => r.headers['webhook-id']));
      assert.deepEqual([...received].sort(), [...eventIds].sort(), 'every event arrived');
      for (const d of second.core.store.state.deliveries.values()) {
        assert.equal(d.status, 'delivered', `${d.event_type} ${d.id} delivered`);
        if (triedBefore.has(d.id)) {
          assert.match(d.attempts[0]?.error ?? '', /refused/i, 'its attempt before the restart was refused');
        }
      }
      const b = receiver.requests.filter((r) => r.json?.data?.id === linkB.id).map((r) => r.json.type);
      assert.deepEqual(b, ['payment_link.failed', 'payment_link.canceled'], "link B's order is kept");
    } finally {
      await sandbox?.stop();
      await receiver.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
