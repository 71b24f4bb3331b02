import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { KeyedClient } from '../src/core/keyedClient';
import type { Child, ChildMessage } from './child';
import { fmt, percentile } from './measure';
import { Receiver } from './receiver';
import { deadEndpoint } from './webhooks';
import { create, serve, status } from './workspaces';

/**
 * Workspaces isolated under load (BENCH_PARTS=isolation; issue 30's targets, docs/contract.md §15).
 * Each case runs `serve` as a user does (bench/workspaces.ts's serve(): a data folder in a temp dir,
 * an ephemeral port of 127.0.0.1) and drives it through the API from here. BENCH_WSI_CASES picks
 * the cases (default stuck,expiry,workers):
 *
 * - stuck: workspace A's endpoint accepts connections and never answers (bench/webhooks.ts's
 *   deadEndpoint(); each attempt runs into the 10 s deadline), with BENCH_WSI_STUCK_LINKS links of A
 *   paid (default 200) so its queue stays full; workspace B pays one link every BENCH_WSI_PACE_MS
 *   (default 40) for BENCH_WSI_STUCK_S seconds (default 20, two of A's timeouts) and times each from
 *   the pay request until its webhook reached B's receiver (bench/receiver.ts) on 127.0.0.1. The
 *   same with A idle first: the baseline.
 * - expiry: workspace A holds BENCH_WSI_EXPIRY_LINKS pending links (default 100,000, seeded into
 *   its folder by bench/massExpiryServer.ts before the server starts), all expiring a day from now;
 *   B creates BENCH_WSI_CREATE_RATE links a second (default 100, open loop: each sent at its time,
 *   whatever the others wait for) for BENCH_WSI_BASELINE_S seconds (default 5, the baseline), then
 *   again while A's clock is advanced two days through the API. B's creates sent between the
 *   advance's request and its answer are the "during" figures.
 * - workers: BENCH_WSI_WORKSPACES workspaces (default 10,000) made first with one create each, then
 *   BENCH_WSI_WORKERS workers (default 80) at once for BENCH_WSI_SECONDS (default 60), each in its
 *   own workspace with its own receiver, doing src/test/workspaceIsolation.test.ts's round: reset,
 *   create with an Idempotency-Key (the same keys in every worker) and its retry, pay, its webhook,
 *   list, advance the clock a day, add a fault rule, meet it, remove it. Anything a worker sees of
 *   another (a link, a webhook, a clock, a fault rule) is an isolation violation: printed loudly,
 *   and the bench exits non-zero; so does any other error.
 */

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const CASES = (process.env.BENCH_WSI_CASES ?? 'stuck,expiry,workers').split(',');
const STUCK_LINKS = env('BENCH_WSI_STUCK_LINKS', 200);
const STUCK_S = env('BENCH_WSI_STUCK_S', 20);
const PACE_MS = env('BENCH_WSI_PACE_MS', 40);
const EXPIRY_LINKS = env('BENCH_WSI_EXPIRY_LINKS', 100_000);
const CREATE_RATE = env('BENCH_WSI_CREATE_RATE', 100);
const BASELINE_S = env('BENCH_WSI_BASELINE_S', 5);
const WORKSPACES = env('BENCH_WSI_WORKSPACES', 10_000);
const WORKERS = env('BENCH_WSI_WORKERS', 80);
const SECONDS = env('BENCH_WSI_SECONDS', 60);

/** Requests in flight while links are made or paid, and while the idle workspaces are made. */
const PARALLEL = 16;
const WARMUP_EVENTS = 50;
const REQUEST_TIMEOUT_MS = 30_000;
const WEBHOOK_TIMEOUT_MS = 20_000;
const DAY_S = 86_400;
/** A clock this near real time is at home (the test's allowance). */
const HOME_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = (): number => loadavg()[0] as number;
const keyed = (origin: string, workspace: string) => new KeyedClient(origin, `sk_test_ws_${workspace}`);

/** The answer's JSON when it is 2xx; an Error naming the workspace, route and answer otherwise. */
async function ok(
  client: KeyedClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<any> {
  const res = await client.send(method, path, { body, headers, timeoutMs: REQUEST_TIMEOUT_MS });
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${client.apiKey} ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json;
}

async function inParallel<T>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) await fn(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

async function makeLinks(client: KeyedClient, count: number, title: string): Promise<string[]> {
  const ids: string[] = [];
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    async (i) => {
      ids[i] = (await ok(client, 'POST', '/payment-links', { amount: 1000 + i, title: `${title} ${i}` })).data
        .id as string;
    },
  );
  return ids;
}

