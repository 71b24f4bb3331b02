// Chaos that replays (docs/faults.md, "Seeds"): a seed on an endpoint's shuffle and on a fault rule's
// probability and jitter gives the same order and the same draws from a fresh sandbox, and
// shuffle still shuffles when a clock advance makes every delivery due at once.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createLink, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const running: { stop(): Promise<void> }[] = [];
after(async () => {
  for (const one of running) await one.stop();
});

async function freshSandbox(): Promise<TestSandbox> {
  const sandbox = await startTestSandbox();
  running.push(sandbox);
  return sandbox;
}

interface ShuffledRun {
  /** Each delivery as it reached the receiver: the link's place in creation order and the event. */
  order: string[];
  /** Links whose canceled event arrived before their failed one. */
  outOfOrder: number;
}

/**
 * Links each failed then canceled, with the clock frozen, on an endpoint that shuffles into a real
 * receiver; then one advance past the shuffle window makes every delivery due at once. One
 * delivery at a time, so the receiver sees exactly the order the sandbox sends them in.
 */
async function shuffledRun(seed: number | undefined, links = 20): Promise<ShuffledRun> {
  const sandbox = await freshSandbox();
  const receiver = await WebhookReceiver.start();
  running.push(receiver);
  await sandbox.core.updateSettings({ delivery_concurrency: 1 });
  const made = await sandbox.api('POST', '/sandbox/endpoints', {
    body: {
      url: receiver.url,
      event_types: ['payment_link.failed', 'payment_link.canceled'],
      faults: { shuffle: true, ...(seed === undefined ? {} : { seed }) },
    },
  });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.data.faults.seed, seed);
  assert.equal((await sandbox.api('POST', '/sandbox/clock/freeze')).status, 200);
  const place = new Map<string, number>();
  for (let i = 0; i < links; i++) {
    const link = await createLink(sandbox);
    place.set(link.id, i);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'failed' } });
    await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  }
  assert.equal(receiver.requests.length, 0, 'a frozen clock holds every shuffled delivery');
  const advanced = await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 10 } });
  assert.equal(advanced.status, 200, advanced.text);
  const arrived = await receiver.waitForRequests(links * 2, 'every delivery');
  const order = arrived.map((r) => `${place.get(r.json.data.id)}:${r.json.type.split('.')[1]}`);
  const firstOfLink = new Map<number, string>();
  for (const r of arrived) {
    const at = place.get(r.json.data.id) as number;
    if (!firstOfLink.has(at)) firstOfLink.set(at, r.json.type);
  }
  const outOfOrder = [...firstOfLink.values()].filter((type) => type === 'payment_link.canceled').length;
  return { order, outOfOrder };
}

test('shuffle after a clock advance is not store order: about half the links see canceled first', async () => {
  const { order, outOfOrder } = await shuffledRun(undefined);
  assert.equal(order.length, 40);
  // Each link's two waits fall in either order alike; none out of order is a 1 in 2^20 draw.
  assert.ok(outOfOrder > 0, `${outOfOrder} of 20 links out of order`);
});

test('the same shuffle seed gives the same delivery order in two fresh sandboxes; another seed another', async () => {
  const first = await shuffledRun(20_261_126);
  const second = await shuffledRun(20_261_126);
  assert.deepEqual(second.order, first.order);
  assert.equal(second.outOfOrder, first.outOfOrder);
  assert.ok(first.outOfOrder >= 3 && first.outOfOrder <= 17, `${first.outOfOrder} of 20 out of order`);
  const other = await shuffledRun(7);
  assert.notDeepEqual(other.order, first.order);
});

/** Which of `count` reads of one link a probability rule with this seed answered 503. */
async function faultedReads(seed: number, count = 50): Promise<number[]> {
  const sandbox = await freshSandbox();
  const link = await createLink(sandbox);
  const rule = await sandbox.api('POST', '/sandbox/faults', {
    body: {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'status', status: 503 },
      probability: 0.5,
      seed,
    },
  });
  assert.equal(rule.status, 201, rule.text);
  assert.equal(rule.body.data.seed, seed);
  const hit: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await sandbox.api('GET', `/payment-links/${link.id}`);
    if (res.status === 503) hit.push(i);
    else assert.equal(res.status, 200, res.text);
  }
  return hit;
}

