import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { isoTime } from '../src/core/clock';
import { SandboxCore } from '../src/core/index';
import type { Op } from '../src/core/store/ops';
import { Store } from '../src/core/store/store';
import { endpointControls } from '../src/core/webhooks/endpointControls';
import { newDelivery } from '../src/core/webhooks/fanOut';
import { sendAttempt } from '../src/core/webhooks/sendAttempt';
import { signedHeaders } from '../src/core/webhooks/signing';
import type { WebhookDelivery, WebhookEvent } from '../src/shared/types';

/**
 * Where a webhook delivery's time goes, one step at a time:
 *   node --import tsx bench/webhookCosts.ts [count=2000]
 * Each step of DeliveryWorker.attempt runs `count` times one after another (after a warm-up), in
 * this process, against a durable store in a temporary directory and a plain node:http receiver in
 * a child process; it prints wall time and this process's CPU time (user + system, all threads)
 * per call. Not part of `npm run bench`; docs/performance.md ("Webhooks") quotes it.
 */
const count = Number(process.argv[2] ?? 2000);
const WARMUP = 1000;

const RECEIVER = `require('node:http').createServer((q, s) => {
  q.resume();
  q.on('end', () => { s.writeHead(200, { 'content-length': '0' }); s.end(); });
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

interface Row {
  step: string;
  wallUs: number;
  cpuUs: number;
}
const rows: Row[] = [];

/** Runs fn `calls` times in sequence; `per` is how many deliveries one call stands for. */
async function step(name: string, calls: number, fn: (i: number) => unknown, per = 1): Promise<void> {
  for (let i = 0; i < Math.min(WARMUP, calls); i++) await fn(i);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await fn(i);
  const wallUs = ((performance.now() - t0) * 1000) / (calls * per);
  const { user, system } = process.cpuUsage(c0);
  rows.push({ step: name, wallUs, cpuUs: (user + system) / (calls * per) });
  console.log(
    `  ${name.padEnd(62)} ${wallUs.toFixed(1).padStart(8)} µs wall ${rows.at(-1)?.cpuUs.toFixed(1).padStart(8)} µs CPU`,
  );
}

const root = await mkdtemp(join(tmpdir(), 'pls-webhook-costs-'));
const receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const lines = createInterface({ input: receiver.stdout })[Symbol.asyncIterator]();
  const port = (await lines.next()).value as string;
  const url = `http://127.0.0.1:${port}/webhooks`;

  // A real paid event and a real endpoint, from the domain code.
  const core = await SandboxCore.open({});
  const created = core.links.create(
    { amount: 1000, title: 'Costs' },
    core.settings,
    url,
    core.settlementAccountId,
  );
  await core.store.commit(created.ops);
  const paid = core.links.simulate(created.link.id, 'paid');
  const event = (paid.ops.find((op) => op.op === 'event') as Extract<Op, { op: 'event' }>).v as WebhookEvent;
  const { endpoint } = endpointControls.create({ url }, Date.now());
  const body = JSON.stringify(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'PaymentLinksSandbox/bench',
    ...signedHeaders(endpoint, event.id, body, Date.now()),
  };
  console.log(`Webhook delivery costs, ${count} calls per step (event body ${body.length} bytes)`);

  await step('JSON.stringify(event)', count, () => JSON.stringify(event));
  await step('signedHeaders: one HMAC-SHA256 (standardwebhooks)', count, () =>
    signedHeaders(endpoint, event.id, body, Date.now()),
  );
  // The same signature from node:crypto, checked against standardwebhooks' before it is timed.
  const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
  const hmac = (id: string, seconds: number) =>
    `v1,${createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64')}`;
  const now = Date.now();
  if (
    hmac(event.id, Math.floor(now / 1000)) !==
    signedHeaders(endpoint, event.id, body, now)['webhook-signature']
  )
    throw new Error('node:crypto signature differs from standardwebhooks');
  await step('node:crypto createHmac, key decoded once (the alternative)', count, () =>
    hmac(event.id, Math.floor(Date.now() / 1000)),
  );
  const result = await sendAttempt(url, headers, body, 10_000);
  await step('sendAttempt: fetch POST + read the answer (as the worker does)', count, () =>
    sendAttempt(url, headers, body, 10_000),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const post = () =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  await step('node:http POST, keep-alive Agent (the alternative)', count, post);
  agent.destroy();

  // The two commits of an attempt, as the worker makes them.
  const store = await Store.open({ dir: join(root, 'store') });
  const queued = newDelivery(event, endpoint, 1, Date.now(), Date.now());
  const delivering: WebhookDelivery = { ...queued, status: 'delivering', updated_at: isoTime(Date.now()) };
  const delivered: WebhookDelivery = {
    ...queued,
    status: 'delivered',
    next_attempt_at: null,
    attempts: [{ series: 1, number: 1, started_at: isoTime(Date.now()), ...result }],
  };
  console.log(
    `  (journal lines: 'delivering' ${JSON.stringify({ seq: 1, ops: [{ op: 'delivery', v: delivering }] }).length} bytes, 'delivered' ${JSON.stringify({ seq: 1, ops: [{ op: 'delivery', v: delivered }] }).length} bytes)`,
  );
  await step('store.commit(delivered), one at a time: one fdatasync each', count, () =>
    store.commit([{ op: 'delivery', v: delivered }]),
  );
  await step(
    'store.commit, 8 attempts at once, 2 commits each (group commit)',
    Math.ceil(count / 8),
    () =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          Promise.all([
            store.commit([{ op: 'delivery', v: delivering }]),
            store.commit([{ op: 'delivery', v: delivered }]),
          ]),
        ),
      ),
    8,
  );
  await store.close();
  await core.close();

  console.log('\n| Step of one delivery | µs wall per delivery | µs CPU per delivery |');
  console.log('| --- | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.step} | ${r.wallUs.toFixed(1)} | ${r.cpuUs.toFixed(1)} |`);
} finally {
  receiver.kill();
  await rm(root, { recursive: true, force: true });
}
