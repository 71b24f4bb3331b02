import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import type { Child, ChildMessage } from './child';
import { fmt } from './measure';

/**
 * Many links falling due at once: N pending links expire by an advance of the clock, and by a
 * start-up on a store whose links are overdue. While it happens a probe client here asks one thing
 * after another (a retrieve of a link that is due, then the count of pending links) and keeps
 * every wait: the longest is the figure, since a stall shows there first. The server's peak RSS
 * is sampled in the server (bench/massExpiryServer.ts).
 */

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

export interface MassCase {
  links: number;
  how: 'advance' | 'start-up' | 'advance into a paused queue';
  /** The advance's own answer, or start (spawn) → every link expired. */
  doneMs: number;
  /** start-up: spawn → listening, and spawn → first probe answered. */
  listenMs?: number;
  firstAnswerMs?: number;
  probes: number;
  probeMaxMs: number;
  probeP99Ms: number;
  /** The longest of the retrieves alone (each applies its due link first, and waits for the disk). */
  retrieveMaxMs: number;
  peakRssMb: number;
  deliveries: number;
}

const KEY = 'Bearer sk_test_bench';

async function api(origin: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Asks until `stop()`: a retrieve of the next link in line, then the pending count; keeps each wait. */
function probe(origin: string, ids: string[]) {
  const waits: number[] = [];
  const retrieves: number[] = [];
  let running = true;
  let pending = Infinity;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t = performance.now();
      const res = (await api(origin, 'GET', '/payment-links?status=pending&per_page=1')) as {
        pagination: { total: number };
      };
      waits.push(performance.now() - t);
      pending = res.pagination.total;
      const id = ids[(i * 7919) % ids.length];
      if (!id) continue;
      const r = performance.now();
      await api(origin, 'GET', `/payment-links/${id}`);
      waits.push(performance.now() - r);
      retrieves.push(performance.now() - r);
    }
  })();
  return {
    pending: () => pending,
    async stop() {
      running = false;
      await loop;
      const sorted = waits.slice().sort((a, b) => a - b);
      return {
        probes: waits.length,
        probeMaxMs: sorted.at(-1) ?? 0,
        probeP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
        retrieveMaxMs: Math.max(0, ...retrieves),
      };
    },
  };
}

async function someIds(origin: string): Promise<string[]> {
  const res = (await api(origin, 'GET', '/payment-links?status=pending&per_page=100')) as {
    data: { id: string }[];
  };
  return res.data.map((l) => l.id);
}

async function runCase(root: string, spawn: Spawn, links: number, how: MassCase['how']): Promise<MassCase> {
  const dir = join(root, `mass-${links}-${how.replace(/\W+/g, '-')}`);
  const seed = spawn('./massExpiryServer.ts', [
    dir,
    'seed',
    String(links),
    how === 'start-up' ? 'overdue' : 'future',
    ...(how === 'advance into a paused queue' ? ['paused-endpoint'] : []),
  ]);
  const seeded = await seed.next<ChildMessage & { ms: number }>('seeded');
  await seed.exited;
  console.log(`  seeded ${fmt(links)} pending links (${how}) in ${(seeded.ms / 1000).toFixed(1)} s`);

  if (how === 'start-up') {
    // The first answer names the links the probe retrieves: due ones, most not yet applied.
    const t0 = performance.now();
    const server = spawn('./massExpiryServer.ts', [dir, 'serve']);
    const ready = await server.next<ChildMessage & { origin: string }>('ready');
    const listenMs = performance.now() - t0;
    const ids = await someIds(ready.origin);
    const firstAnswerMs = performance.now() - t0;
    const p = probe(ready.origin, ids);
    while (p.pending() !== 0) await new Promise((r) => setTimeout(r, 20));
    const doneMs = performance.now() - t0;
    const stats = await p.stop();
    server.send({ type: 'stop' });
    const closed = await server.next<ChildMessage & { peakRss: number; deliveries: number }>('closed');
    await server.exited;
    return {
      links,
      how,
      doneMs,
      listenMs,
      firstAnswerMs,
      ...stats,
      peakRssMb: closed.peakRss / 1e6,
      deliveries: closed.deliveries,
    };
  }

  const server = spawn('./massExpiryServer.ts', [dir, 'serve']);
  const ready = await server.next<ChildMessage & { origin: string }>('ready');
  const ids = await someIds(ready.origin);
  const p = probe(ready.origin, ids);
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  await api(ready.origin, 'POST', '/sandbox/clock/advance', { seconds: 2 * 86_400 });
  const doneMs = performance.now() - t0;
  const stats = await p.stop();
  const left = (await api(ready.origin, 'GET', '/payment-links?status=pending&per_page=1')) as {
    pagination: { total: number };
  };
  if (left.pagination.total !== 0)
    throw new Error(`${left.pagination.total} links still pending after the advance answered`);
  server.send({ type: 'stop' });
  const closed = await server.next<ChildMessage & { peakRss: number; deliveries: number }>('closed');
  await server.exited;
  return { links, how, doneMs, ...stats, peakRssMb: closed.peakRss / 1e6, deliveries: closed.deliveries };
}