const pay = (client: KeyedClient, id: string) =>
  ok(client, 'POST', '/sandbox/simulate', { payment_link_id: id, event: 'paid' });

const pendingIn = async (client: KeyedClient): Promise<number> =>
  (await ok(client, 'GET', '/payment-links?status=pending&per_page=1')).pagination.total as number;

/** The server's RSS, sampled every 200 ms until stopped: the peak. */
function rssPeak(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, (await status(pid)).rss);
      await sleep(200);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** p50 / p99 / max of a list of ms, and how many. */
export interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
const spread = (xs: number[]): Spread => ({
  n: xs.length,
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
  max: xs.length ? Math.max(...xs) : NaN,
});
const ms = (s: Spread): string =>
  `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} ms (max ${s.max.toFixed(0)}, ${fmt(s.n)})`;

/** Load average (1 min) at a case's start and end. */
interface Load {
  from: number;
  to: number;
}
const loadText = (l: Load): string => `${l.from.toFixed(2)} → ${l.to.toFixed(2)}`;

// ---- stuck: a stuck endpoint in A, B's deliveries ----

export interface StuckResult {
  aLinks: number;
  idle: Spread;
  stuck: Spread;
  /** A's queue after B was measured beside it (console API: `waiting` counts every unfinished one). */
  aQueue: { in_flight: number; waiting: number };
  /** Requests A's dead endpoint took in during B's stuck phase (attempts started; none answered). */
  aAttemptsDuring: number;
  load: Load;
}

async function consoleQueue(
  origin: string,
  workspace: string,
): Promise<{ in_flight: number; waiting: number }> {
  const res = await fetch(`${origin}/_console/api/queue?workspace=${workspace}`);
  if (!res.ok) throw new Error(`console queue of ${workspace} answered ${res.status}`);
  return ((await res.json()) as { data: { in_flight: number; waiting: number } }).data;
}

