import { performance } from 'node:perf_hooks';
import type { Clock } from '../src/core/clock';
import { startSandbox } from '../src/core/index';
import { tell, waitFor } from './child';

/**
 * Child of bench/payloadSearch.ts: an in-memory sandbox holding `count` kept deliveries. One
 * endpoint, the queue paused (so every delivery stays, as a stuck endpoint's would), and `count`
 * links paid, each a real event fanned out to one delivery by the store's outbox. Every link has a
 * reference_id of its own (INV-<n>), so a search for one finds exactly one delivery.
 */
const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error('usage: payloadSearchServer.ts <deliveries>');

let seeding: number | null = null;
const clock: Clock = { now: () => seeding ?? Date.now() };
const sandbox = await startSandbox({
  port: 0,
  host: '127.0.0.1',
  requestLog: false,
  clock,
  schedulerIntervalMs: 3_600_000,
});
const core = sandbox.core;
await core.webhooks.pause(true);
await core.endpoints.create({ url: 'http://127.0.0.1:9/webhooks' });
const t0 = performance.now();
const base = Date.now() - 2 * count - 1000;
let pending: Promise<void>[] = [];
for (let i = 0; i < count; i++) {
  seeding = base + 2 * i;
  const change = core.links.create(
    { amount: 1000 + (i % 5000), title: `Bench order ${i}`, reference_id: `INV-${i}` },
    core.settings,
    sandbox.origin,
    core.settlementAccountId,
  );
  pending.push(core.store.commit(change.ops));
  seeding += 1;
  pending.push(core.store.commit(core.links.simulate(change.link.id, i % 10 === 0 ? 'failed' : 'paid').ops));
  if (pending.length >= 2000) {
    await Promise.all(pending);
    pending = [];
  }
}
await Promise.all(pending);
seeding = null;
tell({
  type: 'ready',
  origin: sandbox.origin,
  seedMs: performance.now() - t0,
  deliveries: core.store.state.deliveries.size,
  rss: process.memoryUsage().rss,
});
await waitFor('stop');
await sandbox.close();
process.disconnect?.();
