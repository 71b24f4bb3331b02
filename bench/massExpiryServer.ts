import { performance } from 'node:perf_hooks';
import { SandboxCore, startSandbox } from '../src/core/index';
import type { Clock } from '../src/core/clock';
import { tell, waitFor } from './child';

/**
 * The mass-expiry benchmark's child (bench/massExpiry.ts runs it).
 *
 *   massExpiryServer.ts <dir> seed <count> future|overdue [paused-endpoint]
 *     fills <dir> with <count> pending links through the real write path, compacted into one
 *     snapshot: "future" ones expire a day from now (an advance of two days makes them all due);
 *     "overdue" ones were made three days ago and expired two days ago (a start-up finds them due).
 *     "paused-endpoint" adds a webhook endpoint with the delivery queue paused, so every expiry
 *     also stores a delivery that waits (what a tester's app would get, without sending a million).
 *   massExpiryServer.ts <dir> serve
 *     starts the sandbox on <dir> and says `ready` once it listens; samples its RSS every 20 ms and
 *     reports the peak, and the RSS when it began to listen, with `closed` when told to stop
 *     (bench/webhookBodies.ts uses it too).
 */
const [dir, mode, countArg, when, extra] = process.argv.slice(2);
if (!dir || (mode !== 'seed' && mode !== 'serve')) throw new Error('usage: see the comment above');

if (mode === 'seed') {
  const count = Number(countArg);
  const offsetMs = when === 'overdue' ? -3 * 86_400_000 : 0;
  const clock: Clock = { now: () => Date.now() + offsetMs };
  const core = await SandboxCore.open({
    dataDir: dir,
    clock,
    compactAfter: Number.MAX_SAFE_INTEGER,
    schedulerIntervalMs: 3_600_000,
    webhookEndpoints: extra === 'paused-endpoint' ? [{ url: 'http://127.0.0.1:9/webhooks' }] : [],
  });
  const compactNow = core.store.compact.bind(core.store);
  core.store.compact = () => Promise.resolve();
  if (extra === 'paused-endpoint') await core.store.commit([{ op: 'queue', paused: true }]);
  const t0 = performance.now();
  let wave: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const { ops } = core.links.create(
      { amount: 10_000 + i, title: `Mass ${i}` },
      core.settings,
      'http://127.0.0.1:4545',
      core.settlementAccountId,
    );
    wave.push(core.store.commit(ops));
    if (wave.length >= 1000) {
      await Promise.all(wave);
      wave = [];
    }
  }
  await Promise.all(wave);
  core.scheduler.stop();
  await compactNow();
  await core.close();
  tell({ type: 'seeded', ms: performance.now() - t0 });
} else {
  const t0 = performance.now();
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir: dir, requestLog: false });
  const baselineRss = process.memoryUsage().rss;
  tell({
    type: 'ready',
    origin: sandbox.origin,
    startupMs: performance.now() - t0,
    processMs: performance.now(),
  });
  let peakRss = baselineRss;
  /** What the RSS held at its peak: the JS heap in use and as reserved, and memory outside it (buffers). */
  let atPeak = { heapUsed: 0, heapTotal: 0, external: 0 };
  const sampler = setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    if (rss > peakRss) [peakRss, atPeak] = [rss, { heapUsed, heapTotal, external }];
  }, 20);
  await waitFor('stop');
  clearInterval(sampler);
  const deliveries = sandbox.core.store.state.deliveries.size;
  await sandbox.close();
  tell({ type: 'closed', peakRss, atPeak, baselineRss, deliveries });
}
process.disconnect?.();
