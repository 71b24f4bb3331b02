// Webhooks as a receiver sees them (docs/contract.md §8): every event type arrives, the body is the event
// with the link the API returns, the headers are Standard Webhooks' and the signature verifies with
// the `standardwebhooks` package, also across a secret rotation; endpoint filters, disabled endpoints
// and fan-out to several endpoints. Real sandbox, real receiver, real HTTP on 127.0.0.1.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { endpointControls } from '../core/webhooks/endpointControls';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../shared/types';
import { createLink, eventually, startTestSandbox, type TestSandbox, simulate } from './harness';
import { WebhookReceiver, type ReceivedRequest } from './webhookReceiver';

const packageVersion: string = JSON.parse(
  await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

const cancel = (sandbox: TestSandbox, id: string) => sandbox.api('POST', `/payment-links/${id}/cancel`);
const retrieve = (sandbox: TestSandbox, id: string) => sandbox.api('GET', `/payment-links/${id}`);

function endpointFor(sandbox: TestSandbox, url: string): WebhookEndpoint {
  const endpoint = [...sandbox.core.store.state.endpoints.values()].find((e) => e.url === url);
  assert.ok(endpoint, `no endpoint with url ${url}`);
  return endpoint;
}

/** The event the store recorded for a link, of one type. */
function eventOf(sandbox: TestSandbox, linkId: string, type: WebhookEventType) {
  const event = [...sandbox.core.store.state.events.values()].find(
    (e) => e.data.id === linkId && e.type === type,
  );
  assert.ok(event, `no ${type} event recorded for link ${linkId}`);
  return event;
}

/** Waits until no delivery is queued, retrying or on the wire: whatever was to be sent was sent. */
const settled = (sandbox: TestSandbox) =>
  eventually(
    async () =>
      [...sandbox.core.store.state.deliveries.values()].every(
        (d) => d.status === 'delivered' || d.status === 'failed',
      ) || undefined,
    'every delivery delivered or failed',
    500,
  );

async function addEndpoint(
  sandbox: TestSandbox,
  input: { url: string; enabled?: boolean; event_types?: WebhookEventType[] },
): Promise<WebhookEndpoint> {
  const { endpoint, ops } = endpointControls.create(input, sandbox.clock.now());
  await sandbox.core.store.commit(ops);
  return endpoint;
}

const verifies = (secret: string, request: ReceivedRequest): boolean => {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

/** Waits for the one request carrying `eventId`, and checks everything docs/contract.md §8 says about it. */
async function assertDelivered(
  sandbox: TestSandbox,
  receiver: WebhookReceiver,
  type: WebhookEventType,
  link: any,
): Promise<ReceivedRequest> {
  const event = eventOf(sandbox, link.id, type);
  const [request] = await receiver.waitForRequests(
    1,
    `${type} for link ${link.id}`,
    (r) => r.headers['webhook-id'] === event.id,
  );
  assert.ok(request);
  assert.equal(request.method, 'POST');
  assert.equal(request.path, new URL(receiver.url).pathname);

  const body = request.json;
  assert.ok(body, `the body is JSON: ${request.body.slice(0, 200)}`);
  assert.deepEqual(Object.keys(body).sort(), ['data', 'id', 'timestamp', 'type']);
  assert.match(body.id, /^evt_/);
  assert.equal(body.type, type);
  assert.match(body.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  assert.deepEqual(body.data, link, 'data is the link exactly as the API returns it');

  assert.match(request.headers['content-type'] ?? '', /^application\/json\b/);
  assert.equal(request.headers['user-agent'], `PaymentLinksSandbox/${packageVersion}`);
  assert.equal(request.headers['webhook-id'], body.id);
  const ts = request.headers['webhook-timestamp'] ?? '';
  assert.match(ts, /^\d+$/, 'webhook-timestamp is unix seconds');
  // The sandbox clock's "now" when sent, within a generous minute (not a speed check).
  assert.ok(
    Math.abs(Number(ts) - sandbox.clock.now() / 1000) < 60,
    `webhook-timestamp ${ts} is the sandbox's now in seconds`,
  );
  assert.match(request.headers['webhook-signature'] ?? '', /^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$/);

  const secret = endpointFor(sandbox, receiver.url).secret;
  assert.match(secret, /^whsec_/);
  const verified = new Webhook(secret).verify(request.body, request.headers);
  assert.deepEqual(verified, body, 'standardwebhooks verifies the signature unchanged');
  return request;
}

describe('webhook delivery: what the receiver gets (docs/contract.md §8)', () => {
  let receiver: WebhookReceiver;
  let sandbox: TestSandbox;
  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: receiver.url }] });
  });
  after(async () => {
    await sandbox?.stop();
    await receiver?.stop();
  });

  test('payment_link.paid: body is the event with the paid link, signed per Standard Webhooks', async () => {
    const link = await createLink(sandbox);
    const res = await simulate(sandbox, link.id, 'paid');
    assert.equal(res.status, 200);
    await assertDelivered(sandbox, receiver, 'payment_link.paid', res.body.data);
    assert.deepEqual((await retrieve(sandbox, link.id)).body.data, res.body.data);
  });

  test('payment_link.failed arrives with the failed link', async () => {
    const link = await createLink(sandbox);
    const res = await simulate(sandbox, link.id, 'failed');
    assert.equal(res.status, 200);
    await assertDelivered(sandbox, receiver, 'payment_link.failed', res.body.data);
  });

  test('payment_link.expired (simulated) arrives with the expired link', async () => {
    const link = await createLink(sandbox);
    const res = await simulate(sandbox, link.id, 'expired');
    assert.equal(res.status, 200);
    await assertDelivered(sandbox, receiver, 'payment_link.expired', res.body.data);
  });

  test('payment_link.canceled arrives with the canceled link, also when canceling a failed link', async () => {
    const pending = await createLink(sandbox);
    const res = await cancel(sandbox, pending.id);
    assert.equal(res.status, 200);
    await assertDelivered(sandbox, receiver, 'payment_link.canceled', res.body.data);

    const failed = await createLink(sandbox);
    const failedRes = await simulate(sandbox, failed.id, 'failed');
    const canceledRes = await cancel(sandbox, failed.id);
    assert.equal(canceledRes.status, 200);
    await assertDelivered(sandbox, receiver, 'payment_link.failed', failedRes.body.data);
    await assertDelivered(sandbox, receiver, 'payment_link.canceled', canceledRes.body.data);
  });

  test('each event is delivered once to the one endpoint', async () => {
    await settled(sandbox);
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    assert.equal(new Set(ids).size, ids.length, `no duplicates: ${ids.join(', ')}`);
    assert.deepEqual(new Set(ids), new Set(sandbox.core.store.state.events.keys()));
  });

  test('after a secret rotation the next delivery verifies with the new and the old secret', async () => {
    const before = endpointFor(sandbox, receiver.url);
    const { endpoint, ops } = endpointControls.rotateSecret(
      sandbox.core.store.state,
      before.id,
      sandbox.clock.now(),
    );
    await sandbox.core.store.commit(ops);
    assert.notEqual(endpoint.secret, before.secret);
    assert.equal(endpointFor(sandbox, receiver.url).secret, endpoint.secret);

    const link = await createLink(sandbox);
    const res = await simulate(sandbox, link.id, 'paid');
    const request = await assertDelivered(sandbox, receiver, 'payment_link.paid', res.body.data);
    assert.equal(request.headers['webhook-signature']?.split(' ').length, 2, 'two signatures');
    assert.ok(verifies(endpoint.secret, request), 'verifies with the new secret');
    assert.ok(verifies(before.secret, request), 'verifies with the old secret');
    assert.ok(!verifies(`whsec_${Buffer.from('not the secret at all').toString('base64')}`, request));
  });
});

