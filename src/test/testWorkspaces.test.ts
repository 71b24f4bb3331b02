// sandbox.workspace(name) and connectTestSandbox() (docs/testing-your-app.md, "One workspace per
// worker"): clients bound to one workspace each, working at once against one sandbox, each seeing
// only its own links, webhooks, clock and faults. Real servers on ephemeral ports, real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  connectTestSandbox,
  startSandbox,
  startTestSandbox,
  type RunningSandbox,
  type TestSandbox,
  type TestWorkspace,
} from '../core';
import { WebhookReceiver } from './webhookReceiver';

const DAY = 86_400;

/** One worker's round: a link paid, one left to expire on its clock, a fault rule of its own. */
async function worker(client: TestWorkspace) {
  const paid = await client.createLink({ amount: 1_000, title: `paid in ${client.workspace}` });
  await client.simulate(paid.id, 'paid');
  const paidHook = await client.nextWebhook({ type: 'payment_link.paid', linkId: paid.id });
  assert.equal(paidHook.verified, true, `${client.workspace}: signed with its inbox endpoint's secret`);
  new Webhook(client.webhookEndpoint.secret).verify(paidHook.body, paidHook.headers);

  const pending = await client.createLink({ amount: 2_000, title: `left in ${client.workspace}` });
  const moved = await client.clock.advance({ seconds: 2 * DAY });
  assert.ok(moved.offset_seconds >= 2 * DAY - 1);
  await client.nextWebhook({ type: 'payment_link.expired', linkId: pending.id });

  await client.faults.add({
    match: { method: 'POST', path: '/payment-links' },
    action: { type: 'status', status: 503 },
  });
  await assert.rejects(client.createLink({ amount: 3_000, title: 'refused' }), /answered 503/);
  return { paid: paid.id, pending: pending.id };
}

/** Two workers at once, then what each sees: its own links, webhooks, clock and faults only. */
async function eachSeesItsOwn(a: TestWorkspace, b: TestWorkspace, untouched: TestWorkspace) {
  const [made, other] = await Promise.all([worker(a), worker(b)]);
  for (const [client, own] of [
    [a, made],
    [b, other],
  ] as const) {
    const hooks = await client.webhooks();
    assert.deepEqual(
      hooks.map((w) => `${w.type} ${w.data.id}`),
      [`payment_link.paid ${own.paid}`, `payment_link.expired ${own.pending}`],
      `${client.workspace} received its own webhooks only`,
    );
    const links = await client.request<{ data: { id: string }[] }>('GET', '/payment-links?per_page=100');
    assert.deepEqual(links.body.data.map((l) => l.id).sort(), [own.paid, own.pending].sort());
  }
  assert.notEqual(made.paid, other.paid);
  assert.equal((await a.request('GET', `/payment-links/${other.paid}`)).status, 404);

  // A third workspace of the same sandbox: its clock at real time, no rule, no webhook.
  const now = await untouched.clock.now();
  assert.ok(now.offset_seconds < 60, `${untouched.workspace}'s clock did not move (${now.offset_seconds} s)`);
  const link = await untouched.createLink({ amount: 4_000, title: 'not faulted' });
  assert.equal(link.status, 'pending');
  assert.deepEqual(await untouched.webhooks(), []);
  await a.faults.clear();
  assert.equal((await a.createLink({ amount: 5_000, title: 'after clear' })).status, 'pending');
}

