import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { SandboxCore } from '../src/core/index';
import type { Clock } from '../src/core/clock';
import { tell } from './child';

/**
 * Fills a data directory with `count` links through the real write path: the domain decides each
 * change (core.links.create / simulate / cancel) and the store commits it, one journal record per
 * change as the API would write it. Commits are issued in waves so they share fsyncs (group
 * commit), which makes 100,000 links take seconds. The mix of statuses:
 * 60 % pending, 20 % succeeded, 10 % failed, 5 % canceled, 5 % expired.
 *
 * layout "snapshot": compacted at the end (everything in sandbox.json, no journal).
 * layout "journal":  never compacted (everything in journal segments, as after a crash between
 *                    compactions).
 */
const [dataDir, countArg, layout, idsFile] = process.argv.slice(2);
if (!dataDir || !countArg || !idsFile || (layout !== 'snapshot' && layout !== 'journal')) {
  throw new Error('usage: seed.ts <dataDir> <count> snapshot|journal <idsFile>');
}
const count = Number(countArg);
const WAVE = 1000;

// Creation times one per 2 ms, ending now, so the newest-first order is well defined and every
// insert into the sorted indexes is an append; expiry (24 h) stays in the future.
const base = Date.now() - 2 * count - 1000;
let t = base;
const clock: Clock = { now: () => t };

const t0 = performance.now();
const core = await SandboxCore.open({
  dataDir,
  clock,
  compactAfter: Number.MAX_SAFE_INTEGER,
  schedulerIntervalMs: 3_600_000,
});
// Besides the record count (compactAfter), the store compacts once the journal's bytes reach the
// snapshot's (64 MiB at least): the journal layout must never compact, and the snapshot layout
// compacts once, at the end. The policy calls `this.compact()`, so an own property replaces it.
const compactNow = core.store.compact.bind(core.store);
core.store.compact = () => Promise.resolve();
const settings = core.settings;
const ids: string[] = new Array<string>(count);
let pending: Promise<void>[] = [];

for (let i = 0; i < count; i++) {
  t = base + 2 * i;
  const change = core.links.create(
    {
      amount: 1000 + ((i * 7919) % 1_000_000),
      title: `Bench link ${i}`,
      ...(i % 3 === 0 ? { reference_id: `order-${i}` } : {}),
      ...(i % 5 === 0 ? { note: 'Seeded by bench/seed.ts' } : {}),
    },
    settings,
    'http://127.0.0.1:4545',
    core.settlementAccountId,
  );
  ids[i] = change.link.id;
  pending.push(core.store.commit(change.ops));
  t += 1;
  const slot = i % 20;
  let next = null;
  if (slot < 4) next = core.links.simulate(change.link.id, 'paid');
  else if (slot < 6) next = core.links.simulate(change.link.id, 'failed');
  else if (slot === 6) next = core.links.cancel(change.link.id);
  else if (slot === 7) next = core.links.simulate(change.link.id, 'expired');
  if (next) pending.push(core.store.commit(next.ops));
  if (pending.length >= WAVE) {
    await Promise.all(pending);
    pending = [];
  }
}
await Promise.all(pending);
t = Date.now();
if (layout === 'snapshot') await compactNow();
await core.close();
await writeFile(idsFile, JSON.stringify(ids));
tell({ type: 'seeded', count, layout, ms: performance.now() - t0 });
process.disconnect?.();
