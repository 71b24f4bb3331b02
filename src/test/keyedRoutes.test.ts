// The keyed routes for code in any language (docs/keyed-api.md): endpoints with their secrets,
// deliveries with filters and a long-poll, resend, and the log of API requests and webhook
// attempts, read once or followed live. Real sandbox, real receiver, real HTTP on 127.0.0.1; every
// JSON answer is checked against the served OpenAPI document.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { openEventStream } from './eventStreamClient';
import {
  createLink,
  eventually,
  startTestSandbox,
  TEST_SECRET as SECRET,
  simulate,
  fileSandbox,
} from './harness';
import { assertLogEntry } from './logEntryCheck';
import { openApiDocument } from './openApiCheck';
import { fileReceiver } from './receiverSandbox';

const sandbox = fileSandbox();
const receiver = fileReceiver();

const addEndpoint = async (body: Record<string, unknown>) => {
  const res = await sandbox.api('POST', '/sandbox/endpoints', { body });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { id: string; secret: string; url: string };
};
const removeEndpoint = (id: string) => sandbox.api('DELETE', `/sandbox/endpoints/${id}`);

describe('webhook endpoints behind the API key', () => {
  test('create with a fixed secret, read, list, change and delete, the secret shown each time', async () => {
    const created = await addEndpoint({
      url: receiver.url,
      secret: SECRET,
      event_types: ['payment_link.paid'],
    });
    assert.equal(created.secret, SECRET);
    const read = await sandbox.api('GET', `/sandbox/endpoints/${created.id}`);
    assert.equal(read.body.data.secret, SECRET);
    const list = await sandbox.api('GET', '/sandbox/endpoints');
    assert.deepEqual(
      list.body.data.map((e: { id: string; secret: string }) => [e.id, e.secret]),
      [[created.id, SECRET]],
    );
    const changed = await sandbox.api('PATCH', `/sandbox/endpoints/${created.id}`, {
      body: { enabled: false, description: 'paused by a test' },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.enabled, false);
    assert.equal(changed.body.data.secret, SECRET);
    const removed = await removeEndpoint(created.id);
    assert.deepEqual(removed.body.data, { id: created.id, deleted: true });
    assert.equal((await sandbox.api('GET', `/sandbox/endpoints/${created.id}`)).status, 404);
    assert.equal((await removeEndpoint(created.id)).body.error.code, 'resource_not_found');
  });

  test("PATCH with a secret rotates to it, with the overlap the console's rotate gives", async () => {
    const NEXT = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
    const endpoint = await addEndpoint({ url: receiver.url, secret: SECRET });
    const before = Date.now();
    const changed = await sandbox.api('PATCH', `/sandbox/endpoints/${endpoint.id}`, {
      body: { secret: NEXT },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.secret, NEXT);
    const [previous] = changed.body.data.previous_secrets;
    assert.equal(previous.secret, SECRET);
    const overlap = Date.parse(previous.expires_at) - before;
    // The console's rotate, on another endpoint: the same window, as one rule makes both.
    const other = await addEndpoint({ url: receiver.url });
    const rotated = (await sandbox.consoleApi('POST', `/endpoints/${other.id}/rotate-secret`)).body.data;
    const consoleOverlap = Date.parse(rotated.previous_secrets[0].expires_at) - before;
    assert.ok(
      Math.abs(overlap - consoleOverlap) < 5_000,
      `${overlap} ms against the console's ${consoleOverlap} ms`,
    );
    assert.ok(overlap > 23 * 3600_000, `the old secret signs only ${overlap} ms`);
    await removeEndpoint(other.id);

    // Both sign the next delivery: a receiver still on the old secret and one on the new both verify.
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    const [request] = await receiver.waitForRequests(
      1,
      'the paid webhook',
      (r) => r.json?.data?.id === link.id,
    );
    for (const secret of [SECRET, NEXT])
      assert.doesNotThrow(() => new Webhook(secret).verify(request!.body, request!.headers), secret);

    const again = await sandbox.api('PATCH', `/sandbox/endpoints/${endpoint.id}`, { body: { secret: NEXT } });
    assert.deepEqual(
      again.body.data.previous_secrets,
      changed.body.data.previous_secrets,
      'the same secret is no rotation',
    );
    const bad = await sandbox.api('PATCH', `/sandbox/endpoints/${endpoint.id}`, {
      body: { secret: 'hunter2' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'secret');
    assert.match(bad.body.error.message, /whsec_/);
    const doc: any = await openApiDocument(sandbox.origin);
    const body = doc.paths['/sandbox/endpoints/{id}'].patch.requestBody.content['application/json'].schema;
    const patch = body.$ref ? doc.components.schemas[body.$ref.split('/').at(-1)] : body;
    assert.match(patch.properties.secret.description, /rotation/);
    await removeEndpoint(endpoint.id);
  });

  test('a secret that is not whsec_ base64, a missing key and an unknown parameter are refused', async () => {
    const bad = await sandbox.api('POST', '/sandbox/endpoints', {
      body: { url: receiver.url, secret: 'hunter2' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'secret');
    assert.match(bad.body.error.message, /whsec_/);
    const keyless = await sandbox.api('GET', '/sandbox/endpoints', { key: null });
    assert.equal(keyless.status, 401);
    const unknown = await sandbox.api('GET', '/sandbox/endpoints?expand=secret');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'parameter_unknown');
    assert.equal(
      (await sandbox.api('GET', '/sandbox/deliveries?endpoint_id=x')).body.error.param,
      'endpoint_id',
    );
  });
});

describe('an endpoint’s own headers', () => {
  test('headers go with every delivery and are in its record; a PATCH replaces them, {} removes them; one the sandbox sets is refused', async () => {
    const created = await addEndpoint({
      url: receiver.url,
      secret: SECRET,
      headers: { 'X-Team': 'payments' },
    });
    assert.deepEqual((created as unknown as { headers: unknown }).headers, { 'x-team': 'payments' });
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    const [request] = await receiver.waitForRequests(1, 'the delivery', (r) => r.json?.data?.id === link.id);
    assert.equal(request?.headers['x-team'], 'payments');
    assert.doesNotThrow(() => new Webhook(SECRET).verify(request!.body, request!.headers));
    const [listed] = (
      await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`)
    ).body.data;
    const detail = await sandbox.api('GET', `/sandbox/deliveries/${listed.id}`);
    assert.equal(detail.body.data.attempts[0].request.headers['x-team'], 'payments');

    const replaced = await sandbox.api('PATCH', `/sandbox/endpoints/${created.id}`, {
      body: { headers: { 'X-Env': 'ci' } },
    });
    assert.deepEqual(replaced.body.data.headers, { 'x-env': 'ci' });
    const kept = await sandbox.api('PATCH', `/sandbox/endpoints/${created.id}`, { body: { enabled: true } });
    assert.deepEqual(kept.body.data.headers, { 'x-env': 'ci' }, 'a PATCH without headers keeps them');
    const removed = await sandbox.api('PATCH', `/sandbox/endpoints/${created.id}`, { body: { headers: {} } });
    assert.equal(removed.body.data.headers, undefined);

    for (const [headers, param] of [
      [{ 'Webhook-Signature': 'v1,forged' }, 'headers.Webhook-Signature'],
      [{ 'X-A': 'line\nbreak' }, 'headers.X-A'],
      [{ 'bad name': 'x' }, 'headers.bad name'],
    ] as const) {
      const refused = await sandbox.api('POST', '/sandbox/endpoints', {
        body: { url: receiver.url, headers },
      });
      assert.equal(refused.status, 400, refused.text);
      assert.deepEqual([refused.body.error.code, refused.body.error.param], ['parameter_invalid', param]);
    }
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`x-${i}`, 'v']));
    const tooMany = await sandbox.api('POST', '/sandbox/endpoints', {
      body: { url: receiver.url, headers: many },
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error.param, 'headers');
    await removeEndpoint(created.id);
  });
});

describe('deliveries: filters, a long-poll, resend', () => {
  test('wait= answers once the first matching delivery exists, signed with the fixed secret', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, secret: SECRET });
    const link = await createLink(sandbox);
    const waiting = sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&type=payment_link.paid&wait=30`);
    // Nothing matches until the link is paid: the answer can only hold the delivery the simulate makes.
    await simulate(sandbox, link.id);
    const answer = await waiting;
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.length, 1);
    assert.equal(answer.body.data[0].link_id, link.id);
    assert.equal(answer.body.data[0].endpoint_id, endpoint.id);
    const [request] = await receiver.waitForRequests(
      1,
      'the paid webhook',
      (r) => r.json?.data?.id === link.id,
    );
    assert.doesNotThrow(() => new Webhook(SECRET).verify(request!.body, request!.headers));
    await removeEndpoint(endpoint.id);
  });

  test('one delivery reads with every attempt: what was sent, what came back, whether the signature holds', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, secret: SECRET });
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    const listed = await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const id = listed.body.data[0].id as string;
    const read = await sandbox.api('GET', `/sandbox/deliveries/${id}`);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.id, id);
    assert.equal(read.body.data.status, 'delivered');
    const [attempt] = read.body.data.attempts;
    assert.equal(attempt.response.status, 200);
    assert.equal(attempt.signature_verified, true);
    assert.equal(JSON.parse(attempt.request.body).data.id, link.id);
    const unknown = await sandbox.api('GET', '/sandbox/deliveries/dlv_000000000000000000000000');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'resource_not_found');
    await removeEndpoint(endpoint.id);
  });

  test('each filter narrows the list, and a wait with nothing to find answers an empty list', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const paid = await createLink(sandbox);
    const failed = await createLink(sandbox);
    await simulate(sandbox, paid.id, 'paid');
    await simulate(sandbox, failed.id, 'failed');
    const delivered = await sandbox.api(
      'GET',
      `/sandbox/deliveries?endpoint=${endpoint.id}&type=payment_link.failed&status=delivered&wait=30`,
    );
    assert.deepEqual(
      delivered.body.data.map((d: { link_id: string }) => d.link_id),
      [failed.id],
    );
    const byLink = await sandbox.api('GET', `/sandbox/deliveries?link=${paid.id}`);
    assert.deepEqual(
      byLink.body.data.map((d: { event_type: string }) => d.event_type),
      ['payment_link.paid'],
    );
    const none = await sandbox.api(
      'GET',
      `/sandbox/deliveries?link=${paid.id}&type=payment_link.expired&wait=1`,
    );
    assert.equal(none.status, 200);
    assert.deepEqual(none.body.data, []);
    const tooLong = await sandbox.api('GET', '/sandbox/deliveries?wait=61');
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.error.message, /60/);
    await removeEndpoint(endpoint.id);
  });

  test("a resend waits the retry schedule's first delay, as a first delivery does", async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    const first = await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const delivery = first.body.data[0];
    const schedule = sandbox.core.settings.webhook_retry_schedule_seconds;
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [3600, ...schedule.slice(1)] });
    try {
      const sent = receiver.requestsFor(delivery.event_id).length;
      const resent = await sandbox.api('POST', `/sandbox/deliveries/${delivery.id}/resend`);
      assert.equal(resent.status, 200, resent.text);
      const waits = Date.parse(resent.body.data.next_attempt_at) - Date.parse(resent.body.data.updated_at);
      assert.equal(waits, 3600_000, 'the resend is due an hour later, as schedule[0] says');
      const byEvent = await sandbox.api('POST', `/sandbox/events/${delivery.event_id}/resend`);
      const again = byEvent.body.data[0];
      assert.equal(Date.parse(again.next_attempt_at) - Date.parse(again.updated_at), 3600_000);
      assert.equal(receiver.requestsFor(delivery.event_id).length, sent, 'nothing sent before its time');
    } finally {
      await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: schedule });
      await removeEndpoint(endpoint.id);
    }
  });

  test('resending a delivery, or an event, sends the same webhook-id again', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    const first = await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const delivery = first.body.data[0];
    const resent = await sandbox.api('POST', `/sandbox/deliveries/${delivery.id}/resend`);
    assert.equal(resent.status, 200);
    assert.equal(resent.body.data.id, delivery.id);
    assert.equal(resent.body.data.series, 2);
    await receiver.waitForRequests(2, 'the resend', (r) => r.headers['webhook-id'] === delivery.event_id);
    const byEvent = await sandbox.api('POST', `/sandbox/events/${delivery.event_id}/resend`);
    assert.deepEqual(
      byEvent.body.data.map((d: { id: string }) => d.id),
      [delivery.id],
    );
    await receiver.waitForRequests(
      3,
      'the event resend',
      (r) => r.headers['webhook-id'] === delivery.event_id,
    );
    const unknown = await sandbox.api('POST', '/sandbox/events/evt_00000000000000000000000000000000/resend');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error.message, /evt_0+/);
    await removeEndpoint(endpoint.id);
  });
});

