// One test worker against a shared sandbox, in a workspace of its own (docs/ci.md): node --test runs
// each *.test.mjs file in a process of its own, so each process's key, sk_test_ws_node_<pid>, names
// its own links, webhooks, clock and faults. Standard library only.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { test } from 'node:test';

const BASE_URL = process.env.PAYMENTS_BASE_URL ?? 'http://127.0.0.1:4545';
const KEY = `sk_test_ws_node_${process.pid}`;

async function api(method, path, body, headers = {}) {
  const response = await fetch(BASE_URL + path, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

function verified(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test(`worker ${process.pid}: three rounds in its own workspace, never another's`, async () => {
  const arrived = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      arrived.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  try {
    const url = `http://127.0.0.1:${receiver.address().port}/webhooks`;
    const { secret } = await api('POST', '/sandbox/endpoints', { url });
    for (let round = 0; round < 3; round++) {
      await api('POST', '/sandbox/reset');
      const order = { 'idempotency-key': `order-${round}` };
      const body = { amount: 1000 + round, title: `node worker ${process.pid}` };
      const link = await api('POST', '/payment-links', body, order);
      assert.equal((await api('POST', '/payment-links', body, order)).id, link.id, 'a retry replays');
      await api('POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });
      let webhook;
      for (let i = 0; i < 200 && !webhook; i++) {
        webhook = arrived.shift();
        if (!webhook) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(webhook, `the webhook of ${link.id} arrived`);
      assert.ok(verified(secret, webhook.headers, webhook.body), 'and verifies');
      assert.equal(JSON.parse(webhook.body).data.id, link.id, 'and is about its own link');
      const listed = await api('GET', '/payment-links?per_page=100');
      assert.deepEqual(
        listed.map((l) => l.id),
        [link.id],
        'its list holds its one link',
      );
      await api('POST', '/sandbox/clock/advance', { seconds: 86400 });
      const rule = await api('POST', '/sandbox/faults', {
        match: { method: 'GET' },
        action: { type: 'status', status: 503 },
      });
      assert.deepEqual(
        (await api('GET', '/sandbox/faults')).map((r) => r.id),
        [rule.id],
        'only its own rule',
      );
      await api('DELETE', `/sandbox/faults/${rule.id}`);
    }
  } finally {
    receiver.close();
  }
});
