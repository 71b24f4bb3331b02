import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, rawRequest, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';

let sandbox: TestSandbox;
let receiver: Server;
let receiverUrl: string;

before(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  sandbox = await startTestSandbox({ inMemory: true });
});
after(async () => {
  await sandbox.stop();
  receiver.close();
});

/** The console calls the API as its own page does: no API key, same origin. */
describe('settings', () => {
  test('read, change one fee field, and refuse a bad value with what is allowed', async () => {
    const before = (await sandbox.consoleApi('GET', '/settings')).body.data;
    assert.equal(before.link_lifetime_seconds, 86_400);
    const changed = await sandbox.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 1.5 } });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.fees.transaction_percent, 1.5);
    assert.equal(changed.body.data.fees.paid_by, before.fees.paid_by);
    const link = await createLink(sandbox, { amount: 10_000 });
    assert.equal(link.fee.transaction, 150);
    const bad = await sandbox.consoleApi('PATCH', '/settings', { link_lifetime_seconds: 5 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'link_lifetime_seconds');
    await sandbox.consoleApi('PATCH', '/settings', { fees: before.fees });
  });
});

describe('endpoints', () => {
  test('add, read, change, rotate the secret, delete', async () => {
    const created = await sandbox.consoleApi('POST', '/endpoints', { url: receiverUrl, description: 'QA' });
    assert.equal(created.status, 201);
    const endpoint = created.body.data;
    assert.match(endpoint.secret, /^whsec_/);
    assert.equal(endpoint.event_types.length, 4);
    const changed = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, {
      event_types: ['payment_link.paid'],
    });
    assert.deepEqual(changed.body.data.event_types, ['payment_link.paid']);
    const rotated = (await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/rotate-secret`)).body.data;
    assert.notEqual(rotated.secret, endpoint.secret);
    assert.equal(rotated.previous_secrets[0].secret, endpoint.secret);
    assert.equal((await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`)).status, 200);
    const gone = await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'resource_not_found');
  });

  test('a URL that cannot receive webhooks is refused, saying why', async () => {
    const res = await sandbox.consoleApi('POST', '/endpoints', { url: 'ftp://files.example/x' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.param, 'url');
    assert.match(res.body.error.message, /http:\/\/ and https:\/\//);
  });
});

describe('deliveries and the queue', () => {
  test('pause holds deliveries visibly; retry, delete and resume act on them; history clears', async () => {
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: receiverUrl })).body.data;
    try {
      assert.equal((await sandbox.consoleApi('POST', '/queue/pause')).body.data.paused, true);
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
      const listed = await sandbox.consoleApi('GET', `/deliveries?link_id=${link.id}`);
      assert.equal(listed.body.pagination.total, 1);
      const row = listed.body.data[0];
      assert.equal(row.status, 'paused');
      assert.equal(row.event_type, 'payment_link.paid');
      assert.equal(row.attempt_count, 0);
      assert.equal((await sandbox.consoleApi('GET', '/queue')).body.data.waiting >= 1, true);
      assert.equal((await sandbox.consoleApi('POST', `/deliveries/${row.id}/retry`)).status, 200);

      const second = await createLink(sandbox);
      await sandbox.api('POST', `/payment-links/${second.id}/cancel`);
      const doomed = (await sandbox.consoleApi('GET', `/deliveries?link_id=${second.id}`)).body.data[0];
      assert.equal((await sandbox.consoleApi('DELETE', `/deliveries/${doomed.id}`)).status, 200);
      assert.equal((await sandbox.consoleApi('GET', `/deliveries/${doomed.id}`)).status, 404);

      await sandbox.consoleApi('POST', '/queue/resume');
      const delivered = await eventually(async () => {
        const d = (await sandbox.consoleApi('GET', `/deliveries/${row.id}`)).body.data;
        return d.status === 'delivered' ? d : undefined;
      }, 'the delivery after resume');
      assert.equal(delivered.attempts.length, 1);
      assert.equal(delivered.attempts[0].response.status, 200);
      assert.equal(delivered.attempts[0].request.headers['webhook-id'], delivered.event_id);
      assert.equal(delivered.attempts[0].signature_verified, true);

      const resent = await sandbox.consoleApi('POST', `/deliveries/${row.id}/resend`);
      assert.equal(resent.body.data.series, 2);
      await eventually(async () => {
        const d = (await sandbox.consoleApi('GET', `/deliveries/${row.id}`)).body.data;
        return d.status === 'delivered' && d.attempts.length === 2 ? d : undefined;
      }, 'the resend');
      const cleared = await sandbox.consoleApi('DELETE', '/deliveries');
      assert.ok(cleared.body.data.deleted >= 1);
      assert.equal((await sandbox.consoleApi('GET', `/deliveries/${row.id}`)).status, 404);
    } finally {
      await sandbox.consoleApi('POST', '/queue/resume');
      await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
    }
  });

  test('retry on a delivered delivery is a 409 that says what to do instead', async () => {
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: receiverUrl })).body.data;
    try {
      const link = await createLink(sandbox);
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
      const d = await eventually(async () => {
        const row = (await sandbox.consoleApi('GET', `/deliveries?link_id=${link.id}`)).body.data[0];
        return row?.status === 'delivered' ? row : undefined;
      }, 'delivery');
      const res = await sandbox.consoleApi('POST', `/deliveries/${d.id}/retry`);
      assert.equal(res.status, 409);
      assert.match(res.body.error.message, /resend/);
    } finally {
      await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
    }
  });
});

