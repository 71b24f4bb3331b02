import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance, PerformanceObserver, type EntryType } from 'node:perf_hooks';
import { keepHeapNearLiveData } from '../src/core/heapGrowth';
import { startSandbox } from '../src/core/index';
import { LINK_STATUSES } from '../src/shared/types';
import { answerCpuProbes, answerMemoryProbes, epochMs, tell, waitFor, type ChildMessage } from './child';

/**
 * The sandbox under test, in its own process. Modules are loaded first; the start-up time is
 * from calling startSandbox on the existing data directory until it listens (store read, journal
 * replay, indexes, scheduler, Fastify app and listen). `processMs` is the same moment measured
 * from process start, so it also counts Node, tsx and module loading. `memory` is
 * process.memoryUsage() right then.
 *
 * Compactions are reported as they start and end ({ type: 'compaction', phase, at } with `at` in
 * epoch ms, see epochMs), so the runner can pick out the requests answered while one ran; the
 * message { type: 'compact' } forces one, answered by { type: 'compacted', ms } once it is done.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: sandboxServer.ts <dataDir>');

async function filesIn(dir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await readdir(dir)) out[name] = (await stat(join(dir, name))).size;
  return out;
}

// As `serve` does before it starts.
keepHeapNearLiveData(dataDir);
const filesBefore = await filesIn(dataDir);
const startedAt = epochMs();
const t0 = performance.now();
// The API alone: without the request history kept for the console's Requests screen, unless
// BENCH_REQUEST_LOG=1 asks for it as `serve` runs (issue 28: its cost at 1M links).
const sandbox = await startSandbox({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  ...(process.env.BENCH_REQUEST_LOG === '1' ? {} : { requestLog: false }),
});
const startupMs = performance.now() - t0;
const processMs = performance.now();
const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
const cpuAtReady = process.cpuUsage();

// Garbage-collection pauses, kept so that a compaction's report can say how much of it was GC.
const GC_KIND: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weakcb' };
const gcPauses: { start: number; ms: number; kind: string }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
    gcPauses.push({
      start: performance.timeOrigin + e.startTime,
      ms: e.duration,
      kind: GC_KIND[kind] ?? String(kind),
    });
  }
  if (gcPauses.length > 100_000) gcPauses.splice(0, 50_000);
}).observe({ entryTypes: ['gc' as EntryType] });

function gcBetween(
  from: number,
  to: number,
): Record<string, { count: number; totalMs: number; maxMs: number }> {
  const out: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
  for (const p of gcPauses) {
    if (p.start < from || p.start > to) continue;
    const k = (out[p.kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
    k.count++;
    k.totalMs += p.ms;
    k.maxMs = Math.max(k.maxMs, p.ms);
  }
  return out;
}

// Compaction tracking, from outside the store: the policy calls `this.compact()`, so an own
// property wraps every compaction it starts; the one Store.open starts on a directory with journal
// segments is already running, and is read from the store's (TypeScript-private) field.
const store = sandbox.core.store;
const compact = store.compact.bind(store);
let tracked: Promise<void> | null = null;
// Store.open schedules the start-up compaction with setImmediate; when startSandbox resolves
// without the event loop having turned, that call reaches the wrapper below, right after this.
let reason = 'start-up';
setImmediate(() => (reason = 'policy'));
/**
 * Reports a compaction's start and end; the end also says how long its synchronous start took
 * (the capture of the state, before the first await), the GC pauses and the event loop's delays
 * while it ran (sampled every 5 ms: the longest time a ready callback, a request, had to wait).
 */
function track(compaction: Promise<void>, at: number, why: string, syncMs: number | null): void {
  if (tracked === compaction) return;
  tracked = compaction;
  tell({ type: 'compaction', phase: 'start', at, why });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  void compaction.finally(() => {
    delay.disable();
    const end = epochMs();
    tell({
      type: 'compaction',
      phase: 'end',
      at: end,
      ms: end - at,
      why,
      syncMs,
      loopDelay: { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 },
      gc: gcBetween(at, end),
    });
    if (tracked === compaction) tracked = null;
  });
}
store.compact = () => {
  const at = epochMs();
  const compaction = compact();
  track(compaction, at, reason, epochMs() - at);
  return compaction;
};
const atStart = (store as unknown as { compaction: Promise<void> | null }).compaction;
if (atStart) track(atStart, startedAt, 'start-up', null);
process.on('message', (m: ChildMessage) => {
  if (m.type !== 'compact') return;
  const at = epochMs();
  const was = reason;
  reason = 'forced';
  void store.compact().then(() => tell({ type: 'compacted', ms: epochMs() - at }));
  reason = was;
});

const byStatus: Record<string, number> = {};
for (const status of LINK_STATUSES) {
  byStatus[status] = sandbox.core.store.state.links.list({ status, offset: 0, limit: 0 }).total;
}
answerCpuProbes();
answerMemoryProbes();
tell({
  type: 'ready',
  origin: sandbox.origin,
  startupMs,
  processMs,
  /** CPU time (user + system, all threads, µs) from process start until listening. */
  cpuUs: cpuAtReady.user + cpuAtReady.system,
  memory: { rss, heapUsed, heapTotal, external },
  links: sandbox.core.store.state.links.size,
  byStatus,
  filesBefore,
});

await waitFor('stop');
const c0 = performance.now();
await sandbox.close();
tell({
  type: 'closed',
  closeMs: performance.now() - c0,
  links: sandbox.core.store.state.links.size,
  filesAfter: await filesIn(dataDir),
});
process.disconnect?.();
