import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import type { Child, ChildMessage, Memory, MemoryWindow } from './child';
import {
  AUTH,
  durableCreate,
  fmt,
  percentile,
  randomRetrieve,
  timedLoad,
  type Shape,
  type Timeline,
} from './measure';

/**
 * The 1,000,000-link durability run (part of `BENCH_SCALE=1m npm run bench`): every link is
 * created through the API, against the sandbox in a child process (bench/sandboxServer.ts, the
 * real startSandbox), and the stores it leaves are started on again:
 *
 *   A  empty directory; `count` POST /payment-links (autocannon, 50 connections), the id of every
 *      201 kept; the store compacts on its own meanwhile. Then a normal stop.
 *   B  start on it (start-up time, RSS); GET every acknowledged id once (autocannon, each
 *      connection its own slice of the ids; the start-up compaction runs during the first seconds);
 *      then a compaction forced (IPC) under a retrieve load and another under a create load; then
 *      a create load during which the server gets SIGKILL.
 *   C  start on what the kill left (start-up time, RSS); GET every acknowledged id again (A's and
 *      B's); normal stop, which finishes C's start-up compaction.
 *   D  start on the compacted store (start-up time, RSS); stop.
 *
 * Latency during a compaction: the server reports when each compaction starts and ends (epoch ms),
 * the runner timestamps every response, and the p99 is taken over the responses that completed
 * inside a compaction's window.
 */

export interface StartRecord {
  phase: string;
  processMs: number;
  startupMs: number;
  cpuMs: number;
  links: number;
  rssAtReady: number;
  heapAtReady: number;
  files: Record<string, number>;
  /** RSS after the phase's load (the id check), bytes. */
  rssAfterLoad?: number;
}

export interface CompactionRecord extends CompactionDiagnosis {
  phase: string;
  load: string;
  why: string;
  ms: number;
  /** Responses that completed while it ran. */
  responses: number;
  p50: number;
  p99: number;
  max: number;
  /** Responses during it that took longer than 50 ms. */
  over50: number;
  /** The whole load's p99, for comparison. */
  loadP99: number;
}

export interface CheckRecord {
  phase: string;
  ids: number;
  found: number;
  /** Ids whose GET did not answer 200 with that link, even when asked again one by one. */
  missing: string[];
  seconds: number;
}

export interface MillionResult {
  count: number;
  created: { acknowledged: number; seconds: number; rps: number; cpuPerRequestUs: number; p99: number };
  /** Links acknowledged in B after A's, before and during the kill. */
  acknowledgedAfterA: number;
  /** Of those, acknowledged by the load the kill interrupted. */
  acknowledgedInKilledLoad: number;
  acknowledgedTotal: number;
  starts: StartRecord[];
  checks: CheckRecord[];
  compactions: CompactionRecord[];
  closeMs: Record<string, number>;
  /** Bytes on disk per link of the final, compacted store. */
  bytesPerLink: number;
  diskBytes: number;
}

interface Ready extends ChildMessage {
  origin: string;
  startupMs: number;
  processMs: number;
  cpuUs: number;
  links: number;
  memory: Memory;
  filesBefore: Record<string, number>;
}
interface GcStats {
  count: number;
  totalMs: number;
  maxMs: number;
}
/** What the server says about a compaction as it ends (bench/sandboxServer.ts). */
interface CompactionDiagnosis {
  /** Its synchronous start (capturing the state), ms; null when it began inside start-up. */
  syncMs?: number | null;
  loopDelay?: { maxMs: number; p99Ms: number };
  gc?: Record<string, GcStats>;
}
interface CompactionMessage extends ChildMessage, CompactionDiagnosis {
  phase: 'start' | 'end';
  at: number;
  why: string;
  ms?: number;
}
export interface CompactionWindow extends CompactionDiagnosis {
  why: string;
  start: number;
  end: number;
}

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

const CONNECTIONS = 50;
/** A bound on every load, so a dead server never leaves one running. */
const MAX_LOAD_S = 900;
const ID_AT = '{"data":{"id":"'.length;

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;
/** A load's memory, sampled: median and peak. */
const held = (w: MemoryWindow): string =>
  `RSS median ${mb(w.rssMedian)}, peak ${mb(w.rssMax)}; heap used median ${mb(w.heapUsedMedian)}, peak ${mb(w.heapUsedMax)} (${w.samples} samples)`;

