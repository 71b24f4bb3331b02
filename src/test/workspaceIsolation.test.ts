import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

// docs/contract.md §15's proof: workers at once, each in its own workspace, each doing what a test
// suite does between and in its tests, and none ever sees another's link, webhook, clock or fault.

const WORKERS = 8;
const ROUNDS = 5;
const DAY_MS = 86_400_000;

let sandbox: TestSandbox;
const receivers: WebhookReceiver[] = [];

before(async () => {
  sandbox = await startTestSandbox();
  for (let i = 0; i < WORKERS; i++) receivers.push(await WebhookReceiver.start());
});
after(async () => {
  await sandbox.stop();
  for (const receiver of receivers) await receiver.stop();
});

/** One worker's rounds; what it saw of links, webhooks, clocks and faults, for the checks after. */
async function worker(i: number): Promise<{ made: Set<string>; seenLinks: string[]; seenRules: string[] }> {
  const key = `sk_test_ws_worker_${i}`;
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sandbox.api(method, path, { key, body, headers });
  const receiver = receivers[i] as WebhookReceiver;
  const endpoint = await api('POST', '/sandbox/endpoints', { url: receiver.url });
  assert.equal(endpoint.status, 201, endpoint.text);
  const made = new Set<string>();
  const seenLinks: string[] = [];
  const seenRules: string[] = [];

  for (let round = 0; round < ROUNDS; round++) {
    const reset = await api('POST', '/sandbox/reset');
    assert.equal(reset.status, 200, reset.text);
    const home = (await api('GET', '/sandbox/clock')).body.data;
    assert.ok(
      Math.abs(Date.parse(home.now) - Date.parse(home.real_now)) < 60_000,
      `worker ${i} round ${round}: after its reset its clock is home, whatever the others advanced (${home.now})`,
    );

    const headers = { 'idempotency-key': `order-${round}` };
    const body = { amount: 1000 + round, title: `worker ${i} round ${round}` };
    const created = await api('POST', '/payment-links', body, headers);
    assert.equal(created.status, 201, created.text);
    const retried = await api('POST', '/payment-links', body, headers);
    assert.equal(retried.body.data.id, created.body.data.id, `worker ${i}: the retry replays its own link`);
    const id = created.body.data.id as string;
    made.add(id);

    const paid = await api('POST', '/sandbox/simulate', { payment_link_id: id, event: 'paid' });
    assert.equal(paid.status, 200, paid.text);
    const delivered = await api('GET', `/sandbox/deliveries?link=${id}&status=delivered&wait=20`);
    assert.equal(delivered.body.data.length, 1, `worker ${i} round ${round}: its webhook was delivered`);
    for (const row of (await api('GET', '/sandbox/deliveries?per_page=100')).body.data)
      seenLinks.push(row.link_id as string);

    const listed = (await api('GET', '/payment-links?per_page=100')).body.data as { id: string }[];
    assert.deepEqual(
      listed.map((link) => link.id),
      [id],
      `worker ${i} round ${round}: its list holds its one link`,
    );
    seenLinks.push(...listed.map((link) => link.id));

    const advanced = await api('POST', '/sandbox/clock/advance', { seconds: 86_400 });
    assert.equal(advanced.status, 200, advanced.text);
    assert.ok(
      Date.parse(advanced.body.data.now) - Date.parse(advanced.body.data.real_now) >= DAY_MS - 60_000,
    );

    const rule = await api('POST', '/sandbox/faults', {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'status', status: 503 },
    });
    assert.equal(rule.status, 201, rule.text);
    const faulted = await api('GET', `/payment-links/${id}`);
    assert.equal(faulted.status, 503, `worker ${i}: its own rule hits its own request`);
    for (const each of (await api('GET', '/sandbox/faults')).body.data) seenRules.push(each.id as string);
    const removed = await api('DELETE', `/sandbox/faults/${rule.body.data.id}`);
    assert.deepEqual(removed.body.data, [], `worker ${i}: no rule left, and none of another's`);
    assert.equal((await api('GET', `/payment-links/${id}`)).status, 200);
    seenRules.splice(seenRules.indexOf(rule.body.data.id), 1);
  }
  return { made, seenLinks, seenRules };
}

test(`${WORKERS} workers at once, ${ROUNDS} rounds each, never see another's link, webhook, clock or fault`, async () => {
  const results = await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
  for (const [i, { made, seenLinks, seenRules }] of results.entries()) {
    assert.equal(made.size, ROUNDS);
    const foreign = seenLinks.filter((id) => !made.has(id));
    assert.deepEqual(foreign, [], `worker ${i} saw links that are not its own`);
    assert.deepEqual(seenRules, [], `worker ${i} saw fault rules that are not its own`);
    const receiver = receivers[i] as WebhookReceiver;
    const hooked = receiver.requests.map((request) => request.json?.data?.id as string);
    assert.equal(hooked.length, ROUNDS, `worker ${i}'s receiver got one webhook a round`);
    assert.deepEqual(
      hooked.filter((id) => !made.has(id)),
      [],
      `worker ${i}'s receiver got webhooks of other workers' links`,
    );
  }
  assert.equal((await sandbox.api('GET', '/payment-links')).body.data.length, 0, 'default saw none of it');
});