describe('sandbox.workspace(name): workers of one test sandbox in one process', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  test('two workspaces at once each get only their own webhook, clock advance and faults', async () => {
    const [a, b, c] = await Promise.all(['alpha', 'Beta', 'gamma'].map((name) => sandbox.workspace(name)));
    assert.equal(b!.workspace, 'beta');
    assert.equal(b!.apiKey, 'sk_test_ws_beta');
    assert.equal(a!.baseUrl, sandbox.baseUrl);
    await eachSeesItsOwn(a!, b!, c!);
    // The sandbox itself is the workspace default, which saw none of it.
    assert.deepEqual(sandbox.webhooks(), []);
    const own = await sandbox.request<{ data: unknown[] }>('GET', '/payment-links');
    assert.deepEqual(own.body.data, []);
    assert.ok(sandbox.clock.now().offset_seconds < 60);
    await Promise.all([a!.close(), b!.close(), c!.close()]);
  });

  test('a name is taken once at a time; close() gives it back, and the next client starts it fresh', async () => {
    const first = await sandbox.workspace('delta');
    await first.createLink({ amount: 1_000, title: 'before' });
    await assert.rejects(sandbox.workspace('DELTA'), /"delta" is open already in this test sandbox/);
    await first.close();
    const second = await sandbox.workspace('delta');
    const links = await second.request<{ data: unknown[] }>('GET', '/payment-links');
    assert.deepEqual(links.body.data, [], 'fresh by default: the earlier run is gone');
    await second.close();
  });

  test('with webhookUrl, waitForDelivery and setWebhookFaults act on your endpoint in the workspace', async (t) => {
    const receiver = await WebhookReceiver.start({ plan: () => 204 });
    t.after(() => receiver.stop());
    const client = await sandbox.workspace('own_receiver', { webhookUrl: receiver.url });
    t.after(() => client.close());
    assert.equal(client.appEndpoint.url, receiver.url);
    const link = await client.createLink({ amount: 1_000, title: 'to your receiver' });
    await client.simulate(link.id, 'paid');
    const delivery = await client.waitForDelivery({ type: 'payment_link.paid', linkId: link.id });
    assert.equal(delivery.endpoint_id, client.appEndpoint.id);
    assert.equal(delivery.attempts[0]?.response?.status, 204);
    assert.equal(delivery.attempts[0]?.signature_verified, true);

    const faulted = await client.setWebhookFaults({ bad_signature: true });
    assert.equal(faulted.faults?.bad_signature, true);
    receiver.plan = (request) => {
      try {
        new Webhook(client.appEndpoint.secret).verify(request.body, request.headers);
        return 204;
      } catch {
        return 400;
      }
    };
    const refused = await client.createLink({ amount: 2_000, title: 'bad signature' });
    await client.simulate(refused.id, 'failed');
    const bad = await client.waitForDelivery({ linkId: refused.id });
    assert.equal(bad.attempts[0]?.response?.status, 400);
    assert.equal(bad.attempts[0]?.signature_verified, false);
    await assert.rejects(
      client.waitForDelivery({ type: 'payment_link.expired', timeoutMs: 200 }),
      /No delivery to your endpoint matching .*payment_link\.expired.* within 200 ms \(deliveries to it: .*payment_link\.paid/,
    );
    // The sandbox's own (default) workspace has no endpoint of yours.
    await assert.rejects(
      sandbox.waitForDelivery(),
      /start the sandbox with startTestSandbox\(\{ webhookUrl \}\)/,
    );
  });

  test('without webhookUrl, the helpers for your endpoint say how to give one', async () => {
    const client = await sandbox.workspace('no_receiver');
    await assert.rejects(
      client.waitForDelivery(),
      /open it with sandbox\.workspace\(name, \{ webhookUrl \}\)/,
    );
    await assert.rejects(client.setWebhookFaults({ duplicate: true }), /acts on your own endpoint/);
    await assert.rejects(client.checkEndpoint(), /give the URL to check/);
    await client.close();
  });
});