/** RSS, and the part of it the JS heap holds (live objects and garbage not yet collected). */
const memoryOf = (m: Memory): string =>
  `RSS ${mb(m.rss)} (heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)})`;
const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function filesIn(dir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await readdir(dir)) out[name] = (await stat(join(dir, name))).size;
  return out;
}
const diskBytes = (files: Record<string, number>): number => Object.values(files).reduce((a, b) => a + b, 0);

/** A server child whose compactions are recorded as windows. */
export class Server {
  readonly windows: CompactionWindow[] = [];
  /** What the run recorded about this start. */
  startRecord: StartRecord | null = null;
  private open = new Map<string, number>();

  private constructor(
    readonly child: Child,
    readonly ready: Ready,
  ) {}

  static async start(spawn: Spawn, dir: string, execArgv: string[]): Promise<Server> {
    const child = spawn('./sandboxServer.ts', [dir], execArgv);
    // Messages that come before `ready` wait here until there is a Server to hand them to.
    const early: CompactionMessage[] = [];
    const holder: { server?: Server } = {};
    child.watch<CompactionMessage>('compaction', (m) =>
      holder.server ? holder.server.onCompaction(m) : early.push(m),
    );
    const server = new Server(child, await child.next<Ready>('ready'));
    holder.server = server;
    for (const m of early) server.onCompaction(m);
    return server;
  }

  private onCompaction(m: CompactionMessage): void {
    if (m.phase === 'start') this.open.set(m.why, m.at);
    else {
      this.windows.push({
        why: m.why,
        start: this.open.get(m.why) ?? m.at - (m.ms ?? 0),
        end: m.at,
        syncMs: m.syncMs,
        loopDelay: m.loopDelay,
        gc: m.gc,
      });
      this.open.delete(m.why);
    }
  }

  async cpu(): Promise<number> {
    this.child.send({ type: 'cpu' });
    return (await this.child.next<ChildMessage & { us: number }>('cpu')).us;
  }

  async memory(): Promise<Memory> {
    this.child.send({ type: 'memory' });
    return this.child.next<ChildMessage & Memory>('memory');
  }

  /** What the server held since the last call (sampled every 500 ms). */
  async memoryWindow(): Promise<MemoryWindow> {
    this.child.send({ type: 'memory-window' });
    return this.child.next<ChildMessage & MemoryWindow>('memory-window');
  }

  async compact(): Promise<number> {
    this.child.send({ type: 'compact' });
    return (await this.child.next<ChildMessage & { ms: number }>('compacted')).ms;
  }

  async stop(): Promise<number> {
    this.child.send({ type: 'stop' });
    const closed = await this.child.next<ChildMessage & { closeMs: number }>('closed');
    await this.child.exited;
    return closed.closeMs;
  }

  async kill(): Promise<void> {
    this.child.process.kill('SIGKILL');
    await this.child.exited;
  }

  /** Waits until a compaction started for `why` has ended; false if none did within `timeoutMs`. */
  async ended(why: string, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (!this.windows.some((w) => w.why === why)) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  }

  /** Waits until no compaction runs (none started, or every one started has ended). */
  async quiet(): Promise<void> {
    while (this.open.size > 0) await new Promise((r) => setTimeout(r, 50));
  }
}

/** POST /payment-links; the id of every 201 is pushed to `ids`. */
function creating(ids: string[]): Shape {
  const { path, method, headers, body } = durableCreate;
  return {
    requests: [
      {
        method,
        path,
        headers,
        body,
        onResponse: (status: number, text: string) => {
          if (status !== 201) return;
          ids.push(
            text.startsWith('{"data":{"id":"')
              ? text.slice(ID_AT, ID_AT + 36)
              : (JSON.parse(text) as { data: { id: string } }).data.id,
          );
        },
      },
    ] as autocannon.Request[],
  };
}