async function stuckCase(root: string): Promise<StuckResult> {
  const events = Math.ceil((STUCK_S * 1000) / PACE_MS);
  console.log(
    `\n## A stuck endpoint in workspace A (${fmt(STUCK_LINKS)} links paid), B paying a link every ${PACE_MS} ms for ${STUCK_S} s`,
  );
  const from = load1();
  const dir = join(root, 'stuck');
  const served = await serve(dir, []);
  const receiver = new Receiver();
  const dead = await deadEndpoint();
  try {
    const { origin } = served;
    const a = keyed(origin, 'stuck_a');
    const b = keyed(origin, 'stuck_b');
    await ok(a, 'POST', '/sandbox/endpoints', { url: dead.url });
    await ok(b, 'POST', '/sandbox/endpoints', { url: await receiver.listen() });
    const aIds = await makeLinks(a, STUCK_LINKS, 'Stuck A');
    const bIds = await makeLinks(b, WARMUP_EVENTS + 2 * events, 'Responsive B');

    /** B pays its links one at a time, one every PACE_MS, for STUCK_S s: pay request → webhook. */
    let nextB = 0;
    const phase = async (count: number, seconds: number): Promise<number[]> => {
      const out: number[] = [];
      const start = performance.now();
      for (let i = 0; i < count && performance.now() - start < seconds * 1000; i++) {
        const id = bIds[nextB++] as string;
        const arrived = receiver.next(id, WEBHOOK_TIMEOUT_MS);
        arrived.catch(() => undefined); // awaited below, unless the pay fails first
        const t0 = performance.now();
        await pay(b, id);
        out.push((await arrived).at - t0);
        const wait = start + (i + 1) * PACE_MS - performance.now();
        if (wait > 0) await sleep(wait);
      }
      return out;
    };
    await phase(WARMUP_EVENTS, Infinity);
    const idle = spread(await phase(events, STUCK_S));
    console.log(`  B with A idle:  pay → webhook p50 / p99 ${ms(idle)} (load ${load1().toFixed(2)})`);

    await inParallel(aIds, async (id) => void (await pay(a, id)));
    // A's queue fills its slots with attempts that will hang until the deadline.
    const deadline = performance.now() + 10_000;
    while (dead.requests() < Math.min(8, STUCK_LINKS) && performance.now() < deadline) await sleep(20);
    const before = dead.requests();
    const queued = await consoleQueue(origin, 'stuck_a');
    console.log(
      `  A stuck: ${queued.in_flight} attempts on the wire, ${queued.waiting} deliveries unfinished, ${before} requests hanging at its endpoint`,
    );
    const stuck = spread(await phase(events, STUCK_S));
    const aQueue = await consoleQueue(origin, 'stuck_a');
    const aAttemptsDuring = dead.requests() - before;
    console.log(
      `  B with A stuck: pay → webhook p50 / p99 ${ms(stuck)} (load ${load1().toFixed(2)}); ` +
        `meanwhile A started ${aAttemptsDuring} more attempts, none answered; A's queue after: ${aQueue.in_flight} on the wire, ${aQueue.waiting} unfinished`,
    );
    return { aLinks: STUCK_LINKS, idle, stuck, aQueue, aAttemptsDuring, load: { from, to: load1() } };
  } finally {
    await served.stop();
    await receiver.close();
    await dead.close();
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

// ---- expiry: A mass-expiring, B creating ----

export interface ExpiryResult {
  aLinks: number;
  seedMs: number;
  rate: number;
  baseline: Spread;
  during: Spread;
  /** B's creates sent in the second after the advance answered. */
  after: Spread;
  /** The advance's request → its answer. */
  advanceMs: number;
  /** The advance's request → A's pending count 0. */
  expiredMs: number;
  bErrors: number;
  peakRss: number;
  load: Load;
}

interface Sent {
  at: number;
  ms: number;
}

/** B creates `rate` links a second, each sent at its time (open loop), until stopped. */
function steadyCreates(
  client: KeyedClient,
  rate: number,
): { stop(): Promise<{ sent: Sent[]; errors: number }> } {
  const sent: Sent[] = [];
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  let running = true;
  const start = performance.now();
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      const at = performance.now();
      const one = ok(client, 'POST', '/payment-links', { amount: 5000, title: `Steady ${i}` }).then(
        () => void sent.push({ at, ms: performance.now() - at }),
        (err: unknown) => {
          errors++;
          console.error(`  B's create failed: ${(err as Error).message}`);
        },
      );
      inFlight.add(one);
      void one.finally(() => inFlight.delete(one));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all(inFlight);
      return { sent, errors };
    },
  };
}