describe('webhook events', () => {
  test('GET /sandbox/events lists what a link sent, newest first, filtered by link and type, each as its deliveries send it', async () => {
    const quiet = await createLink(sandbox);
    await simulate(sandbox, quiet.id, 'failed');
    const canceled = await sandbox.api('POST', `/payment-links/${quiet.id}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
    // No endpoint wanted them: they are recorded all the same.
    const both = await sandbox.api('GET', `/sandbox/events?link=${quiet.id}`);
    assert.equal(both.status, 200, both.text);
    assert.deepEqual(
      both.body.data.map((e: { type: string }) => e.type),
      ['payment_link.canceled', 'payment_link.failed'],
    );
    assert.deepEqual(both.body.pagination, { current_page: 1, per_page: 25, total: 2, last_page: 1 });
    assert.deepEqual(both.body.data[0].data, canceled.body.data);
    const failed = await sandbox.api('GET', `/sandbox/events?link=${quiet.id}&type=payment_link.failed`);
    assert.deepEqual(
      failed.body.data.map((e: { id: string }) => e.id),
      [both.body.data[1].id],
    );

    const endpoint = await addEndpoint({ url: receiver.url });
    const paid = await createLink(sandbox);
    await simulate(sandbox, paid.id);
    const [event] = (await sandbox.api('GET', `/sandbox/events?link=${paid.id}&type=payment_link.paid`)).body
      .data;
    const [request] = await receiver.waitForRequests(
      1,
      'the paid event',
      (r) => r.headers['webhook-id'] === event.id,
    );
    assert.equal(request?.body, JSON.stringify(event), 'the delivery’s body, byte for byte');
    await removeEndpoint(endpoint.id);

    const paged = await sandbox.api('GET', '/sandbox/events?per_page=1&page=2');
    assert.equal(paged.body.data.length, 1);
    const bad = await sandbox.api('GET', '/sandbox/events?type=paid');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'type');
  });
});

describe('the log of API requests and webhook attempts', () => {
  test('both entry types in the fixed shape, newest first; since= gives only what came after', async () => {
    const endpoint = await addEndpoint({ url: receiver.url });
    const start = await sandbox.api('GET', '/sandbox/logs');
    const link = await createLink(sandbox);
    await simulate(sandbox, link.id);
    await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const later = await eventually(async () => {
      const res = await sandbox.api('GET', `/sandbox/logs?since=${start.body.cursor}`);
      return res.body.data.some((e: { type: string }) => e.type === 'webhook_attempt') ? res : undefined;
    }, 'the webhook attempt in the log');
    for (const entry of later.body.data) assertLogEntry(entry);
    const create = later.body.data.find((e: { path: string }) => e.path === '/payment-links');
    assert.equal(create.type, 'api_request');
    assert.equal(create.method, 'POST');
    assert.equal(create.status, 201);
    assert.equal(create.link_id, link.id);
    assert.equal(JSON.parse(create.response_body).data.id, link.id);
    const attempt = later.body.data.find((e: { type: string }) => e.type === 'webhook_attempt');
    assert.deepEqual(
      [attempt.link_id, attempt.endpoint_id, attempt.url, attempt.attempt, attempt.status, attempt.error],
      [link.id, endpoint.id, receiver.url, 1, 200, null],
    );
    // Newest first: the attempt came after the create that led to it.
    assert.ok(later.body.data.indexOf(attempt) < later.body.data.indexOf(create));
    assert.equal(
      start.body.data.some((e: { link_id?: string }) => e.link_id === link.id),
      false,
    );

    const nothingNew = await sandbox.api('GET', `/sandbox/logs?since=${later.body.cursor}`);
    // Only the read of the log itself came after.
    assert.deepEqual(
      nothingNew.body.data.map((e: { path: string }) => e.path),
      [`/sandbox/logs?since=${start.body.cursor}`],
    );
    const bad = await sandbox.api('GET', '/sandbox/logs?since=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'since');
    await removeEndpoint(endpoint.id);
  });

  test('with a data folder, bodies are read back from the request log, and an entry it has let go of shows none', async () => {
    const own = await startTestSandbox();
    try {
      assert.equal((await own.consoleApi('PATCH', '/settings', { request_log_mb: 1 })).status, 200);
      const link = await createLink(own);
      const logged = await own.api('GET', '/sandbox/logs');
      const create = logged.body.data.find(
        (e: { link_id?: string; method: string }) => e.link_id === link.id && e.method === 'POST',
      );
      assert.equal(
        JSON.parse(create.response_body).data.id,
        link.id,
        'the answer, read back from requests.jsonl',
      );
      assert.equal(JSON.parse(create.request_body).amount, link.amount);

      // Another create, not read yet; then 2 MiB of refused creates: the request log (1 MiB) lets it
      // go, and the log still lists it.
      const unread = await createLink(own);
      const big = JSON.stringify({ amount: 100, title: 't'.repeat(60_000) });
      for (let i = 0; i < 35; i++)
        assert.equal(
          (
            await own.api('POST', '/payment-links', {
              raw: big,
              headers: { 'content-type': 'application/json' },
            })
          ).status,
          400,
        );
      const later = await own.api('GET', '/sandbox/logs?limit=1000');
      const gone = later.body.data.find(
        (e: { link_id?: string; method: string }) => e.link_id === unread.id && e.method === 'POST',
      );
      assert.deepEqual(
        [gone.path, gone.status, gone.request_body, gone.response_body],
        ['/payment-links', 201, null, null],
        'listed, without the bodies the request log no longer holds',
      );
      assertLogEntry(gone);
      const newest = later.body.data.find((e: { method: string }) => e.method === 'POST');
      assert.equal(newest.request_body.length, big.length, 'the newest keep theirs');
    } finally {
      await own.stop();
    }
  });

  test('with Accept: text/event-stream the log is followed live, and the stream ends on shutdown', async () => {
    const own = await startTestSandbox({ inMemory: true });
    const stream = await openEventStream(own.origin, {
      path: '/sandbox/logs',
      headers: { authorization: 'Bearer sk_test_harness', accept: 'text/event-stream' },
    });
    const waiting = own.api('GET', '/sandbox/deliveries?wait=60');
    try {
      assert.equal(stream.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      const link = await createLink(own);
      const seen = await eventually(
        async () => stream.seen.find((e) => e.data.link_id === link.id),
        'the create in the stream',
      );
      assert.equal(seen.type, 'api_request');
      assertLogEntry(seen.data);
      assert.match(seen.id ?? '', /^log_[0-9a-f]{8}_\d+$/);
    } finally {
      // Both would hold the close for a minute if shutdown did not end them.
      await own.stop();
    }
    assert.deepEqual((await waiting).body.data, []);
    await stream.close();
  });
});