export function compactionStats(
  phase: string,
  load: string,
  timeline: Timeline,
  window: CompactionWindow,
): CompactionRecord {
  const during = timeline.latenciesBetween(window.start, window.end);
  const none = during.length === 0;
  const all = timeline.latency.values.subarray(0, timeline.latency.length);
  const record: CompactionRecord = {
    phase,
    load,
    why: window.why,
    ms: window.end - window.start,
    responses: during.length,
    p50: percentile(during, 50),
    p99: percentile(during, 99),
    max: during.reduce((a, b) => Math.max(a, b), -Infinity),
    over50: during.reduce((n, x) => (x > 50 ? n + 1 : n), 0),
    loadP99: percentile(all, 99),
    syncMs: window.syncMs,
    loopDelay: window.loopDelay,
    gc: window.gc,
  };
  const gc = Object.entries(window.gc ?? {})
    .map(([kind, g]) => `${kind} ${g.count}× ${g.totalMs.toFixed(0)} ms (max ${g.maxMs.toFixed(0)})`)
    .join(', ');
  console.log(
    `    compaction (${record.why}) ${s(record.ms)} under ${load}: ${
      none
        ? 'no response completed during it'
        : `${fmt(record.responses)} responses, p50 ${record.p50.toFixed(1)} ms, p99 ${record.p99.toFixed(1)} ms, max ${record.max.toFixed(0)} ms, ${fmt(record.over50)} over 50 ms`
    } (whole load p99 ${record.loadP99.toFixed(1)} ms)`,
  );
  console.log(
    `      in the server: synchronous start ${window.syncMs == null ? '—' : `${window.syncMs.toFixed(0)} ms`}, event-loop delay max ${window.loopDelay?.maxMs.toFixed(0) ?? '?'} ms (p99 ${window.loopDelay?.p99Ms.toFixed(0) ?? '?'} ms), GC pauses: ${gc || 'none'}`,
  );
  return record;
}

/**
 * GET /payment-links/{id} for every id exactly once: each of the connections gets its own slice
 * (autocannon's `amount` gives connection i exactly its share, in order). An id counts as found
 * when the answer is 200 and carries that id; ids not found are asked again one by one, so a
 * client-side hiccup is not reported as a lost link.
 */
async function checkIds(
  phase: string,
  server: Server,
  ids: readonly string[],
): Promise<{ check: CheckRecord; timeline: Timeline }> {
  const t0 = Date.now();
  const found = new Uint8Array(ids.length);
  const index = new Map<string, number>();
  for (let k = 0; k < ids.length; k++) index.set(ids[k] as string, k);
  const share = (i: number) => Math.floor(ids.length / CONNECTIONS) + (i < ids.length % CONNECTIONS ? 1 : 0);
  let next = 0;
  let from = 0;
  const load = timedLoad(
    server.ready.origin,
    {
      headers: AUTH,
      setupClient: (client) => {
        const n = share(next++);
        const requests: autocannon.Request[] = new Array<autocannon.Request>(n);
        for (let k = 0; k < n; k++) requests[k] = { method: 'GET', path: `/payment-links/${ids[from + k]}` };
        from += n;
        client.setRequests(requests);
      },
      // Every answer's body: a 200 names its link first ({"data":{"id":"…), anything else does not.
      // (A per-request onResponse would also convert every answer's headers, costing the client
      // a third of its rate.)
      verifyBody: (body) => {
        const text = typeof body === 'string' ? body : String(body);
        if (!text.startsWith('{"data":{"id":"')) return false;
        const k = index.get(text.slice(ID_AT, ID_AT + 36));
        if (k === undefined) return false;
        found[k] = 1;
        return true;
      },
    },
    { amount: ids.length, connections: CONNECTIONS, maxSeconds: MAX_LOAD_S },
  );
  await load.result;
  const missing: string[] = [];
  for (let k = 0; k < ids.length; k++) {
    if (found[k]) continue;
    const id = ids[k] as string;
    const res = await fetch(`${server.ready.origin}/payment-links/${id}`, { headers: AUTH });
    const text = await res.text();
    if (res.status === 200 && text.startsWith(id, ID_AT)) found[k] = 1;
    else missing.push(id);
  }
  const check: CheckRecord = {
    phase,
    ids: ids.length,
    found: ids.length - missing.length,
    missing,
    seconds: (Date.now() - t0) / 1000,
  };
  console.log(
    `    checked ${fmt(check.ids)} ids by GET in ${check.seconds.toFixed(0)} s: ${fmt(check.found)} found, ${fmt(missing.length)} missing${missing.length ? ` (first: ${missing.slice(0, 5).join(', ')})` : ''}`,
  );
  return { check, timeline: load.timeline };
}

