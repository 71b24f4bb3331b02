// "Send a test event" from the console: a signed event for a sample link, to one endpoint only,
// delivered and recorded like any other, marked as a test. Real sandbox, real receiver.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { eventually, fileSandbox } from './harness';
import { fileReceiver } from './receiverSandbox';

const receiver = fileReceiver();
const sandbox = fileSandbox();

async function addEndpoint(path: string, extra: Record<string, unknown> = {}) {
  const res = await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}${path}`, ...extra });
  assert.equal(res.status, 201);
  return res.body.data;
}

const deliveredDetail = (id: string) =>
  eventually(async () => {
    const detail = (await sandbox.consoleApi('GET', `/deliveries/${id}`)).body.data;
    return detail.status === 'delivered' ? detail : undefined;
  }, `delivery ${id} delivered`);

describe('test events (console)', () => {
  test('a bodiless send is a signed payment_link.paid to that endpoint only, recorded as a test', async () => {
    const target = await addEndpoint('/target');
    const bystander = await addEndpoint('/bystander');
    const sent = await sandbox.consoleApi('POST', `/endpoints/${target.id}/test`);
    assert.equal(sent.status, 201);
    const delivery = sent.body.data;
    assert.equal(delivery.test, true);
    assert.equal(delivery.endpoint_id, target.id);
    assert.equal(delivery.event_type, 'payment_link.paid');

    const [request] = await receiver.waitForRequests(
      1,
      'the test event',
      (r) => r.headers['webhook-id'] === delivery.event_id,
    );
    assert.ok(request);
    assert.equal(request.path, '/webhooks/target');
    // The receiver's own verifier accepts it, as it would a real event.
    const verified = new Webhook(target.secret).verify(request.body, request.headers) as any;
    assert.equal(verified.type, 'payment_link.paid');
    assert.deepEqual(Object.keys(verified).sort(), ['data', 'id', 'timestamp', 'type']);
    assert.equal(verified.data.status, 'succeeded');
    assert.equal(verified.data.reference_id, 'sandbox_test_event');
    assert.equal(verified.data.payment_method, 'card');
    assert.ok(verified.data.paid_at);

    const detail = await deliveredDetail(delivery.id);
    assert.equal(detail.test, true);
    assert.equal(detail.attempts[0].signature_verified, true);
    const history = await sandbox.consoleApi('GET', `/deliveries?endpoint_id=${target.id}`);
    assert.equal(history.body.pagination.total, 1);
    assert.equal(history.body.data[0].test, true);

    // Nobody else heard of it, and its sample link is not in the store.
    assert.equal(receiver.requests.filter((r) => r.path === '/webhooks/bystander').length, 0);
    assert.equal(
      (await sandbox.consoleApi('GET', `/deliveries?endpoint_id=${bystander.id}`)).body.pagination.total,
      0,
    );
    assert.equal((await sandbox.api('GET', `/payment-links/${verified.data.id}`)).status, 404);
  });

  test('the chosen type is sent even when the endpoint filter leaves it out', async () => {
    const endpoint = await addEndpoint('/paid-only', { event_types: ['payment_link.paid'] });
    const sent = await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/test`, {
      event_type: 'payment_link.canceled',
    });
    assert.equal(sent.status, 201);
    const detail = await deliveredDetail(sent.body.data.id);
    const body = JSON.parse(detail.attempts[0].request.body);
    assert.equal(body.type, 'payment_link.canceled');
    assert.equal(body.data.status, 'canceled');
    assert.equal(body.data.paid_at, null);
  });

  test('bad input gets a clear error: unknown type, unknown field, disabled or unknown endpoint', async () => {
    const endpoint = await addEndpoint('/errors');
    const badType = await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/test`, {
      event_type: 'payment_link.refunded',
    });
    assert.equal(badType.status, 400);
    assert.equal(badType.body.error.param, 'event_type');
    assert.match(badType.body.error.message, /payment_link\.paid, payment_link\.failed/);

    const unknown = await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/test`, { type: 'x' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');

    await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { enabled: false });
    const disabled = await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/test`);
    assert.equal(disabled.status, 409);
    assert.equal(disabled.body.error.code, 'invalid_state_transition');
    assert.match(disabled.body.error.message, /enable it/);

    const missing = await sandbox.consoleApi('POST', '/endpoints/we_nosuchendpoint/test');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'resource_not_found');
  });
});