async function expiryCase(root: string, spawn: Spawn): Promise<ExpiryResult> {
  console.log(
    `\n## Workspace A expiring ${fmt(EXPIRY_LINKS)} links at once, B creating ${CREATE_RATE} links a second`,
  );
  const from = load1();
  const dir = join(root, 'expiry');
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'workspaces'), { recursive: true });
  // A's links go straight into its folder through the real write path, as the mass-expiry bench
  // makes its own: 100,000 creates through the API would take minutes of this shared machine.
  const seeder = spawn('./massExpiryServer.ts', [
    join(dir, 'workspaces', 'expiry_a'),
    'seed',
    String(EXPIRY_LINKS),
    'future',
  ]);
  const seeded = await seeder.next<ChildMessage & { ms: number }>('seeded');
  await seeder.exited;
  console.log(`  seeded ${fmt(EXPIRY_LINKS)} pending links in A in ${(seeded.ms / 1000).toFixed(1)} s`);
  const served = await serve(dir, []);
  try {
    const { origin, pid } = served;
    const a = keyed(origin, 'expiry_a');
    const b = keyed(origin, 'expiry_b');
    const pending = await pendingIn(a);
    if (pending !== EXPIRY_LINKS) throw new Error(`A holds ${pending} pending links, not ${EXPIRY_LINKS}`);
    await makeLinks(b, 200, 'Warm-up');

    const base = await (async () => {
      const load = steadyCreates(b, CREATE_RATE);
      await sleep(BASELINE_S * 1000);
      return load.stop();
    })();
    const baseline = spread(base.sent.map((s) => s.ms));
    console.log(`  B's creates, A idle:      p50 / p99 ${ms(baseline)} (load ${load1().toFixed(2)})`);

    const peak = rssPeak(pid);
    const load = steadyCreates(b, CREATE_RATE);
    await sleep(1000);
    const t0 = performance.now();
    const advanced = await ok(a, 'POST', '/sandbox/clock/advance', { seconds: 2 * DAY_S });
    const t1 = performance.now();
    while ((await pendingIn(a)) > 0) await sleep(20);
    const t2 = performance.now();
    await sleep(1000);
    const { sent, errors } = await load.stop();
    const peakRss = await peak.stop();
    const during = spread(sent.filter((s) => s.at >= t0 && s.at <= t1).map((s) => s.ms));
    const after = spread(sent.filter((s) => s.at > t2 && s.at <= t2 + 1000).map((s) => s.ms));
    const bClock = (await ok(b, 'GET', '/sandbox/clock')).data as { now: string; real_now: string };
    if (Math.abs(Date.parse(bClock.now) - Date.parse(bClock.real_now)) > HOME_MS)
      throw new Error(`ISOLATION VIOLATION: A's advance moved B's clock too (${JSON.stringify(bClock)})`);
    const expired = (await ok(a, 'GET', '/payment-links?status=expired&per_page=1')).pagination
      .total as number;
    if (expired !== EXPIRY_LINKS) throw new Error(`${expired} of A's links expired, not ${EXPIRY_LINKS}`);
    console.log(
      `  A's advance answered in ${fmt(t1 - t0)} ms (clock now ${advanced.data.now}), every link expired after ${fmt(t2 - t0)} ms; peak RSS ${fmt(peakRss / 2 ** 20)} MiB`,
    );
    console.log(`  B's creates, A expiring:  p50 / p99 ${ms(during)} (load ${load1().toFixed(2)})`);
    console.log(`  B's creates, the second after: p50 / p99 ${ms(after)}`);
    if (base.errors + errors) console.error(`  ERRORS: ${base.errors + errors} of B's creates failed`);
    return {
      aLinks: EXPIRY_LINKS,
      seedMs: seeded.ms,
      rate: CREATE_RATE,
      baseline,
      during,
      after,
      advanceMs: t1 - t0,
      expiredMs: t2 - t0,
      bErrors: base.errors + errors,
      peakRss,
      load: { from, to: load1() },
    };
  } finally {
    await served.stop();
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

// ---- workers: 80 workers' rounds beside 10,000 workspaces ----

const STEPS = [
  'reset',
  'clock',
  'create',
  'create retry',
  'pay',
  'pay → webhook',
  'deliveries',
  'list',
  'advance',
  'fault add',
  'faulted get',
  'faults list',
  'fault remove',
  'get',
] as const;
type Step = (typeof STEPS)[number];

export interface WorkersResult {
  workers: number;
  workspaces: number;
  fillMs: number;
  seconds: number;
  rounds: number;
  steps: Record<Step, Spread>;
  rss: { before: number; filled: number; peak: number; after: number };
  violations: string[];
  errors: string[];
  load: Load;
}

/** Thrown inside a round: one worker saw what is not its own. */
class Violation extends Error {}

interface WorkerState {
  i: number;
  client: KeyedClient;
  receiver: Receiver;
  made: Set<string>;
  /** Rounds whose pay was answered: each owes one webhook at the worker's receiver. */
  paid: number;
}

async function round(w: WorkerState, r: number, times: Record<Step, number[]>): Promise<void> {
  const who = `worker ${w.i} round ${r}`;
  const step = async <T>(name: Step, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await fn();
    times[name].push(performance.now() - t);
    return out;
  };
  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    w.client.send(method, path, { body, headers, timeoutMs: REQUEST_TIMEOUT_MS });
  const expect = (res: { status: number; text: string }, want: number, what: string) => {
    if (res.status !== want)
      throw new Error(`${who}: ${what} answered ${res.status}: ${res.text.slice(0, 200)}`);
  };
  const violated = (what: string) => {
    throw new Violation(`${who}: ${what}`);
  };

  expect(await step('reset', () => send('POST', '/sandbox/reset')), 200, 'reset');
  const home = (await step('clock', () => send('GET', '/sandbox/clock'))).json as any;
  if (Math.abs(Date.parse(home.data.now) - Date.parse(home.data.real_now)) > HOME_MS)
    violated(`after its reset its clock is not home: ${home.data.now} (another's advance?)`);

  const title = `worker ${w.i} round ${r}`;
  const body = { amount: 1000 + r, title };
  // The same Idempotency-Key in every worker: a record of another's would replay its link.
  const headers = { 'idempotency-key': `order-${r}` };
  const created = await step('create', () => send('POST', '/payment-links', body, headers));
  expect(created, 201, 'create');
  const link = (created.json as any).data;
  const id = link.id as string;
  if (link.title !== title) violated(`its create answered another's link: "${link.title}"`);
  if (Math.abs(Date.parse(link.created_at) - Date.now()) > HOME_MS)
    violated(`its link was made at ${link.created_at}, off real time (another's clock?)`);
  w.made.add(id);
  const retried = await step('create retry', () => send('POST', '/payment-links', body, headers));
  if (retried.status >= 300) expect(retried, 201, 'create retry');
  if ((retried.json as any).data.id !== id)
    violated(`the retry replayed ${(retried.json as any).data.id}, not its own ${id}`);

  const arrived = w.receiver.next(id, WEBHOOK_TIMEOUT_MS);
  arrived.catch(() => undefined); // awaited below, unless the pay fails first
  const paidAt = performance.now();
  const paid = await step('pay', () =>
    send('POST', '/sandbox/simulate', { payment_link_id: id, event: 'paid' }),
  );
  expect(paid, 200, 'pay');
  w.paid++;
  const arrival = await arrived.catch((err: unknown) => {
    throw new Error(`${who}: ${(err as Error).message}`);
  });
  times['pay → webhook'].push(arrival.at - paidAt);
  const delivered = await step('deliveries', async () => {
    const one = await send('GET', `/sandbox/deliveries?link=${id}&status=delivered&wait=20`);
    const all = await send('GET', '/sandbox/deliveries?per_page=100');
    return { one, all };
  });
  expect(delivered.one, 200, 'deliveries of its link');
  expect(delivered.all, 200, 'deliveries');
  if ((delivered.one.json as any).data.length !== 1)
    throw new Error(`${who}: its webhook is not recorded delivered: ${delivered.one.text.slice(0, 200)}`);
  const foreignDeliveries = ((delivered.all.json as any).data as { link_id: string }[])
    .map((d) => d.link_id)
    .filter((l) => !w.made.has(l));
  if (foreignDeliveries.length) violated(`its deliveries hold other links: ${foreignDeliveries.join(', ')}`);

  const listed = await step('list', () => send('GET', '/payment-links?per_page=100'));
  expect(listed, 200, 'list');
  const ids = ((listed.json as any).data as { id: string }[]).map((l) => l.id);
  if (ids.length !== 1 || ids[0] !== id) violated(`its list holds ${JSON.stringify(ids)}, not [${id}]`);

  const advanced = await step('advance', () => send('POST', '/sandbox/clock/advance', { seconds: DAY_S }));
  expect(advanced, 200, 'advance');
  const clock = (advanced.json as any).data;
  const ahead = Date.parse(clock.now) - Date.parse(clock.real_now);
  if (ahead < DAY_S * 1000 - HOME_MS || ahead > DAY_S * 1000 + HOME_MS)
    violated(`after one day's advance its clock is ${(ahead / 1000).toFixed(0)} s ahead`);

  const rule = await step('fault add', () =>
    send('POST', '/sandbox/faults', {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'status', status: 503 },
    }),
  );
  expect(rule, 201, 'fault add');
  const ruleId = (rule.json as any).data.id as string;
  const faulted = await step('faulted get', () => send('GET', `/payment-links/${id}`));
  if (faulted.status !== 503) violated(`its own fault rule did not hit its own request (${faulted.status})`);
  const rules = await step('faults list', () => send('GET', '/sandbox/faults'));
  expect(rules, 200, 'faults list');
  const ruleIds = ((rules.json as any).data as { id: string }[]).map((f) => f.id);
  if (ruleIds.length !== 1 || ruleIds[0] !== ruleId)
    violated(`its fault rules are ${JSON.stringify(ruleIds)}, not [${ruleId}]`);
  const removed = await step('fault remove', () => send('DELETE', `/sandbox/faults/${ruleId}`));
  expect(removed, 200, 'fault remove');
  if ((removed.json as any).data.length !== 0)
    violated(`after removing its rule, rules are left: ${JSON.stringify((removed.json as any).data)}`);
  const got = await step('get', () => send('GET', `/payment-links/${id}`));
  if (got.status !== 200)
    violated(`its get answered ${got.status} with no rule of its own (another's fault?)`);
}