describe('webhook delivery: automatic expiry (docs/contract.md §8)', () => {
  let receiver: WebhookReceiver;
  let sandbox: TestSandbox;
  before(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true, webhookEndpoints: [{ url: receiver.url }] });
  });
  after(async () => {
    await sandbox?.stop();
    await receiver?.stop();
  });

  test('a link that expires by itself sends payment_link.expired with the expired link', async () => {
    // 90 s, so the advanced clock stays inside standardwebhooks' 5-minute timestamp tolerance.
    const expiresAt = new Date(sandbox.clock.now() + 90_000).toISOString();
    const link = await createLink(sandbox, { expires_at: expiresAt });
    assert.equal(link.status, 'pending');
    sandbox.clock.advance(91_000);
    const expired = await eventually(async () => {
      const res = await retrieve(sandbox, link.id);
      return res.body.data.status === 'expired' ? res.body.data : undefined;
    }, 'the link expires by itself');
    await assertDelivered(sandbox, receiver, 'payment_link.expired', expired);
  });
});

describe('webhook delivery: endpoints (docs/contract.md §8)', () => {
  let first: WebhookReceiver;
  let second: WebhookReceiver;
  let sandbox: TestSandbox;
  before(async () => {
    first = await WebhookReceiver.start();
    second = await WebhookReceiver.start();
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(async () => {
    await sandbox?.stop();
    await first?.stop();
    await second?.stop();
  });
  const deliveriesWhere = (matches: (delivery: WebhookDelivery) => boolean): WebhookDelivery[] =>
    [...sandbox.core.store.state.deliveries.values()].filter(matches);

  test('two endpoints each get one delivery, each signed with its own secret', async () => {
    const a = await addEndpoint(sandbox, { url: first.url });
    const b = await addEndpoint(sandbox, { url: second.url });
    const link = await createLink(sandbox);
    const res = await simulate(sandbox, link.id, 'paid');
    const event = eventOf(sandbox, link.id, 'payment_link.paid');
    const deliveries = deliveriesWhere((d) => d.event_id === event.id);
    assert.deepEqual(deliveries.map((d) => d.endpoint_id).sort(), [a.id, b.id].sort());

    const [toFirst] = await first.waitForRequests(1, 'the first endpoint gets the event');
    const [toSecond] = await second.waitForRequests(1, 'the second endpoint gets the event');
    await settled(sandbox);
    assert.equal(first.requests.length, 1);
    assert.equal(second.requests.length, 1);
    for (const request of [toFirst, toSecond]) {
      assert.ok(request);
      assert.equal(request.headers['webhook-id'], event.id);
      assert.deepEqual(request.json.data, res.body.data);
    }
    assert.ok(toFirst && verifies(a.secret, toFirst) && !verifies(b.secret, toFirst));
    assert.ok(toSecond && verifies(b.secret, toSecond) && !verifies(a.secret, toSecond));
    await sandbox.core.store.commit([
      ...endpointControls.remove(sandbox.core.store.state, a.id),
      ...endpointControls.remove(sandbox.core.store.state, b.id),
    ]);
  });

  test('an endpoint whose event_types exclude a type gets no delivery of it', async () => {
    first.requests.length = 0;
    const only = await addEndpoint(sandbox, { url: first.url, event_types: ['payment_link.paid'] });
    const failing = await createLink(sandbox);
    await simulate(sandbox, failing.id, 'failed');
    const failedEvent = eventOf(sandbox, failing.id, 'payment_link.failed');
    const paying = await createLink(sandbox);
    await simulate(sandbox, paying.id, 'paid');
    const paidEvent = eventOf(sandbox, paying.id, 'payment_link.paid');

    const deliveries = deliveriesWhere((d) => d.endpoint_id === only.id);
    assert.deepEqual(
      deliveries.map((d) => d.event_id),
      [paidEvent.id],
      'one delivery, for the paid event only',
    );
    await first.waitForRequests(1, 'the paid event arrives');
    await settled(sandbox);
    assert.deepEqual(
      first.requests.map((r) => r.headers['webhook-id']),
      [paidEvent.id],
      `the failed event ${failedEvent.id} never arrives`,
    );
    await sandbox.core.store.commit(endpointControls.remove(sandbox.core.store.state, only.id));
  });

  test('a disabled endpoint gets no delivery', async () => {
    first.requests.length = 0;
    second.requests.length = 0;
    const disabled = await addEndpoint(sandbox, { url: first.url, enabled: false });
    const enabled = await addEndpoint(sandbox, { url: second.url });
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id, 'paid');
    const event = eventOf(sandbox, link.id, 'payment_link.paid');
    const deliveries = deliveriesWhere((d) => d.event_id === event.id);
    assert.deepEqual(
      deliveries.map((d) => d.endpoint_id),
      [enabled.id],
      'only the enabled endpoint has a delivery',
    );
    // The enabled endpoint's arrival shows the worker ran; the disabled one still got nothing.
    await second.waitForRequests(1, 'the enabled endpoint gets the event');
    await settled(sandbox);
    assert.equal(first.requests.length, 0, 'the disabled endpoint received nothing');
    assert.equal(disabled.enabled, false);
  });
});