async function startRecord(
  phase: string,
  server: Server,
  dir: string,
  files: Record<string, number>,
): Promise<StartRecord> {
  const r = server.ready;
  const record: StartRecord = {
    phase,
    processMs: r.processMs,
    startupMs: r.startupMs,
    cpuMs: r.cpuUs / 1000,
    links: r.links,
    rssAtReady: r.memory.rss,
    heapAtReady: r.memory.heapUsed,
    files,
  };
  server.startRecord = record;
  const described = Object.entries(files)
    .filter(([n]) => !n.startsWith('.') && n !== 'sandbox.lock')
    .map(([n, b]) => `${n} ${mb(b)}`)
    .join(', ');
  console.log(
    `  ${phase}: ${fmt(r.links)} links; process start → listening ${s(r.processMs)} (startSandbox ${s(r.startupMs)}, CPU ${s(r.cpuUs / 1000)}); RSS ${mb(r.memory.rss)} (heap ${mb(r.memory.heapUsed)}); [${described}] in ${dir}`,
  );
  return record;
}

/**
 * Right after a start on a directory with journal segments, the store folds them into the
 * snapshot: a retrieve load runs from the moment the server listens until that has ended.
 */
async function startupCompaction(phase: string, server: Server, ids: string[]): Promise<CompactionRecord[]> {
  const load = timedLoad(server.ready.origin, randomRetrieve(ids), { duration: MAX_LOAD_S });
  const ended = await server.ended('start-up', MAX_LOAD_S * 1000);
  await new Promise((r) => setTimeout(r, 500));
  load.stop();
  await load.result;
  if (!ended) console.log(`    (${phase}: no start-up compaction reported)`);
  return server.windows
    .filter((w) => w.why === 'start-up')
    .map((w) => compactionStats(phase, 'a retrieve load (random ids)', load.timeline, w));
}

/** The id check, then the compactions that ran during it, if any. */
async function checkAll(
  phase: string,
  server: Server,
  ids: string[],
  checks: CheckRecord[],
  compactions: CompactionRecord[],
): Promise<void> {
  const before = server.windows.length;
  await server.memoryWindow();
  const { check, timeline } = await checkIds(phase, server, ids);
  checks.push(check);
  console.log(`  ${phase}: while checking the ids, ${held(await server.memoryWindow())}`);
  (server.startRecord as StartRecord).rssAfterLoad = (await server.memory()).rss;
  await server.quiet();
  for (const w of server.windows.slice(before))
    compactions.push(compactionStats(phase, 'the id check (GET)', timeline, w));
}