export async function massExpiryBench(root: string, spawn: Spawn, sizes: number[]): Promise<MassCase[]> {
  console.log(`\n# Mass expiry: ${sizes.map(fmt).join(' and ')} pending links falling due at once`);
  const out: MassCase[] = [];
  for (const links of sizes) {
    for (const how of (process.env.MASS_CASES?.split(',') ?? [
      'advance',
      'start-up',
      'advance into a paused queue',
    ]) as MassCase['how'][]) {
      const result = await runCase(root, spawn, links, how);
      console.log(
        `  ${fmt(links)} by ${how}: done in ${(result.doneMs / 1000).toFixed(1)} s; longest probe wait ${result.probeMaxMs.toFixed(0)} ms (p99 ${result.probeP99Ms.toFixed(0)} ms, ${fmt(result.probes)} probes; retrieves ${result.retrieveMaxMs.toFixed(0)} ms); peak RSS ${result.peakRssMb.toFixed(0)} MB` +
          (result.listenMs !== undefined
            ? `; listening after ${(result.listenMs / 1000).toFixed(1)} s, first answer after ${((result.firstAnswerMs ?? 0) / 1000).toFixed(1)} s`
            : ''),
      );
      out.push(result);
    }
  }
  return out;
}

const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

export function massExpiryTable(cases: MassCase[]): string[] {
  const lines = [
    '| Links | falling due by | all applied after | longest probe wait (p99, probes) | peak RSS | Targets |',
    '| ---: | --- | ---: | ---: | ---: | --- |',
  ];
  for (const c of cases) {
    const targets: string[] = [];
    if (c.links >= 1_000_000) targets.push(`probe ≤ 100 ms: ${verdict(c.probeMaxMs <= 100)}`);
    if (c.how === 'start-up' && c.links >= 1_000_000)
      targets.push(`answers within 10 s: ${verdict((c.firstAnswerMs ?? Infinity) <= 10_000)}`);
    if (c.how !== 'advance into a paused queue' && c.links >= 1_000_000)
      targets.push(`RSS < 2 GB: ${verdict(c.peakRssMb < 2000)}`);
    const start =
      c.how === 'start-up'
        ? ` (listening ${((c.listenMs ?? 0) / 1000).toFixed(1)} s, first answer ${((c.firstAnswerMs ?? 0) / 1000).toFixed(1)} s)`
        : '';
    lines.push(
      `| ${fmt(c.links)} | ${c.how}${c.deliveries ? ` (${fmt(c.deliveries)} deliveries waiting)` : ''} | ${(c.doneMs / 1000).toFixed(1)} s${start} | ${c.probeMaxMs.toFixed(0)} ms (${c.probeP99Ms.toFixed(0)} ms, ${fmt(c.probes)}) | ${c.peakRssMb.toFixed(0)} MB | ${targets.join('; ') || '—'} |`,
    );
  }
  return lines;
}