describe('security (docs/contract.md §10)', () => {
  test('a foreign Host is refused; a cross-origin change is refused; a same-origin one passes', async () => {
    const url = new URL(sandbox.origin);
    const foreign = await rawRequest(sandbox.origin, {
      path: '/_console/api/settings',
      headers: { host: 'evil.example' },
    });
    assert.equal(foreign.status, 421);
    const cross = await sandbox.consoleApi('POST', '/queue/pause', undefined, {
      origin: 'https://evil.example',
    });
    assert.equal(cross.status, 403);
    assert.equal(cross.body.error.code, 'origin_not_allowed');
    assert.equal((await sandbox.consoleApi('GET', '/queue')).body.data.paused, false);
    const same = await sandbox.consoleApi('POST', '/queue/resume', undefined, {
      origin: `http://${url.host}`,
    });
    assert.equal(same.status, 200);
  });

  test('bound beyond loopback, the console API asks for the console token', async () => {
    const open = await startTestSandbox({ inMemory: true, host: '0.0.0.0' });
    try {
      const denied = await open.api('GET', '/_console/api/settings', { key: null });
      assert.equal(denied.status, 401);
      assert.equal(denied.body.error.code, 'console_token_required');
      const token = new URL(open.consoleUrl).searchParams.get('token');
      const allowed = await open.api('GET', `/_console/api/settings?token=${token}`, { key: null });
      assert.equal(allowed.status, 200);
    } finally {
      await open.stop();
    }
  });
});

describe('the event stream', () => {
  test('a client sees a create, a simulate and a delivery attempt within 200 ms of each', async () => {
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: receiverUrl })).body.data;
    const stream = await openEventStream(sandbox.origin);
    const { seen } = stream;
    assert.equal(stream.response.status, 200);
    assert.match(stream.response.headers.get('content-type') ?? '', /text\/event-stream/);
    try {
      const within = async (
        what: string,
        since: number,
        match: (e: { type: string; data: any }) => boolean,
      ) => {
        const event = await eventually(async () => seen.find(match), what);
        assert.ok(event.at - since <= 200, `${what} took ${(event.at - since).toFixed(0)} ms`);
      };
      let t = performance.now();
      const link = await createLink(sandbox);
      await within('link created', t, (e) => e.type === 'link.changed' && e.data.link.id === link.id);
      t = performance.now();
      await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
      await within('link paid', t, (e) => e.type === 'link.changed' && e.data.link.status === 'succeeded');
      await within(
        'delivery attempt',
        t,
        (e) =>
          e.type === 'delivery.changed' &&
          e.data.delivery.link_id === link.id &&
          e.data.delivery.attempts.length === 1,
      );
    } finally {
      await stream.close();
      await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
    }
  });
});