/** A load of `shape` with one compaction forced a second in; ends a second after it. */
async function forcedCompaction(
  phase: string,
  label: string,
  server: Server,
  shape: Shape,
): Promise<CompactionRecord> {
  await server.quiet();
  const load = timedLoad(server.ready.origin, shape, { duration: MAX_LOAD_S, connections: CONNECTIONS });
  await new Promise((r) => setTimeout(r, 1000));
  const before = server.windows.length;
  await server.compact();
  await new Promise((r) => setTimeout(r, 1000));
  load.stop();
  const result = await load.result;
  const window = server.windows.slice(before).find((w) => w.why === 'forced');
  if (!window) throw new Error('the forced compaction was not reported');
  if (result.non2xx + result.errors > 0)
    console.log(`    (${label}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return compactionStats(phase, label, load.timeline, window);
}

export async function millionBench(
  root: string,
  count: number,
  spawn: Spawn,
  execArgv: string[] = [],
): Promise<MillionResult> {
  const dir = join(root, 'api-created');
  const starts: StartRecord[] = [];
  const checks: CheckRecord[] = [];
  const compactions: CompactionRecord[] = [];
  const closeMs: Record<string, number> = {};

  // ---- A: create through the API ----
  console.log(
    `\n${fmt(count)} links created through the API (POST /payment-links, ${CONNECTIONS} connections)`,
  );
  await mkdir(dir, { recursive: true });
  let server = await Server.start(spawn, dir, execArgv);
  starts.push(await startRecord('A (empty)', server, dir, await filesIn(dir)));
  const ids: string[] = [];
  const cpu0 = await server.cpu();
  await server.memoryWindow();
  const t0 = Date.now();
  const create = timedLoad(server.ready.origin, creating(ids), {
    amount: count,
    connections: CONNECTIONS,
    maxSeconds: MAX_LOAD_S,
  });
  const created = await create.result;
  const seconds = (Date.now() - t0) / 1000;
  const cpuUs = (await server.cpu()) - cpu0;
  await server.quiet();
  const createP99 = percentile(
    create.timeline.latency.values.subarray(0, create.timeline.latency.length),
    99,
  );
  console.log(
    `  A: ${fmt(ids.length)} of ${fmt(count)} acknowledged (201) in ${seconds.toFixed(0)} s, ${fmt(ids.length / seconds)} req/s, server CPU ${(cpuUs / created.requests.total).toFixed(1)} µs/req, p99 ${createP99.toFixed(1)} ms; ${created.non2xx} non-2xx, ${created.errors} errors; ${memoryOf(await server.memory())}`,
  );
  console.log(`  A: while creating, ${held(await server.memoryWindow())}`);
  for (const w of server.windows)
    compactions.push(compactionStats('A', 'the create load', create.timeline, w));
  closeMs.A = await server.stop();
  console.log(`  A: normal stop in ${s(closeMs.A)}`);
  const acknowledgedA = ids.length;

  // ---- B: after a normal stop ----
  server = await Server.start(spawn, dir, execArgv);
  starts.push(await startRecord('B (after normal stop)', server, dir, server.ready.filesBefore));
  compactions.push(...(await startupCompaction('B', server, ids)));
  await checkAll('B', server, ids, checks, compactions);
  compactions.push(await forcedCompaction('B', 'a retrieve load (random ids)', server, randomRetrieve(ids)));
  compactions.push(await forcedCompaction('B', 'a create load', server, creating(ids)));
  console.log(`  B: ${memoryOf(await server.memory())}; create load, SIGKILL 3 s in`);
  const beforeKill = ids.length;
  const dying = timedLoad(server.ready.origin, creating(ids), { duration: 30, connections: CONNECTIONS });
  await new Promise((r) => setTimeout(r, 3000));
  await server.kill();
  await new Promise((r) => setTimeout(r, 200));
  dying.stop();
  await dying.result;
  const inKilledLoad = ids.length - beforeKill;
  console.log(
    `  B: killed during the load (${fmt(inKilledLoad)} creates acknowledged in it); ${fmt(ids.length)} links acknowledged in all (${fmt(ids.length - acknowledgedA)} in B)`,
  );

  // ---- C: after kill -9 ----
  server = await Server.start(spawn, dir, execArgv);
  starts.push(await startRecord('C (after SIGKILL)', server, dir, server.ready.filesBefore));
  compactions.push(...(await startupCompaction('C', server, ids)));
  await checkAll('C', server, ids, checks, compactions);
  closeMs.C = await server.stop();
  console.log(`  C: normal stop in ${s(closeMs.C)}`);

  // ---- D: compacted ----
  server = await Server.start(spawn, dir, execArgv);
  starts.push(await startRecord('D (compacted)', server, dir, server.ready.filesBefore));
  closeMs.D = await server.stop();
  const files = await filesIn(dir);
  const bytes = diskBytes(Object.fromEntries(Object.entries(files).filter(([n]) => n !== 'sandbox.lock')));
  const links = (starts.at(-1) as StartRecord).links;
  console.log(
    `  D: ${fmt(bytes)} bytes on disk for ${fmt(links)} links: ${(bytes / links).toFixed(0)} bytes/link`,
  );

  return {
    count,
    created: {
      acknowledged: acknowledgedA,
      seconds,
      rps: acknowledgedA / seconds,
      cpuPerRequestUs: cpuUs / created.requests.total,
      p99: createP99,
    },
    acknowledgedAfterA: ids.length - acknowledgedA,
    acknowledgedTotal: ids.length,
    acknowledgedInKilledLoad: inKilledLoad,
    starts,
    checks,
    compactions,
    closeMs,
    bytesPerLink: bytes / links,
    diskBytes: bytes,
  };
}