test('the same probability seed faults the same requests in two fresh sandboxes; another seed others', async () => {
  const first = await faultedReads(42);
  assert.deepEqual(await faultedReads(42), first);
  assert.ok(first.length > 10 && first.length < 40, `${first.length} of 50 hit`);
  assert.notDeepEqual(await faultedReads(43), first);
});

/** The wait a latency rule with jitter (and a probability) drew for each of `count` reads, or null. */
async function drawnWaits(seed: number, count = 20): Promise<(number | null)[]> {
  const sandbox = await freshSandbox();
  const link = await createLink(sandbox);
  const rule = await sandbox.api('POST', '/sandbox/faults', {
    body: {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'latency', ms: 1, jitter_ms: 40 },
      probability: 0.7,
      seed,
    },
  });
  assert.equal(rule.status, 201, rule.text);
  for (let i = 0; i < count; i++) {
    assert.equal((await sandbox.api('GET', `/payment-links/${link.id}`)).status, 200);
  }
  const logs = await sandbox.api('GET', '/sandbox/logs?limit=100');
  assert.equal(logs.status, 200, logs.text);
  const reads = (logs.body.data as any[])
    .filter((e) => e.type === 'api_request' && e.method === 'GET')
    .reverse();
  assert.equal(reads.length, count);
  return reads.map((e) => e.fault?.latency_ms ?? null);
}

test('the same jitter seed draws the same waits (shown in the request history); another seed others', async () => {
  const first = await drawnWaits(9);
  assert.ok(first.some((wait) => wait === null) && first.some((wait) => wait !== null));
  assert.ok(first.every((wait) => wait === null || (wait >= 1 && wait <= 41)));
  assert.deepEqual(await drawnWaits(9), first);
  assert.notDeepEqual(await drawnWaits(10), first);
});

test('a seed outside 0 to 2^32-1 is refused with what is allowed', async () => {
  const sandbox = await freshSandbox();
  for (const seed of [-1, 4_294_967_296, 1.5, '7']) {
    const rule = await sandbox.api('POST', '/sandbox/faults', {
      body: { action: { type: 'drop' }, probability: 0.5, seed },
    });
    assert.equal(rule.status, 400, rule.text);
    assert.equal(rule.body.error.param, 'seed');
    assert.match(rule.body.error.message, /whole number from 0 to 4294967295/);
    const endpoint = await sandbox.api('POST', '/sandbox/endpoints', {
      body: { url: 'http://127.0.0.1:9/hooks', faults: { shuffle: true, seed } },
    });
    assert.equal(endpoint.status, 400, endpoint.text);
    assert.match(endpoint.body.error.message, /whole number from 0 to 4294967295/);
  }
  assert.equal((await sandbox.api('GET', '/sandbox/faults')).body.data.length, 0, 'nothing kept');
});

test("an endpoint's seed is kept until null removes it, and shows with its faults", async () => {
  const sandbox = await freshSandbox();
  const made = await sandbox.api('POST', '/sandbox/endpoints', {
    body: { url: 'http://127.0.0.1:9/hooks', faults: { seed: 5 } },
  });
  assert.equal(made.status, 201, made.text);
  const id = made.body.data.id as string;
  assert.equal(made.body.data.faults.seed, 5, 'a seed set before its shuffle is kept');
  const shuffled = await sandbox.api('PATCH', `/sandbox/endpoints/${id}`, {
    body: { faults: { shuffle: true } },
  });
  assert.deepEqual(shuffled.body.data.faults, {
    duplicate: false,
    delay_seconds: 0,
    shuffle: true,
    bad_signature: false,
    seed: 5,
  });
  const removed = await sandbox.api('PATCH', `/sandbox/endpoints/${id}`, {
    body: { faults: { seed: null } },
  });
  assert.equal(removed.status, 200, removed.text);
  assert.equal('seed' in removed.body.data.faults, false);
});
