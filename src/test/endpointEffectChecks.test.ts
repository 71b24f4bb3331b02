// Effect checks (docs/endpoint-check.md, "Effect checks"): a pending link made through the API is
// driven through its states while the receiver's state URL is read. The receivers are real HTTP
// servers (node:http, and the Express example started as docs/webhook-receivers.md shows); each
// answer of the sandbox is checked against the served OpenAPI document.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { EndpointCheck } from '../shared/endpointCheck';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CliProcess, REPO_ROOT } from './cliProcess';
import { createLink, KEY, startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

const RANK: Record<string, number> = { pending: 0, failed: 1, succeeded: 2, expired: 2, canceled: 2 };
const STATUS_OF: Record<string, string> = {
  'payment_link.paid': 'succeeded',
  'payment_link.failed': 'failed',
  'payment_link.expired': 'expired',
  'payment_link.canceled': 'canceled',
};

interface Receiver {
  origin: string;
  close(): Promise<void>;
}

/**
 * A receiver with a state route, GET /orders/{reference_id} → {status, events} (404 before any
 * webhook names the order), correct unless one `mistake` is named.
 */
async function receiver(
  mistake?: 'appliesDuplicates' | 'lateOverwrites' | 'appliesBeforeVerifying',
): Promise<Receiver> {
  const webhook = new Webhook(SECRET);
  const orders = new Map<string, { status: string; events: string[] }>();
  const seen = new Set<string>();
  const apply = (id: string, event: { type: string; data: { id: string; reference_id: string | null } }) => {
    const status = STATUS_OF[event.type];
    if (!status) return;
    const key = event.data.reference_id ?? event.data.id;
    const order = orders.get(key) ?? { status: 'pending', events: [] };
    const forward = (RANK[status] as number) > (RANK[order.status] as number);
    if (forward || mistake === 'lateOverwrites') order.status = status;
    order.events.push(id);
    orders.set(key, order);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET') {
        const order = orders.get(decodeURIComponent((req.url ?? '').replace(/^\/orders\//, '')));
        res.writeHead(order ? 200 : 404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(order ?? { error: 'no such order' }));
      }
      const id = req.headers['webhook-id'] as string;
      if (mistake === 'appliesBeforeVerifying' && !seen.has(id)) {
        seen.add(id);
        apply(id, JSON.parse(raw));
      }
      try {
        webhook.verify(raw, req.headers as Record<string, string>);
      } catch {
        res.writeHead(401);
        return res.end('{"error":"signature"}');
      }
      if (!seen.has(id) || mistake === 'appliesDuplicates') {
        seen.add(id);
        apply(id, JSON.parse(raw));
      }
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Express example, started by the command docs/webhook-receivers.md shows. */
async function startExpress(): Promise<Receiver> {
  const doc = await readFile(join(REPO_ROOT, 'docs/webhook-receivers.md'), 'utf8');
  const line = doc.split('\n').find((l) => l.startsWith('node ') && l.includes('receivers/express.mjs'));
  assert.ok(line, 'docs/webhook-receivers.md shows no command that runs express.mjs');
  const child = new CliProcess(
    [],
    { WEBHOOK_SECRET: SECRET, PORT: '0' },
    { file: 'sh', args: ['-c', `exec ${line}`] },
  );
  const origin = await child.waitFor(
    () => /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(child.stdout)?.[1],
    'express.mjs listening',
  );
  return { origin, close: () => child.forceKill() };
}

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(async () => {
  await sandbox.stop();
});

const effectBody = (r: Receiver, linkId: string) => ({
  url: `${r.origin}/webhooks`,
  secret: SECRET,
  link_id: linkId,
  state_url: `${r.origin}/orders/{reference_id}`,
  state_path: 'status',
});

async function runCheck(body: Record<string, unknown>): Promise<EndpointCheck> {
  const started = await sandbox.api('POST', '/sandbox/endpoint-checks', { body });
  assert.equal(started.status, 202, started.text);
  for (;;) {
    const read = await sandbox.api('GET', `/sandbox/endpoint-checks/${started.body.data.id}?wait=60`);
    assert.equal(read.status, 200, read.text);
    if (read.body.data.status === 'done') return read.body.data as EndpointCheck;
  }
}

const EFFECTS = ['effect_refused', 'effect_duplicate', 'effect_out_of_order'];
const effects = (check: EndpointCheck) =>
  Object.fromEntries(check.probes.filter((p) => EFFECTS.includes(p.name)).map((p) => [p.name, p.status]));
const reasons = (check: EndpointCheck) =>
  JSON.stringify(
    check.probes.map((p) => [p.name, p.reason]),
    null,
    1,
  );
const reasonOf = (check: EndpointCheck, name: string) =>
  check.probes.find((p) => p.name === name)?.reason ?? '';
const linkStatus = async (id: string) => (await sandbox.api('GET', `/payment-links/${id}`)).body.data.status;
const ALL_PASS = { effect_refused: 'pass', effect_duplicate: 'pass', effect_out_of_order: 'pass' };

describe('effect checks against real receivers', () => {
  test('a correct receiver passes every probe and every effect check; only the named link is changed', async () => {
    const correct = await receiver();
    try {
      const other = await createLink(sandbox, { reference_id: 'order-other' });
      const link = await createLink(sandbox, { reference_id: 'order-1001' });
      const check = await runCheck(effectBody(correct, link.id));
      assert.equal(check.result, 'pass', reasons(check));
      assert.deepEqual(check.progress, { done: 14, total: 14 });
      assert.deepEqual(
        check.probes.slice(-3).map((p) => p.name),
        EFFECTS,
      );
      // The state route was read (GET) and the link's own events were sent (POST).
      const dup = check.probes.find((p) => p.name === 'effect_duplicate');
      assert.ok(
        dup?.exchanges.some(
          (e) => e.request.method === 'GET' && e.request.url === `${correct.origin}/orders/order-1001`,
        ),
      );
      const posted = dup?.exchanges.filter((e) => e.request.method === 'POST') ?? [];
      assert.equal(posted.length, 2);
      assert.equal(posted[0]?.request.headers['webhook-id'], posted[1]?.request.headers['webhook-id']);
      assert.equal(JSON.parse(posted[0]?.request.body ?? '{}').data.id, link.id);
      assert.match(reasonOf(check, 'effect_out_of_order'), /status stayed "canceled"/);
      assert.equal(await linkStatus(link.id), 'canceled');
      assert.equal(await linkStatus(other.id), 'pending');
      const state = (await (await fetch(`${correct.origin}/orders/order-1001`)).json()) as { status: string };
      assert.equal(state.status, 'canceled');
      assert.equal((await fetch(`${correct.origin}/orders/order-other`)).status, 404);
    } finally {
      await correct.close();
    }
  });

  test('the Express example (docs/examples/receivers/express.mjs) passes every probe and effect check', async () => {
    const express = await startExpress();
    try {
      const link = await createLink(sandbox, { reference_id: `order-${randomBytes(4).toString('hex')}` });
      const check = await runCheck(effectBody(express, link.id));
      assert.deepEqual(effects(check), ALL_PASS, reasons(check));
      assert.equal(check.result, 'pass', reasons(check));
    } finally {
      await express.close();
    }
  });

  test('a receiver that applies a duplicate again fails the duplicate effect check, and only that one', async () => {
    const counting = await receiver('appliesDuplicates');
    try {
      const link = await createLink(sandbox, { reference_id: 'order-dup' });
      const check = await runCheck(effectBody(counting, link.id));
      assert.deepEqual(effects(check), { ...ALL_PASS, effect_duplicate: 'fail' }, reasons(check));
      assert.match(reasonOf(check, 'effect_duplicate'), /applied twice/);
      assert.equal(check.result, 'fail');
    } finally {
      await counting.close();
    }
  });

  test('a receiver that lets a late failed overwrite canceled fails the out-of-order effect check', async () => {
    const overwriting = await receiver('lateOverwrites');
    try {
      const link = await createLink(sandbox, { reference_id: 'order-late' });
      const check = await runCheck(effectBody(overwriting, link.id));
      assert.deepEqual(effects(check), { ...ALL_PASS, effect_out_of_order: 'fail' }, reasons(check));
      assert.match(reasonOf(check, 'effect_out_of_order'), /moved status from "canceled" to "failed"/);
    } finally {
      await overwriting.close();
    }
  });

  test('a receiver that applies an event before refusing its bad signature fails the refused effect check', async () => {
    const early = await receiver('appliesBeforeVerifying');
    try {
      const link = await createLink(sandbox, { reference_id: 'order-early' });
      const check = await runCheck(effectBody(early, link.id));
      // It answers 401, so the stateless signature probe passes: only the effect shows the mistake.
      assert.equal(check.probes.find((p) => p.name === 'wrong_signature')?.status, 'pass');
      assert.equal(effects(check).effect_refused, 'fail', reasons(check));
      assert.match(reasonOf(check, 'effect_refused'), /wrong signature changed the order.*404.*succeeded/);
    } finally {
      await early.close();
    }
  });

  test('a state URL that does not answer fails the effect checks with the reason and leaves the link pending', async () => {
    const correct = await receiver();
    const dead = await receiver();
    await dead.close();
    try {
      const link = await createLink(sandbox, { reference_id: 'order-dead' });
      const check = await runCheck({
        ...effectBody(correct, link.id),
        state_url: `${dead.origin}/orders/{reference_id}`,
      });
      assert.deepEqual(effects(check), {
        effect_refused: 'fail',
        effect_duplicate: 'fail',
        effect_out_of_order: 'fail',
      });
      for (const name of EFFECTS)
        assert.match(
          reasonOf(check, name),
          new RegExp(`The state URL ${dead.origin}/orders/order-dead did not answer`),
        );
      assert.equal(await linkStatus(link.id), 'pending');
    } finally {
      await correct.close();
    }
  });

  test('bad effect input is refused with a 400 naming the field, and nothing starts', async () => {
    const correct = await receiver();
    try {
      const link = await createLink(sandbox, { reference_id: 'order-bad' });
      const bare = await createLink(sandbox);
      const canceled = await createLink(sandbox, { reference_id: 'order-done' });
      assert.equal((await sandbox.api('POST', `/payment-links/${canceled.id}/cancel`)).status, 200);
      const base = effectBody(correct, link.id);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [
          { ...base, state_url: `${correct.origin}/orders/1001` },
          'state_url',
          /\{reference_id\} or \{link_id\}/,
        ],
        [{ ...base, state_url: 'ftp://example.com/{link_id}' }, 'state_url', /http/],
        [{ ...base, state_path: 'order..state' }, 'state_path', /state_path/],
        [{ url: base.url, secret: SECRET, link_id: link.id }, 'state_url', /go together/],
        [{ ...base, link_id: 'plink_nope' }, 'link_id', /No payment link with id plink_nope/],
        [{ ...base, link_id: canceled.id }, 'link_id', /is canceled; the effect checks drive a pending link/],
        [{ ...base, link_id: bare.id }, 'state_url', /has none; use \{link_id\}/],
      ];
      for (const [body, param, message] of cases) {
        const res = await sandbox.api('POST', '/sandbox/endpoint-checks', { body });
        assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
        assert.equal(res.body.error.param, param, res.text);
        assert.match(res.body.error.message, message);
      }
      assert.equal(await linkStatus(link.id), 'pending');
      assert.equal(await linkStatus(bare.id), 'pending');
    } finally {
      await correct.close();
    }
  });

  test('the commands of docs/endpoint-check.md, "Effect checks", make a link and check its effects, as written', async () => {
    const text = await readFile(join(REPO_ROOT, 'docs/endpoint-check.md'), 'utf8');
    const section = text.slice(text.indexOf('## Effect checks'));
    const lines = [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].flatMap((block) =>
      (block[1] as string).split('\n').filter((line) => line.trim() !== ''),
    );
    assert.equal(lines.length, 3, lines.join('\n'));
    const app = await startExpress();
    const shell = async (line: string, env: Record<string, string>) =>
      JSON.parse((await promisify(execFile)('sh', ['-c', line], { env: { ...process.env, ...env } })).stdout);
    try {
      const env = {
        SANDBOX: sandbox.origin,
        KEY,
        WEBHOOK_URL: `${app.origin}/webhooks`,
        WEBHOOK_SECRET: SECRET,
        APP: app.origin,
      };
      const link = await shell(lines[0] as string, env);
      assert.equal(link.data.reference_id, 'order-1001', JSON.stringify(link));
      const started = await shell(lines[1] as string, { ...env, LINK_ID: link.data.id });
      assert.equal(started.data.status, 'running', JSON.stringify(started));
      // ?wait=60: the one read answers once the check is done, with no polling.
      const read = await shell(lines[2] as string, { ...env, CHECK_ID: started.data.id });
      assert.equal(read.data.status, 'done', JSON.stringify(read.data.progress));
      assert.equal(
        read.data.result,
        'pass',
        JSON.stringify(read.data.probes.map((p: { reason: string }) => p.reason)),
      );
      assert.deepEqual(
        read.data.probes.slice(-3).map((p: { name: string }) => p.name),
        EFFECTS,
      );
      const order = (await (await fetch(`${app.origin}/orders/order-1001`)).json()) as { status: string };
      assert.equal(order.status, 'canceled');
    } finally {
      await app.close();
    }
  });
});