async function workersCase(root: string): Promise<WorkersResult> {
  console.log(
    `\n## ${WORKERS} workers' rounds for ${SECONDS} s beside ${fmt(WORKSPACES)} workspaces (--max-workspaces ${fmt(WORKSPACES + WORKERS)})`,
  );
  const from = load1();
  const dir = join(root, 'workers');
  await rm(dir, { recursive: true, force: true });
  const served = await serve(dir, ['--max-workspaces', String(WORKSPACES + WORKERS)]);
  const receivers: Receiver[] = [];
  try {
    const { origin, pid } = served;
    const before = (await status(pid)).rss;
    const f0 = performance.now();
    await inParallel(
      Array.from({ length: WORKSPACES }, (_, n) => n),
      async (n) => void (await create(origin, `sk_test_ws_idle_${n}`, 'idle')),
    );
    const fillMs = performance.now() - f0;
    const filled = (await status(pid)).rss;
    console.log(
      `  made ${fmt(WORKSPACES)} workspaces (one create each) in ${(fillMs / 1000).toFixed(1)} s; RSS ${fmt(before / 2 ** 20)} → ${fmt(filled / 2 ** 20)} MiB (load ${load1().toFixed(2)})`,
    );

    const workers: WorkerState[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const receiver = new Receiver();
      receivers.push(receiver);
      const client = keyed(origin, `worker_${i}`);
      await ok(client, 'POST', '/sandbox/endpoints', { url: await receiver.listen() });
      workers.push({ i, client, receiver, made: new Set(), paid: 0 });
    }
    const times = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
    const violations: string[] = [];
    const errors: string[] = [];
    let rounds = 0;
    const peak = rssPeak(pid);
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    await Promise.all(
      workers.map(async (w) => {
        for (let r = 0; performance.now() < end; r++) {
          try {
            await round(w, r, times);
            rounds++;
          } catch (err) {
            const message = (err as Error).message;
            if (err instanceof Violation) {
              violations.push(message);
              console.error(`  !!! ISOLATION VIOLATION: ${message}`);
            } else {
              errors.push(message);
              console.error(`  ERROR: ${message}`);
            }
          }
        }
      }),
    );
    const elapsed = performance.now() - t0;
    const peakRss = await peak.stop();

    // Every webhook at a worker's receiver is of its own links, and none is missing.
    await sleep(1000);
    for (const w of workers) {
      const foreign = w.receiver.arrivals.filter((a) => !w.made.has(a.linkId));
      if (foreign.length)
        violations.push(
          `worker ${w.i}'s receiver got webhooks of links not its own: ${foreign.map((a) => a.linkId).join(', ')}`,
        );
      const own = new Set(w.receiver.arrivals.map((a) => a.linkId)).size;
      if (own < w.paid) errors.push(`worker ${w.i}'s receiver got ${own} of its ${w.paid} webhooks`);
    }
    // Nothing of it reached default or the idle workspaces.
    const dflt = await ok(new KeyedClient(origin, 'sk_test_bench'), 'GET', '/payment-links?per_page=1');
    if (dflt.pagination.total !== 0) violations.push(`default holds ${dflt.pagination.total} links`);
    for (let n = 0; n < WORKSPACES; n += Math.max(1, Math.floor(WORKSPACES / 100))) {
      const view = (await ok(keyed(origin, `idle_${n}`), 'GET', '/sandbox/workspace')).data;
      if (view.counts.links !== 1 || view.counts.deliveries !== 0 || view.clock.offset_seconds !== 0)
        violations.push(`idle workspace idle_${n} changed: ${JSON.stringify(view)}`);
    }
    const after = (await status(pid)).rss;
    const steps = Object.fromEntries(STEPS.map((s) => [s, spread(times[s])])) as Record<Step, Spread>;
    const result: WorkersResult = {
      workers: WORKERS,
      workspaces: WORKSPACES,
      fillMs,
      seconds: elapsed / 1000,
      rounds,
      steps,
      rss: { before, filled, peak: peakRss, after },
      violations,
      errors,
      load: { from, to: load1() },
    };
    console.log(
      `  ${fmt(rounds)} rounds in ${(elapsed / 1000).toFixed(1)} s = ${(rounds / (elapsed / 1000)).toFixed(1)} rounds/s; ` +
        `RSS peak ${fmt(peakRss / 2 ** 20)} MiB, after ${fmt(after / 2 ** 20)} MiB (load ${load1().toFixed(2)})`,
    );
    for (const s of STEPS) console.log(`    ${s.padEnd(14)} p50 / p99 ${ms(steps[s])}`);
    return result;
  } finally {
    await served.stop();
    for (const receiver of receivers) await receiver.close();
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

// ---- the part ----

export interface IsolationResult {
  stuck: StuckResult | null;
  expiry: ExpiryResult | null;
  workers: WorkersResult | null;
}

export async function workspaceIsolationBench(root: string, spawn: Spawn): Promise<IsolationResult> {
  console.log(`\n# Workspaces isolated under load (${CASES.join(', ')})`);
  const result: IsolationResult = {
    stuck: CASES.includes('stuck') ? await stuckCase(root) : null,
    expiry: CASES.includes('expiry') ? await expiryCase(root, spawn) : null,
    workers: CASES.includes('workers') ? await workersCase(root) : null,
  };
  const w = result.workers;
  if (w && (w.violations.length || w.errors.length)) {
    process.exitCode = 1;
    if (w.violations.length) {
      console.error(
        `\n${'!'.repeat(72)}\n!!! ${w.violations.length} ISOLATION VIOLATIONS: a worker saw another's`,
      );
      for (const v of w.violations.slice(0, 50)) console.error(`!!!   ${v}`);
      console.error('!'.repeat(72));
    }
    if (w.errors.length) console.error(`\n${w.errors.length} ERRORS in the workers' rounds (see above).`);
  }
  if (result.expiry?.bErrors) process.exitCode = 1;
  return result;
}

export function workspaceIsolationTable(r: IsolationResult): string[] {
  const lines: string[] = [];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  if (r.stuck) {
    const s = r.stuck;
    lines.push(
      row([
        `B's pay → webhook (A: ${fmt(s.aLinks)} links paid to an endpoint that never answers)`,
        'p50 / p99 (max, events)',
      ]),
      row(['---', '---:']),
      row(['A idle (baseline)', ms(s.idle)]),
      row([
        `A stuck (${s.aQueue.in_flight} attempts on the wire, ${s.aQueue.waiting} deliveries unfinished; ${s.aAttemptsDuring} attempts started meanwhile)`,
        ms(s.stuck),
      ]),
      row(['load average', loadText(s.load)]),
      '',
    );
  }
  if (r.expiry) {
    const e = r.expiry;
    lines.push(
      row([
        `B's creates, ${e.rate}/s while A holds ${fmt(e.aLinks)} pending links`,
        'p50 / p99 (max, creates)',
      ]),
      row(['---', '---:']),
      row(['A idle (baseline)', ms(e.baseline)]),
      row([
        `A expiring all at once (advance answered in ${fmt(e.advanceMs)} ms, all expired after ${fmt(e.expiredMs)} ms)`,
        ms(e.during),
      ]),
      row(['the second after', ms(e.after)]),
      row(['server peak RSS during', `${fmt(e.peakRss / 2 ** 20)} MiB`]),
      row(['load average', loadText(e.load)]),
      '',
    );
  }
  if (r.workers) {
    const w = r.workers;
    lines.push(
      row([
        `${w.workers} workers beside ${fmt(w.workspaces)} workspaces, ${w.seconds.toFixed(0)} s`,
        'p50 / p99 (max, n)',
      ]),
      row(['---', '---:']),
      ...STEPS.map((s) => row([s, ms(w.steps[s])])),
      row(['rounds/s', `${(w.rounds / w.seconds).toFixed(1)} (${fmt(w.rounds)} rounds)`]),
      row([
        'RSS: empty → filled → peak → after',
        [w.rss.before, w.rss.filled, w.rss.peak, w.rss.after].map((b) => fmt(b / 2 ** 20)).join(' → ') +
          ' MiB',
      ]),
      row([`${fmt(w.workspaces)} workspaces made (one create each)`, `${(w.fillMs / 1000).toFixed(1)} s`]),
      row(['isolation violations', w.violations.length ? `**${w.violations.length} (see above)**` : '0']),
      row(['errors', w.errors.length ? `**${w.errors.length} (see above)**` : '0']),
      row(['load average', loadText(w.load)]),
    );
  }
  return lines;
}
