// startTestSandbox({ webhookUrl }): the developer's own receiver in their tests, with its id and
// secret, its webhook faults and its deliveries (docs/testing-your-app.md, "Your own receiver").
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startTestSandbox, type TestSandboxWithEndpoint } from '../core';
import { WebhookReceiver, type ReceivedRequest } from './webhookReceiver';

let receiver: WebhookReceiver;
let sandbox: TestSandboxWithEndpoint;
/** What the receiver made of each request: verified with the secret startTestSandbox returned. */
const verdicts: { type: string; linkId: string; verified: boolean }[] = [];

function verifies(request: ReceivedRequest, secret: string): boolean {
  try {
    new Webhook(secret).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
}

before(async () => {
  receiver = await WebhookReceiver.start();
  sandbox = await startTestSandbox({ webhookUrl: receiver.url });
  const { secret } = sandbox.appEndpoint;
  receiver.plan = (request) => {
    const verified = verifies(request, secret);
    verdicts.push({ type: request.json.type, linkId: request.json.data.id, verified });
    return verified ? 204 : 400;
  };
});
after(async () => {
  await sandbox.close();
  await receiver.stop();
});

const verdictFor = (linkId: string) => verdicts.filter((v) => v.linkId === linkId);

test('the endpoint comes back with its id, URL and secret, and the receiver verifies with that secret', async () => {
  assert.match(sandbox.appEndpoint.id, /^we_/);
  assert.equal(sandbox.appEndpoint.url, receiver.url);
  assert.match(sandbox.appEndpoint.secret, /^whsec_/);
  assert.notEqual(sandbox.appEndpoint.id, sandbox.webhookEndpoint.id, 'the inbox is a separate endpoint');

  const link = await sandbox.createLink({ amount: 10_000, title: 'Own receiver' });
  await sandbox.simulate(link.id, 'paid');
  const delivery = await sandbox.waitForDelivery({ type: 'payment_link.paid', linkId: link.id });
  assert.equal(delivery.endpoint_id, sandbox.appEndpoint.id);
  assert.equal(delivery.event_type, 'payment_link.paid');
  assert.equal(delivery.link_id, link.id);
  assert.equal(delivery.attempts.length, 1);
  assert.equal(delivery.attempts[0]?.response?.status, 204);
  assert.equal(delivery.attempts[0]?.signature_verified, true);
  assert.deepEqual(verdictFor(link.id), [{ type: 'payment_link.paid', linkId: link.id, verified: true }]);
});

test('bad_signature reaches the receiver as a bad signature while the inbox still verifies', async (t) => {
  const changed = await sandbox.setWebhookFaults({ bad_signature: true });
  t.after(() => sandbox.setWebhookFaults({ bad_signature: false }));
  assert.equal(changed.faults?.bad_signature, true);
  const link = await sandbox.createLink({ amount: 10_000, title: 'Bad signature' });
  await sandbox.simulate(link.id, 'failed');

  const delivery = await sandbox.waitForDelivery({ type: 'payment_link.failed', linkId: link.id });
  assert.equal(delivery.attempts[0]?.response?.status, 400, 'the receiver refused it');
  assert.equal(delivery.attempts[0]?.signature_verified, false);
  assert.equal(delivery.status, 'retrying');
  assert.deepEqual(verdictFor(link.id), [{ type: 'payment_link.failed', linkId: link.id, verified: false }]);

  const inboxCopy = await sandbox.nextWebhook({ type: 'payment_link.failed', linkId: link.id });
  assert.equal(inboxCopy.verified, true, "the inbox's copy is signed as ever");
});

test('a fault set with setWebhookFaults applies to the endpoint: duplicate sends the event twice', async (t) => {
  await sandbox.setWebhookFaults({ duplicate: true });
  t.after(() => sandbox.setWebhookFaults({ duplicate: false }));
  const link = await sandbox.createLink({ amount: 10_000, title: 'Twice' });
  await sandbox.simulate(link.id, 'paid');
  await sandbox.waitForDelivery({ linkId: link.id, final: true });
  const all = await sandbox.request<{ data: { duplicate?: boolean; status: string }[] }>(
    'GET',
    `/sandbox/deliveries?endpoint=${sandbox.appEndpoint.id}&link=${link.id}&wait=5`,
  );
  assert.equal(all.body.data.length, 2);
});

test('waitForDelivery finds a delivery that came before the call, whatever the case of the link id', async () => {
  const link = await sandbox.createLink({ amount: 10_000, title: 'Early' });
  await sandbox.request('POST', `/payment-links/${link.id}/cancel`);
  const first = await sandbox.waitForDelivery({ linkId: link.id });
  const again = await sandbox.waitForDelivery({ linkId: link.id.toUpperCase(), timeoutMs: 0 });
  assert.equal(again.id, first.id);
  assert.equal(again.event_type, 'payment_link.canceled');
  assert.equal(again.status, 'delivered');
});

test('final: true waits past a refused first attempt until a retry delivers it', async () => {
  await sandbox.setWebhookFaults({ bad_signature: true });
  const link = await sandbox.createLink({ amount: 10_000, title: 'Retried' });
  await sandbox.simulate(link.id, 'paid');
  const first = await sandbox.waitForDelivery({ linkId: link.id });
  assert.equal(first.status, 'retrying');
  await assert.rejects(
    sandbox.waitForDelivery({ linkId: link.id, final: true, timeoutMs: 300 }),
    /was final within 300 ms \(deliveries to it: .*payment_link\.paid \S+ retrying \(1 attempt, last HTTP 400\)/,
  );
  await sandbox.setWebhookFaults({ bad_signature: false });
  const waiting = sandbox.waitForDelivery({ linkId: link.id, final: true });
  await sandbox.clock.advance({ seconds: 3600 });
  const final = await waiting;
  assert.equal(final.status, 'delivered');
  assert.equal(final.attempts.length, 2);
  assert.deepEqual(
    final.attempts.map((a) => [a.response?.status, a.signature_verified]),
    [
      [400, false],
      [204, true],
    ],
  );
});

test('on timeout, waitForDelivery says what it waited for and lists what did reach the endpoint', async () => {
  const link = await sandbox.createLink({ amount: 10_000, title: 'Never expires here' });
  await sandbox.simulate(link.id, 'paid');
  await sandbox.waitForDelivery({ linkId: link.id });
  await assert.rejects(
    sandbox.waitForDelivery({ type: 'payment_link.expired', linkId: link.id, timeoutMs: 200 }),
    (err: Error) => {
      assert.match(
        err.message,
        /No delivery to your endpoint matching .*payment_link\.expired.* within 200 ms/,
      );
      assert.match(
        err.message,
        new RegExp(`payment_link\\.paid ${link.id} delivered \\(1 attempt, last HTTP 204\\)`),
      );
      return true;
    },
  );
});

test('bad faults and bad waits are refused with what is allowed', async () => {
  await assert.rejects(
    sandbox.setWebhookFaults({ bad_signatur: true } as never),
    /setWebhookFaults: Unknown parameter faults\.bad_signatur\. Allowed: duplicate, delay_seconds, shuffle, bad_signature/,
  );
  await assert.rejects(
    sandbox.setWebhookFaults({ delay_seconds: -5 }),
    /faults\.delay_seconds must be a whole number of seconds from 0 to 86400/,
  );
  await assert.rejects(
    sandbox.waitForDelivery({ type: 'paid' as never }),
    /type "paid" is not a webhook event type; use one of payment_link\.paid, payment_link\.failed/,
  );
  await assert.rejects(
    sandbox.waitForDelivery({ link: 'x' } as never),
    /waitForDelivery does not take link; it takes type, linkId, timeoutMs, final/,
  );
  await assert.rejects(
    sandbox.waitForDelivery({ timeoutMs: -1 }),
    /timeoutMs must be a number of milliseconds/,
  );
  const now = await sandbox.setWebhookFaults({});
  assert.equal(now.faults, undefined, 'a refused change left the endpoint without faults, as it was');
});

test('startTestSandbox refuses a webhookUrl it cannot use before starting, and the helpers need one', async () => {
  await assert.rejects(
    startTestSandbox({ webhookUrl: 'ftp://example.com/hooks' }),
    /only http:\/\/ and https:\/\//,
  );
  await assert.rejects(
    startTestSandbox({ webhookUrl: receiver.url, webhookSecret: 'secret' }),
    /webhookSecret must be whsec_ followed by at least 16 characters of base64/,
  );
  await assert.rejects(
    startTestSandbox({ webhookUrl: receiver.url, webhookEndpoints: [{ url: receiver.url }] }),
    /is both webhookUrl and one of webhookEndpoints; name it once/,
  );
  const plain = await startTestSandbox();
  try {
    assert.equal(plain.appEndpoint, null);
    await assert.rejects(
      plain.waitForDelivery(),
      /start the sandbox with startTestSandbox\(\{ webhookUrl \}\)/,
    );
    await assert.rejects(
      plain.setWebhookFaults({ duplicate: true }),
      /setWebhookFaults acts on your own endpoint/,
    );
  } finally {
    await plain.close();
  }
});

test('a fixed webhookSecret signs the webhooks, beside other webhookEndpoints', async () => {
  const other = await WebhookReceiver.start();
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const fixed = await startTestSandbox({
    webhookUrl: receiver.url,
    webhookSecret: secret,
    webhookEndpoints: [{ url: other.url }],
  });
  try {
    assert.equal(fixed.appEndpoint.secret, secret);
    const link = await fixed.createLink({ amount: 10_000, title: 'Fixed secret' });
    await fixed.simulate(link.id, 'paid');
    const delivery = await fixed.waitForDelivery({ linkId: link.id });
    assert.equal(delivery.endpoint_id, fixed.appEndpoint.id);
    assert.equal(delivery.attempts[0]?.signature_verified, true);
    const sent = receiver.requests.find((r) => r.json?.data?.id === link.id);
    assert.ok(sent && verifies(sent, secret), 'the receiver got it signed with the fixed secret');
    await other.waitForRequests(1, 'the other endpoint', (r) => r.json?.data?.id === link.id);
  } finally {
    await fixed.close();
    await other.stop();
  }
});
