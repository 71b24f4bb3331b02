// Endpoint checks (docs/endpoint-check.md) through the keyed API: POST /sandbox/endpoint-checks,
// then GET until done. The receivers are real node:http servers on 127.0.0.1, each written here
// with one mistake (or none); every answer is checked against the served OpenAPI document.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { EndpointCheck } from '../shared/endpointCheck';
import { startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

const FINAL = new Set(['succeeded', 'canceled', 'expired']);

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

interface Receiver {
  url: string;
  /** webhook-ids whose work was done, in order (a correct receiver does each once). */
  processed: string[];
  /** Each link's status as the receiver's records hold it. */
  orders: Map<string, string>;
  received: number;
  close(): Promise<void>;
}

async function serve(
  handler: (
    req: IncomingMessage,
    raw: string,
    state: Pick<Receiver, 'processed' | 'orders'> & { seen: Set<string> },
  ) => Answer,
): Promise<Receiver> {
  const state = { processed: [] as string[], orders: new Map<string, string>(), seen: new Set<string>() };
  let received = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received += 1;
      const answer = handler(req, Buffer.concat(chunks).toString('utf8'), state);
      setTimeout(() => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    ...state,
    get received() {
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A correct receiver: Standard Webhooks verification of the raw body (5-minute tolerance, any of
 * several signatures), dedupe by webhook-id, unknown types ignored, final states never moved back.
 * `mistakes` swaps in one wrong habit at a time.
 */
function receiver(
  mistakes: {
    acceptAnything?: boolean;
    refuseWith500?: boolean;
    duplicate500?: boolean;
    unknown400?: boolean;
  } = {},
) {
  const webhook = new Webhook(SECRET);
  return serve((req, raw, state) => {
    let event: { type: string; data: { id: string; status: string } };
    try {
      event = mistakes.acceptAnything
        ? JSON.parse(raw)
        : (webhook.verify(raw, req.headers as Record<string, string>) as typeof event);
    } catch {
      return { status: mistakes.refuseWith500 ? 500 : 400, body: '{"error":"signature"}' };
    }
    const id = req.headers['webhook-id'] as string;
    if (state.seen.has(id)) return { status: mistakes.duplicate500 ? 500 : 200 };
    state.seen.add(id);
    if (!event.type.startsWith('payment_link.') || event.type === 'payment_link.endpoint_check_unknown')
      return { status: mistakes.unknown400 ? 400 : 200 };
    const current = state.orders.get(event.data.id);
    if (!current || !FINAL.has(current)) state.orders.set(event.data.id, event.data.status);
    state.processed.push(id);
    return { status: 200, body: '{"ok":true}', headers: { 'content-type': 'application/json' } };
  });
}

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(async () => {
  await sandbox.stop();
});

/** A receiver that holds every answer until released: a check of it stays running meanwhile. */
async function heldReceiver(): Promise<{ url: string; release(): void; close(): void }> {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => void held.then(() => res.writeHead(200).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/held`,
    release,
    close() {
      release();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** What a user does: POST the check, then GET it with ?wait= until it is done. */
async function checkEndpoint(url: string, secret = SECRET, on = sandbox): Promise<EndpointCheck> {
  const started = await on.api('POST', '/sandbox/endpoint-checks', { body: { url, secret } });
  assert.equal(started.status, 202, started.text);
  const id = started.body.data.id as string;
  assert.match(id, /^chk_[0-9a-f]{24}$/);
  assert.equal(started.body.data.status, 'running');
  for (;;) {
    const read = await on.api('GET', `/sandbox/endpoint-checks/${id}?wait=60`);
    assert.equal(read.status, 200, read.text);
    const check = read.body.data as EndpointCheck;
    if (check.status === 'done') return check;
    assert.equal(check.result, null);
  }
}

const verdicts = (check: EndpointCheck) =>
  Object.fromEntries(check.probes.map((probe) => [probe.name, probe.status]));
const probe = (check: EndpointCheck, name: string) => {
  const found = check.probes.find((p) => p.name === name);
  assert.ok(found, `no probe ${name}`);
  return found;
};
const ALL_PASS = {
  valid_event: 'pass',
  wrong_signature: 'pass',
  missing_signature: 'pass',
  stale_timestamp: 'pass',
  future_timestamp: 'pass',
  rotated_secret: 'pass',
  duplicate: 'pass',
  out_of_order: 'pass',
  unknown_type: 'pass',
  large_body: 'pass',
  redirect: 'pass',
};

describe('endpoint checks against real receivers', () => {
  test('a correct receiver passes every probe; the report shows each request and answer; nothing is stored', async () => {
    const correct = await receiver();
    try {
      const check = await checkEndpoint(correct.url);
      assert.deepEqual(verdicts(check), ALL_PASS, JSON.stringify(check.probes.map((p) => p.reason)));
      assert.equal(check.result, 'pass');
      assert.deepEqual(check.counts, { pass: 11, fail: 0, warn: 0 });
      assert.deepEqual(check.progress, { done: 11, total: 11 });
      assert.ok(check.finished_at);
      for (const p of check.probes) {
        assert.ok(p.sends && p.expects && p.why && p.fix && p.reason, p.name);
        for (const exchange of p.exchanges) {
          assert.equal(exchange.request.method, 'POST');
          assert.equal(exchange.request.url, correct.url);
          assert.ok(exchange.request.headers['webhook-id']);
          assert.ok(exchange.response);
          const sent = JSON.parse(exchange.request.body) as { data: { id: string } };
          assert.match(sent.data.id, /^endpoint_check_[0-9a-f]{24}$/);
        }
      }
      assert.equal(
        probe(check, 'missing_signature').exchanges[0]?.request.headers['webhook-signature'],
        undefined,
      );
      assert.equal(probe(check, 'valid_event').exchanges[0]?.response?.body, '{"ok":true}');
      // Two v1 signatures, the endpoint's own second.
      const rotated = probe(check, 'rotated_secret').exchanges[0]?.request.headers['webhook-signature'] ?? '';
      assert.equal(rotated.split(' ').length, 2);
      // The duplicate's work was done once; the late failed did not move canceled back.
      const dup = probe(check, 'duplicate').exchanges.map((e) => e.request.headers['webhook-id']);
      assert.equal(dup.length, 2);
      assert.equal(dup[0], dup[1]);
      assert.equal(correct.processed.filter((id) => id === dup[0]).length, 1);
      const outOfOrder = probe(check, 'out_of_order').exchanges.map((e) => JSON.parse(e.request.body));
      assert.deepEqual(
        outOfOrder.map((e: { type: string }) => e.type),
        ['payment_link.canceled', 'payment_link.failed'],
      );
      assert.equal(outOfOrder[0].data.id, outOfOrder[1].data.id);
      assert.equal(correct.orders.get(outOfOrder[0].data.id), 'canceled');
      const large = JSON.parse(probe(check, 'large_body').exchanges[0]?.request.body ?? '{}');
      assert.equal([...large.data.note].length, 1000);
      assert.match(large.data.title, /注文/);
      // Synthetic: no link, no event, no delivery in the sandbox.
      assert.equal((await sandbox.api('GET', '/sandbox/deliveries')).body.data.length, 0);
      assert.equal((await sandbox.api('GET', '/payment-links')).body.data.length, 0);
    } finally {
      await correct.close();
    }
  });

  test('a receiver that accepts anything fails the signature and timestamp probes', async () => {
    const lax = await receiver({ acceptAnything: true });
    try {
      const check = await checkEndpoint(lax.url);
      assert.deepEqual(verdicts(check), {
        ...ALL_PASS,
        wrong_signature: 'fail',
        missing_signature: 'fail',
        stale_timestamp: 'fail',
        future_timestamp: 'fail',
      });
      assert.equal(check.result, 'fail');
      assert.match(
        probe(check, 'wrong_signature').reason ?? '',
        /answered 200.*accepted a request it cannot trust/,
      );
      assert.match(probe(check, 'wrong_signature').fix, /raw body/);
    } finally {
      await lax.close();
    }
  });

  test('refusing a bad signature with a 5xx fails: a refusal must not ask to be retried', async () => {
    const loud = await receiver({ refuseWith500: true });
    try {
      const check = await checkEndpoint(loud.url);
      assert.equal(probe(check, 'wrong_signature').status, 'fail');
      assert.match(probe(check, 'wrong_signature').reason ?? '', /answered 500.*do not ask to be retried/);
      assert.equal(probe(check, 'valid_event').status, 'pass');
    } finally {
      await loud.close();
    }
  });

  test('a receiver that answers 500 to a second delivery of the same webhook-id fails the duplicate probe', async () => {
    const once = await receiver({ duplicate500: true });
    try {
      const check = await checkEndpoint(once.url);
      assert.deepEqual(verdicts(check), { ...ALL_PASS, duplicate: 'fail' });
      assert.match(probe(check, 'duplicate').reason ?? '', /same webhook-id again.*answered 500/);
    } finally {
      await once.close();
    }
  });

  test('a receiver that answers 400 to an unknown event type fails that probe', async () => {
    const strict = await receiver({ unknown400: true });
    try {
      const check = await checkEndpoint(strict.url);
      assert.deepEqual(verdicts(check), { ...ALL_PASS, unknown_type: 'fail' });
      assert.match(probe(check, 'unknown_type').reason ?? '', /answered 400/);
    } finally {
      await strict.close();
    }
  });

  test('a receiver that redirects is flagged, naming where it sent the request', async () => {
    const moved = await serve(() => ({
      status: 308,
      headers: { location: 'https://example.test/webhooks/' },
    }));
    try {
      const check = await checkEndpoint(moved.url);
      assert.equal(probe(check, 'redirect').status, 'fail');
      assert.match(
        probe(check, 'redirect').reason ?? '',
        /answered 308 \(a redirect to https:\/\/example\.test\/webhooks\/, which deliveries never follow\)/,
      );
      assert.equal(check.result, 'fail');
    } finally {
      await moved.close();
    }
  });

  test('a slow answer to a valid event is a warning; a long answer body is kept to 4 KiB', async () => {
    let first = true;
    const slow = await serve(() => {
      const delayMs = first ? 2100 : 0;
      first = false;
      return { status: 200, body: 'x'.repeat(10_000), delayMs };
    });
    try {
      const check = await checkEndpoint(slow.url);
      const valid = probe(check, 'valid_event');
      assert.equal(valid.status, 'warn');
      assert.match(valid.reason ?? '', /slower than 2\.00 s/);
      assert.equal(valid.exchanges[0]?.response?.body.length, 4096);
      assert.equal(valid.exchanges[0]?.response?.body_truncated, true);
    } finally {
      await slow.close();
    }
  });

  test('ten checks at once against one receiver each keep their own requests', async () => {
    const shared = await receiver();
    try {
      const checks = await Promise.all(Array.from({ length: 10 }, () => checkEndpoint(shared.url)));
      assert.equal(new Set(checks.map((c) => c.id)).size, 10);
      const ids = checks.map((c) =>
        c.probes.flatMap((p) => p.exchanges.map((e) => e.request.headers['webhook-id'])),
      );
      for (const [i, check] of checks.entries()) {
        assert.deepEqual(verdicts(check), ALL_PASS);
        assert.equal(ids[i]?.length, 13);
      }
      // Only a probe's own duplicate repeats an id; no id appears in two checks.
      const all = ids.flat();
      assert.equal(new Set(all).size, all.length - 10);
      assert.equal(shared.received, 130);
    } finally {
      await shared.close();
    }
  });
});

describe('endpoint checks: bad input, unknown ids, timeouts, and which checks are kept', () => {
  test('a URL that is not http(s) and a secret that is not whsec_ are refused with what is allowed', async () => {
    const ftp = await sandbox.api('POST', '/sandbox/endpoint-checks', {
      body: { url: 'ftp://127.0.0.1/webhooks', secret: SECRET },
    });
    assert.equal(ftp.status, 400);
    assert.equal(ftp.body.error.param, 'url');
    assert.match(ftp.body.error.message, /only http:\/\/ and https:\/\//);
    const secret = await sandbox.api('POST', '/sandbox/endpoint-checks', {
      body: { url: 'http://127.0.0.1:9/webhooks', secret: 'hunter2' },
    });
    assert.equal(secret.status, 400);
    assert.equal(secret.body.error.param, 'secret');
    assert.match(secret.body.error.message, /whsec_/);
    const missing = await sandbox.api('POST', '/sandbox/endpoint-checks', {
      body: { url: 'http://127.0.0.1:9/' },
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.param, 'secret');
  });

  test('an unknown check id answers 404; the key is required', async () => {
    const unknown = await sandbox.api('GET', '/sandbox/endpoint-checks/chk_000000000000000000000000');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'resource_not_found');
    assert.match(unknown.body.error.message, /last 100 finished/);
    const keyless = await sandbox.api('POST', '/sandbox/endpoint-checks', {
      key: null,
      body: { url: 'http://127.0.0.1:9/', secret: SECRET },
    });
    assert.equal(keyless.status, 401);
  });

  test('?wait= answers once the check is done, or as it is after that long, or at shutdown; past 60 is refused', async () => {
    const held = await heldReceiver();
    const hanging = await heldReceiver();
    const own = await startTestSandbox({ inMemory: true });
    try {
      const started = await sandbox.api('POST', '/sandbox/endpoint-checks', {
        body: { url: held.url, secret: SECRET },
      });
      const id = started.body.data.id as string;
      // The receiver holds its answer: after a second the check is answered as it is, still running.
      const meanwhile = await sandbox.api('GET', `/sandbox/endpoint-checks/${id}?wait=1`);
      assert.equal(meanwhile.status, 200, meanwhile.text);
      assert.equal(meanwhile.body.data.status, 'running');
      assert.equal(meanwhile.body.data.progress.done, 0);
      const waiting = sandbox.api('GET', `/sandbox/endpoint-checks/${id}?wait=60`);
      held.release();
      const done = await waiting;
      assert.equal(done.status, 200, done.text);
      assert.equal(done.body.data.status, 'done');
      assert.equal(done.body.data.progress.done, done.body.data.progress.total);

      for (const wait of ['61', '-1', '1.5', 'soon']) {
        const refused = await sandbox.api('GET', `/sandbox/endpoint-checks/${id}?wait=${wait}`);
        assert.equal(refused.status, 400, `wait=${wait}: ${refused.text}`);
        assert.equal(refused.body.error.param, 'wait');
        assert.match(refused.body.error.message, /from 0 to 60/);
      }

      // A check that cannot finish (its receiver never answers within the run) does not hold the
      // sandbox's shutdown: the waiting read is answered as the check is, running.
      const stuck = await own.api('POST', '/sandbox/endpoint-checks', {
        body: { url: hanging.url, secret: SECRET },
      });
      const pending = own.api('GET', `/sandbox/endpoint-checks/${stuck.body.data.id}?wait=60`);
      // A read sent after it and answered: the waiting read has reached the server by then.
      assert.equal((await own.api('GET', `/sandbox/endpoint-checks/${stuck.body.data.id}`)).status, 200);
      await own.stop();
      const answered = await pending;
      assert.equal(answered.status, 200, answered.text);
      assert.equal(answered.body.data.status, 'running');
    } finally {
      await own.stop();
      held.close();
      hanging.close();
    }
  });

  test('a running check is kept however many checks start after it', async () => {
    const held = await heldReceiver();
    try {
      const first = await sandbox.api('POST', '/sandbox/endpoint-checks', {
        body: { url: held.url, secret: SECRET },
      });
      const others: string[] = [];
      for (let i = 0; i < 105; i++) {
        const started = await sandbox.api('POST', '/sandbox/endpoint-checks', {
          body: { url: 'http://127.0.0.1:9/nobody', secret: SECRET },
        });
        others.push(started.body.data.id);
      }
      const still = await sandbox.api('GET', `/sandbox/endpoint-checks/${first.body.data.id}`);
      assert.equal(still.status, 200);
      assert.equal(still.body.data.status, 'running');
      held.release();
      const done = await sandbox.api('GET', `/sandbox/endpoint-checks/${first.body.data.id}?wait=60`);
      assert.equal(done.body.data.status, 'done');
      assert.equal((await sandbox.api('GET', `/sandbox/endpoint-checks/${others.at(-1)}`)).status, 200);
    } finally {
      held.close();
    }
  });

  test('no answer within the delivery timeout fails the valid event, and the next probes still run', async () => {
    const short = await startTestSandbox({ inMemory: true, deliveryTimeoutMs: 300 });
    let first = true;
    const hangs = await serve(() => {
      const delayMs = first ? 1000 : 0;
      first = false;
      return { status: 200, delayMs };
    });
    try {
      const check = await checkEndpoint(hangs.url, SECRET, short);
      assert.equal(probe(check, 'valid_event').status, 'fail');
      assert.match(
        probe(check, 'valid_event').reason ?? '',
        /no answer came \(timed out: no response within 0\.3 s\)/,
      );
      assert.equal(probe(check, 'rotated_secret').status, 'pass');
      assert.equal(check.progress.done, 11);
    } finally {
      await hangs.close();
      await short.stop();
    }
  });

  test('an endpoint nobody listens at fails every probe with the reason, and the check still ends', async () => {
    const gone = await serve(() => ({ status: 200 }));
    const url = gone.url;
    await gone.close();
    const check = await checkEndpoint(url);
    assert.equal(check.result, 'fail');
    assert.ok(check.probes.every((p) => p.status === 'fail'));
    assert.match(probe(check, 'valid_event').reason ?? '', /connection refused/);
  });
});
