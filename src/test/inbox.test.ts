// The built-in webhook inbox (docs/contract.md §12): a real sandbox delivering to its own /_inbox/{name},
// the verify result of its own, tampered and foreign requests, and answers (status, sequence,
// delay) that drive the sandbox's own delivery retries.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { InboxMessage, WebhookDelivery, WebhookEndpoint } from '../shared/types';
import { openEventStream } from './eventStreamClient';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';

/** Polls for up to ~10 s. */
const TRIES = 500;

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
});

async function start(options: { deliveryTimeoutMs?: number } = {}): Promise<TestSandbox> {
  sandbox = await startTestSandbox({ inMemory: true, ...options });
  await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [0, 0, 0, 0] });
  return sandbox;
}

/** The one-click path of the console: an endpoint at this sandbox's own inbox. */
async function inboxEndpoint(s: TestSandbox, name: string): Promise<WebhookEndpoint> {
  const res = await s.consoleApi('POST', '/endpoints', { url: `${s.origin}/_inbox/${name}` });
  assert.equal(res.status, 201, res.text);
  return res.body.data;
}

async function paidLink(s: TestSandbox): Promise<string> {
  const link = await createLink(s);
  const res = await s.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
  assert.equal(res.status, 200, res.text);
  return link.id;
}

const messages = async (s: TestSandbox, name: string, query = ''): Promise<InboxMessage[]> => {
  const res = await s.api('GET', `/sandbox/inbox/${name}/messages${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data;
};

const finalDelivery = (s: TestSandbox, linkId: string) =>
  eventually(
    async () =>
      [...s.core.store.state.deliveries.values()].find(
        (d) => d.link_id === linkId && (d.status === 'delivered' || d.status === 'failed'),
      ),
    `the delivery for ${linkId} ends`,
    TRIES,
  );

const post = (s: TestSandbox, name: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${s.origin}/_inbox/${name}`, { method: 'POST', body, headers });

describe('verification', () => {
  test("the sandbox's own delivery to its inbox is verified, and a standard verifier agrees", async () => {
    const s = await start();
    const endpoint = await inboxEndpoint(s, 'default');
    const linkId = await paidLink(s);
    const delivery = await finalDelivery(s, linkId);
    assert.equal(delivery.status, 'delivered');
    const [message] = await messages(s, 'default');
    assert.ok(message);
    assert.equal(message.verification.state, 'verified', message.verification.reason);
    assert.equal(message.verification.endpoint_id, endpoint.id);
    assert.equal(message.event_type, 'payment_link.paid');
    assert.equal(message.webhook_id, delivery.event_id);
    assert.equal(message.method, 'POST');
    assert.equal(JSON.parse(message.body).data.id, linkId);
    assert.doesNotThrow(() => new Webhook(endpoint.secret).verify(message.body, message.headers));
  });

  test('after a rotation the delivery still verifies (the new and the previous secret both sign)', async () => {
    const s = await start();
    const endpoint = await inboxEndpoint(s, 'rotated');
    assert.equal((await s.consoleApi('POST', `/endpoints/${endpoint.id}/rotate-secret`)).status, 200);
    await finalDelivery(s, await paidLink(s));
    const [message] = await messages(s, 'rotated');
    assert.equal(message?.verification.state, 'verified', message?.verification.reason);
  });

  test('a tampered signature or body is invalid, with the reason', async () => {
    const s = await start();
    const endpoint = await inboxEndpoint(s, 'default');
    await finalDelivery(s, await paidLink(s));
    const [genuine] = await messages(s, 'default');
    assert.ok(genuine);
    const signed = {
      'content-type': 'application/json',
      'webhook-id': genuine.headers['webhook-id'] as string,
      'webhook-timestamp': genuine.headers['webhook-timestamp'] as string,
    };
    const forged = `v1,${Buffer.alloc(32, 7).toString('base64')}`;
    await post(s, 'default', genuine.body, { ...signed, 'webhook-signature': forged });
    await post(s, 'default', genuine.body.replace('"card"', '"cash"'), {
      ...signed,
      'webhook-signature': genuine.headers['webhook-signature'] as string,
    });
    const [changedBody, badSignature] = await messages(s, 'default');
    for (const message of [badSignature, changedBody]) {
      assert.equal(message?.verification.state, 'invalid');
      assert.match(
        message?.verification.reason ?? '',
        new RegExp(`matches no .*secret of endpoint ${endpoint.id}`),
      );
    }
  });

  test('a foreign sender is unverifiable, and so is a request without signature headers', async () => {
    const s = await start();
    await inboxEndpoint(s, 'default');
    const res = await post(s, 'elsewhere', '{"type":"order.created"}', {
      'content-type': 'application/json',
      'webhook-id': 'msg_x',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,abc',
    });
    assert.equal(res.status, 200);
    assert.equal(
      ((await res.json()) as { data: { verification: string } }).data.verification,
      'unverifiable',
    );
    await post(s, 'default', 'plain text', { 'content-type': 'text/plain' });
    const [foreign] = await messages(s, 'elsewhere');
    assert.equal(foreign?.verification.state, 'unverifiable');
    assert.match(
      foreign?.verification.reason ?? '',
      /No endpoint of this sandbox points at \/_inbox\/elsewhere/,
    );
    assert.equal(foreign?.event_type, 'order.created');
    const [unsigned] = await messages(s, 'default');
    assert.equal(unsigned?.verification.state, 'unverifiable');
    assert.match(
      unsigned?.verification.reason ?? '',
      /No webhook-id, webhook-timestamp, webhook-signature header/,
    );
    assert.equal(unsigned?.body, 'plain text');
  });
});

describe('answers drive the sandbox delivery', () => {
  const attemptsOf = (d: WebhookDelivery) => d.attempts.map((a) => a.response?.status ?? a.error);

  test('a sequence [500, 500, 200] fails twice, then the delivery succeeds on its third attempt', async () => {
    const s = await start();
    await inboxEndpoint(s, 'default');
    const set = await s.api('PUT', '/sandbox/inbox/default', { body: { sequence: [500, 500, 200] } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.data.settings, { status: 200, delay_ms: 0, sequence: [500, 500, 200] });
    const delivery = await finalDelivery(s, await paidLink(s));
    assert.equal(delivery.status, 'delivered');
    assert.deepEqual(attemptsOf(delivery), [500, 500, 200]);
    const received = await messages(s, 'default');
    assert.deepEqual(
      received.map((m) => m.answer.status),
      [200, 500, 500],
    );
    assert.ok(received.every((m) => m.verification.state === 'verified'));
    // Used up: every later request gets status.
    assert.equal((await post(s, 'default', 'x')).status, 200);
  });

  test('a status of 410 fails every attempt until the schedule ends', async () => {
    const s = await start();
    await inboxEndpoint(s, 'gone');
    await s.api('PUT', '/sandbox/inbox/gone', { body: { status: 410 } });
    const delivery = await finalDelivery(s, await paidLink(s));
    assert.equal(delivery.status, 'failed');
    assert.deepEqual(attemptsOf(delivery), [410, 410, 410, 410]);
    assert.equal((await messages(s, 'gone')).length, 4);
  });

  test('a delay past the delivery timeout makes the attempt time out; the message is still recorded', async () => {
    const s = await start({ deliveryTimeoutMs: 300 });
    await s.core.updateSettings({ webhook_retry_schedule_seconds: [0] });
    await inboxEndpoint(s, 'slow');
    await s.api('PUT', '/sandbox/inbox/slow', { body: { delay_ms: 2000 } });
    const delivery = await finalDelivery(s, await paidLink(s));
    assert.equal(delivery.status, 'failed');
    assert.match(delivery.attempts[0]?.error ?? '', /timed out/);
    const [message] = await messages(s, 'slow');
    assert.deepEqual(message?.answer, { status: 200, delay_ms: 2000 });
  });

  test('a delayed answer does not hold the server when it closes', { timeout: 30_000 }, async () => {
    const s = await start();
    await s.api('PUT', '/sandbox/inbox/slow', { body: { delay_ms: 60_000 } });
    const answer = post(s, 'slow', 'waiting').then(
      (res) => res.status,
      () => 'closed',
    );
    await eventually(async () => ((await messages(s, 'slow')).length === 1 ? true : undefined), 'received');
    await s.stop();
    assert.ok([200, 'closed'].includes(await answer));
  });
});

describe('live', () => {
  test('the console event stream carries each message as a summary, and settings changes', async () => {
    const s = await start();
    const stream = await openEventStream(s.origin);
    try {
      await post(s, 'live', 'x'.repeat(10_000), { 'content-type': 'text/plain' });
      await s.consoleApi('PUT', '/inbox/live', { status: 503 });
      const changed = await eventually(
        async () => stream.seen.find((e) => e.type === 'inbox.changed'),
        'inbox.changed',
      );
      assert.equal(changed.data.inbox.settings.status, 503);
      const received = stream.seen.find((e) => e.type === 'inbox.received');
      assert.equal(received?.data.message.inbox, 'live');
      assert.equal(received?.data.message.body_bytes, 10_000);
      assert.equal(received?.data.message.body, undefined, 'no body on the stream');
      assert.equal(received?.data.message.headers, undefined, 'no headers on the stream');
      const full = await s.consoleApi('GET', `/inbox/live/messages/${received?.data.message.id}`);
      assert.equal(full.body.data.body.length, 10_000);
    } finally {
      await stream.close();
    }
  });
});
