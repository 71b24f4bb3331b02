import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../src/core/index';
import { compareBy } from '../src/shared/linkOrder';
import type { PaymentLink } from '../src/shared/types';

/**
 * `node --max-old-space-size=8192 --expose-gc --import tsx bench/linkWindows.ts [count]`: the
 * console's window reads at a million links.
 * Seeds `count` links (default 1,000,000; the seed.ts status mix) into an in-memory sandbox through
 * the domain and the store, then times, over HTTP, the Links table's reads at the middle row:
 * newest first (the index), sorted by amount (the first read sorts, later ones reuse the order),
 * after live changes (patched in, or merged after a burst), a filtered view of the sorted order,
 * and Go to (position). "Before" is what the route used to do per request: filter and sort
 * every matching link.
 */
const count = Number(process.argv[2] ?? 1_000_000);
const WAVE = 10_000;
const sandbox = await startSandbox({ port: 0, requestLog: false, schedulerIntervalMs: 3_600_000 });
const { core } = sandbox;

const t0 = performance.now();
let pending: Promise<void>[] = [];
for (let i = 0; i < count; i++) {
  const change = core.links.create(
    { amount: 1000 + ((i * 7919) % 1_000_000), title: `Bench link ${i}` },
    core.settings,
    sandbox.origin,
    core.settlementAccountId,
  );
  pending.push(core.store.commit(change.ops));
  const slot = i % 20;
  const next =
    slot < 4
      ? core.links.simulate(change.link.id, 'paid')
      : slot < 6
        ? core.links.simulate(change.link.id, 'failed')
        : slot === 6
          ? core.links.cancel(change.link.id)
          : null;
  if (next) pending.push(core.store.commit(next.ops));
  if (pending.length >= WAVE) {
    await Promise.all(pending);
    pending = [];
  }
}
await Promise.all(pending);
console.log(
  `seeded ${count.toLocaleString('en')} links in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// Seeding leaves a heap of garbage; collected now (with --expose-gc), it does not land in the first timing.
(globalThis as { gc?: () => void }).gc?.();

const middle = Math.floor(count / 2);
const perPage = 100;
const page = middle / perPage + 1;

async function timed(label: string, path: string, runs = 1): Promise<any> {
  let body: any;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(`${sandbox.origin}/_console/api${path}`);
    body = await response.json();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  }
  const first = times[0] as number;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const shown =
    runs === 1
      ? `${median.toFixed(1)} ms`
      : `first ${first.toFixed(1)}, median ${median.toFixed(1)} ms of ${runs}`;
  const row = body.data[0] ?? body.data;
  console.log(`${label.padEnd(58)} ${shown.padEnd(34)} → ${row.title ?? JSON.stringify(row)}`);
  return body;
}

const createLinks = async (n: number) => {
  for (let i = 0; i < n; i++)
    await core.store.commit(
      core.links.create(
        { amount: 5000, title: `Live ${i}` },
        core.settings,
        sandbox.origin,
        core.settlementAccountId,
      ).ops,
    );
};

console.log(
  `load average ${loadavg()[0]?.toFixed(2)}; window: ${perPage} rows at offset ${middle.toLocaleString('en')}`,
);
// The route, its validator and serialiser warm up on other windows first, as in a running console.
for (let i = 0; i < 50; i++)
  await fetch(`${sandbox.origin}/_console/api/links?page=${i + 2}&per_page=${perPage}`);
await timed('newest first (the index)', `/links?page=${page}&per_page=${perPage}`, 20);
await timed(
  'sort=amount, first read (sorts the order)',
  `/links?sort=amount&page=${page}&per_page=${perPage}`,
);
await timed('sort=amount, again', `/links?sort=amount&page=${page}&per_page=${perPage}`, 20);
await createLinks(1);
await timed(
  'sort=amount after 1 new link (patched in)',
  `/links?sort=amount&page=${page}&per_page=${perPage}`,
);
await createLinks(200);
await timed(
  'sort=amount after 200 new links (patched in)',
  `/links?sort=amount&page=${page}&per_page=${perPage}`,
);
await createLinks(5000);
await timed(
  'sort=amount after 5,000 new links (merged)',
  `/links?sort=amount&page=${page}&per_page=${perPage}`,
);
await timed(
  'status=pending&sort=amount, first read (filters the order)',
  `/links?status=pending&sort=amount&page=${Math.floor(page / 2)}&per_page=${perPage}`,
);
await timed(
  'sort=title&order=asc, first read',
  `/links?sort=title&order=asc&page=${page}&per_page=${perPage}`,
);
await timed('sort=status, first read', `/links?sort=status&page=${page}&per_page=${perPage}`);
const [someone] = core.store.state.links.list({ offset: middle, limit: 1 }).links as PaymentLink[];
await timed('Go to (position), newest first', `/links/position?id=${someone?.id}`, 20);
await timed('Go to (position), sort=amount', `/links/position?id=${someone?.id}&sort=amount`, 20);

const before = performance.now();
const all = core.store.state.links.list({ offset: 0, limit: Infinity }).links;
all.sort(compareBy('amount'));
all.reverse();
console.log(
  `${'before: filter and sort every link, per request'.padEnd(58)} ${(performance.now() - before).toFixed(0)} ms`,
);
const { heapUsed } = process.memoryUsage();
console.log(`heap used ${(heapUsed / 2 ** 20).toFixed(0)} MiB`);
await sandbox.close();