describe('connectTestSandbox(): workers against a sandbox started elsewhere', () => {
  let server: RunningSandbox;
  before(async () => {
    server = await startSandbox({ port: 0 });
  });
  after(() => server.close());

  test('two workspaces at once each get only their own webhook, clock advance and faults', async () => {
    const [a, b, c] = await Promise.all(
      ['one', 'two', 'three'].map((workspace) => connectTestSandbox({ baseUrl: server.origin, workspace })),
    );
    assert.equal(a!.webhookEndpoint.url.startsWith(`${server.origin}/_inbox/tests-`), true);
    await eachSeesItsOwn(a!, b!, c!);
    await Promise.all([a!.close(), b!.close(), c!.close()]);
    // Nothing reached the server's default workspace.
    assert.equal(server.core.data.counts().links, 0);
  });

  test('close() removes only its endpoints; close({ removeWorkspace: true }) the whole workspace', async () => {
    const kept = await connectTestSandbox({ baseUrl: server.origin, workspace: 'kept' });
    await kept.createLink({ amount: 1_000, title: 'kept for a look' });
    await kept.close();
    await kept.close(); // twice is once
    const workspace = server.workspaces.get('kept');
    assert.ok(workspace, 'the workspace stays');
    assert.equal(workspace.data.counts().links, 1);
    assert.deepEqual(workspace.endpoints.list(), [], 'its inbox endpoint is gone');

    const again = await connectTestSandbox({ baseUrl: server.origin, workspace: 'kept', fresh: false });
    assert.equal((await again.request<{ data: unknown[] }>('GET', '/payment-links')).body.data.length, 1);
    await again.close({ removeWorkspace: true });
    assert.equal(server.workspaces.get('kept'), undefined);
  });

  test('inboxBaseUrl is where the sandbox reaches its own inbox when the test reaches it by another URL', async () => {
    const { port } = new URL(server.origin);
    const client = await connectTestSandbox({
      baseUrl: `http://localhost:${port}`,
      inboxBaseUrl: server.origin,
      workspace: 'through_a_name',
    });
    assert.equal(client.webhookEndpoint.url.startsWith(`${server.origin}/_inbox/`), true);
    const link = await client.createLink({ amount: 1_000, title: 'by name' });
    await client.simulate(link.id, 'paid');
    assert.equal((await client.nextWebhook({ linkId: link.id })).verified, true);
    await client.close();
  });

  test('nothing listening, or a key the server does not accept, is said in one line', async () => {
    const gone = await startSandbox({ port: 0 });
    await gone.close();
    await assert.rejects(connectTestSandbox({ baseUrl: gone.origin, workspace: 'nobody' }), (err: Error) => {
      assert.equal(err.message, `connectTestSandbox: nothing listens at ${gone.origin} (connection refused)`);
      return true;
    });
    const strict = await startSandbox({ port: 0 });
    await strict.core.updateSettings({ api_keys: ['sk_test_ws_allowed'] });
    try {
      await assert.rejects(
        connectTestSandbox({ baseUrl: strict.origin, workspace: 'other' }),
        /connectTestSandbox: DELETE \/sandbox\/workspace answered 401/,
      );
      const allowed = await connectTestSandbox({ baseUrl: strict.origin, workspace: 'allowed' });
      await allowed.close();
    } finally {
      await strict.close();
    }
  });
});

test('a name that cannot name a workspace is refused before anything is sent, saying what a name is', async (t) => {
  const sandbox = await startTestSandbox();
  try {
    const rule =
      /is not a workspace name; a workspace name is 1 to 64 letters, digits or _ \(compared without case\)/;
    for (const bad of ['', 'with-dash', 'spa ce', 'é', 'x'.repeat(65)]) {
      await assert.rejects(sandbox.workspace(bad), (err: Error) => {
        assert.match(err.message, new RegExp(`^sandbox\\.workspace: ".*" ${rule.source}`));
        return true;
      });
      await assert.rejects(connectTestSandbox({ baseUrl: sandbox.baseUrl, workspace: bad }), rule);
    }
    const made = await sandbox.request<{ data: { name: string }[] }>('GET', '/sandbox/workspaces');
    assert.deepEqual(
      made.body.data.map((w) => w.name),
      ['default'],
      'a refused name made nothing',
    );
    await assert.rejects(
      connectTestSandbox({ baseUrl: sandbox.baseUrl } as never),
      /connectTestSandbox: undefined is not a workspace name/,
    );
    await assert.rejects(
      sandbox.workspace('Default'),
      /"default" is the workspace every key without sk_test_ws_ shares/,
    );
    await assert.rejects(
      connectTestSandbox({ baseUrl: 'localhost:4545', workspace: 'w' }),
      /connectTestSandbox: baseUrl must be the sandbox's http:\/\/ URL/,
    );
    await assert.rejects(
      sandbox.workspace('w', { webhookUrl: 'ftp://example.test/hooks' }),
      /sandbox\.workspace: webhookUrl .*only http:\/\/ and https:\/\//,
    );
    // The 64-character name is the longest, and a fine one; a client still open when its sandbox
    // closes stops with it, and its close() then has nothing left to do.
    const longest = await sandbox.workspace('x'.repeat(64));
    t.after(() => longest.close());
    assert.equal(
      (await sandbox.request<{ data: { name: string }[] }>('GET', '/sandbox/workspaces')).body.data.some(
        (w) => w.name === 'x'.repeat(64),
      ),
      true,
    );
  } finally {
    await sandbox.close();
  }
});
