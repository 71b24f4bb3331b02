import { performance } from 'node:perf_hooks';
import type { Clock } from '../src/core/clock';
import { startSandbox, type RunningSandbox } from '../src/core/index';
import { storeCounts } from '../src/core/dataFolder/serverInfo';
import { tell, waitFor } from './child';

/**
 * Child of bench/exportImport.ts: a sandbox listening on a free port.
 *   source <count>:  in memory, filled with `count` links the way bench/seed.ts fills a directory
 *                    (the domain decides, the store commits, in waves), 60 % pending, 20 % paid,
 *                    10 % failed, 5 % canceled, 5 % expired, each change with its webhook event.
 *   target <dataDir>: an empty durable sandbox, to import into.
 * Memory is sampled every 50 ms from "mark" on, so the peak of one export or import is reported.
 */
const [role, arg] = process.argv.slice(2);
if ((role !== 'source' && role !== 'target') || !arg) {
  throw new Error('usage: exportImportServer.ts source <count> | target <dataDir>');
}

let seeding: number | null = null;
const clock: Clock = { now: () => seeding ?? Date.now() };
const common = { port: 0, host: '127.0.0.1', requestLog: false, clock, schedulerIntervalMs: 3_600_000 };
const sandbox: RunningSandbox =
  role === 'source' ? await startSandbox(common) : await startSandbox({ ...common, dataDir: arg });

let seedMs = 0;
if (role === 'source') {
  const t0 = performance.now();
  await seed(Number(arg));
  seedMs = performance.now() - t0;
}

let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const sampler = setInterval(sample, 50);
process.on('message', (m: { type: string }) => {
  if (m.type === 'mark') {
    peakRss = 0;
    sample();
    tell({ type: 'marked', rss: process.memoryUsage().rss });
  } else if (m.type === 'memory') {
    sample();
    tell({
      type: 'memory',
      rss: process.memoryUsage().rss,
      peakRss,
      heapUsed: process.memoryUsage().heapUsed,
      counts: storeCounts(sandbox.core.store.state),
    });
  }
});
tell({ type: 'ready', origin: sandbox.origin, seedMs, counts: storeCounts(sandbox.core.store.state) });

await waitFor('stop');
clearInterval(sampler);
const c0 = performance.now();
await sandbox.close();
tell({ type: 'closed', closeMs: performance.now() - c0 });
process.disconnect?.();

async function seed(count: number): Promise<void> {
  const core = sandbox.core;
  const settings = core.settings;
  // Creation times one per 2 ms, ending now: every insert into the sorted indexes is an append.
  const base = Date.now() - 2 * count - 1000;
  let pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    seeding = base + 2 * i;
    const change = core.links.create(
      {
        amount: 1000 + ((i * 7919) % 1_000_000),
        title: `Bench link ${i}`,
        ...(i % 3 === 0 ? { reference_id: `order-${i}` } : {}),
        ...(i % 5 === 0 ? { note: 'Seeded by bench/exportImportServer.ts' } : {}),
      },
      settings,
      sandbox.origin,
      core.settlementAccountId,
    );
    pending.push(core.store.commit(change.ops));
    seeding += 1;
    const slot = i % 20;
    let next = null;
    if (slot < 4) next = core.links.simulate(change.link.id, 'paid');
    else if (slot < 6) next = core.links.simulate(change.link.id, 'failed');
    else if (slot === 6) next = core.links.cancel(change.link.id);
    else if (slot === 7) next = core.links.simulate(change.link.id, 'expired');
    if (next) pending.push(core.store.commit(next.ops));
    if (pending.length >= 1000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  seeding = null;
}
