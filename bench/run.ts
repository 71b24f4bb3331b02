import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child, type ChildMessage, type Memory } from './child';
import {
  CONNECTIONS,
  DURATION_S,
  WARMUP_S,
  durableCreate,
  fmt,
  listPending,
  measure,
  randomRetrieve,
  timedLoad,
  type CpuProbe,
  type Measurement,
} from './measure';
import { compactionStats, millionBench, Server, type CompactionRecord, type MillionResult } from './million';
import { eventStreamBench, eventStreamTable } from './eventStream';
import { webhookBench, webhookTable } from './webhooks';
import { massExpiryBench, massExpiryTable, type MassCase } from './massExpiry';
import { webhookBodiesBench, webhookBodiesTable, type BodiesResult } from './webhookBodies';
import { containerBench, containerTable, type ContainerResult } from './container';
import { logsTailBench, logsTailTable, type LogsTailRun } from './logsTail';
import { downEndpointsBench, downEndpointsTable } from './downEndpoints';
import { startupBench, startupTable, type StartupRow } from './startup';
import { requestLogStartupBench, requestLogStartupTable } from './requestLogStartup';
import { fixturesBench, fixturesTable, type FixtureRun } from './fixtures';
import { workspacesBench, workspacesTable, type WorkspacesResult } from './workspaces';
import { workspaceIsolationBench, workspaceIsolationTable, type IsolationResult } from './workspaceIsolation';
import { compareBench } from './compare';
import { payloadSearchBench, payloadSearchTable, type SearchResult } from './payloadSearch';

/**
 * `npm run bench`: throughput and latency of the Payment Links API against a bare node:http
 * baseline, at 10,000 and 100,000 stored links, plus start-up time with 100,000 links, memory and
 * bytes on disk, webhook delivery latency and throughput (bench/webhooks.ts), and 100,000 and
 * 1,000,000 pending links falling due at once, by an advance and by a start-up on overdue links
 * (bench/massExpiry.ts; BENCH_MASS_SIZES picks other sizes), and the server's memory while an
 * endpoint answers every webhook with a 100 MB page (bench/webhookBodies.ts), and the container: its
 * size over its base and its start to healthy (bench/container.ts; skipped with no Docker engine),
 * and `logs tail --json` following 2,000 and more requests a second (bench/logsTail.ts), and the
 * API's pace while 100 endpoints are down and their deliveries retry (bench/downEndpoints.ts), and
 * start-up through the CLI and `npm start` beside json-server (bench/startup.ts), and a configuration
 * file of 100,000 fixture links applied at start and by a reset (bench/fixtures.ts).
 *
 * `BENCH_COMPARE=<rev> npm run bench` is the compare run instead: the API part (retrieve, list,
 * create) of this checkout and of another revision, interleaved, with each figure's ratio
 * (bench/compare.ts). Run it for any change on the request path (docs/performance.md).
 *
 * `BENCH_SCALE=1m npm run bench` (or `npm run bench -- --million`) is the scale run instead:
 * 10,000, 100,000 and 1,000,000 seeded links, each with start-up (journal-only and compacted),
 * RSS, bytes per link, retrieve/list/create beside a bare node:http and a bare Fastify server;
 * then 1,000,000 links created through the API, stopped, killed and started on again
 * (bench/million.ts). It takes about a quarter of an hour and ~5 GB under /tmp at its peak.
 *
 * Every server runs in its own child process; autocannon runs here. With two cores that gives the
 * server one core and the load generator the other, instead of both fighting over one event loop.
 * Environment: BENCH_DURATION (s, default 6), BENCH_WARMUP (s, default 2),
 * BENCH_PROFILE=<dir> (servers run with --cpu-prof into <dir>); for the scale run also
 * BENCH_LEVELS (default 10000,100000,1000000), BENCH_API_LINKS (default 1000000) and
 * BENCH_PARTS (default levels,api). BENCH_KEEP=1 leaves the last data directories in place.
 */

const scale = process.env.BENCH_SCALE ?? (process.argv.includes('--million') ? '1m' : '');
if (scale !== '' && scale !== '1m') throw new Error(`BENCH_SCALE=${scale}: the only scale is 1m`);
const MILLION = scale === '1m';
const SMALL = 10_000;
const LARGE = 100_000;
const profileDir = process.env.BENCH_PROFILE;
const serverExecArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

const children = new Set<Child>();
let root = '';

async function cleanup(): Promise<void> {
  for (const c of children) c.process.kill('SIGKILL');
  if (root && process.env.BENCH_KEEP) console.log(`(kept ${root})`);
  else if (root) await rm(root, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

function spawn(script: string, args: string[], execArgv: string[] = []): Child {
  const child = startChild(script, args, execArgv);
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

async function seed(dir: string, count: number, layout: 'snapshot' | 'journal'): Promise<string[]> {
  const idsFile = `${dir}.ids.json`;
  const child = spawn('./seed.ts', [dir, String(count), layout, idsFile]);
  const done = await child.next<ChildMessage & { ms: number }>('seeded');
  await child.exited;
  console.log(`  seeded ${fmt(count)} links (${layout}) in ${(done.ms / 1000).toFixed(1)} s`);
  const ids = JSON.parse(await readFile(idsFile, 'utf8')) as string[];
  await rm(idsFile, { force: true });
  return ids;
}

interface Ready extends ChildMessage {
  origin: string;
  startupMs: number;
  processMs: number;
  /** CPU time (all threads, µs) from process start until listening. */
  cpuUs: number;
  memory: Memory;
  links: number;
  byStatus: Record<string, number>;
  filesBefore: Record<string, number>;
}
interface Closed extends ChildMessage {
  closeMs: number;
  filesAfter: Record<string, number>;
}

async function withServer<T>(
  script: string,
  args: string[],
  body: (ready: Ready, cpu: CpuProbe, memory: () => Promise<Memory>) => Promise<T>,
): Promise<{ result: T; ready: Ready; closed: Closed }> {
  const child = spawn(script, args, serverExecArgv);
  // Compactions are only followed in the runs that ask (Server); the rest need not keep them.
  child.watch('compaction', () => undefined);
  const ready = await child.next<Ready>('ready');
  const cpu: CpuProbe = async () => {
    child.send({ type: 'cpu' });
    return (await child.next<ChildMessage & { us: number }>('cpu')).us;
  };
  const memory = async () => {
    child.send({ type: 'memory' });
    return child.next<ChildMessage & Memory>('memory');
  };
  try {
    const result = await body(ready, cpu, memory);
    child.send({ type: 'stop' });
    const closed = await child.next<Closed>('closed');
    await child.exited;
    return { result, ready, closed };
  } catch (err) {
    child.process.kill('SIGKILL');
    throw err;
  }
}

const isData = (name: string): boolean => !name.startsWith('.') && name !== 'sandbox.lock';

const describeFiles = (files: Record<string, number>): string =>
  Object.entries(files)
    .filter(([name]) => isData(name))
    .map(([name, size]) => `${name} ${(size / 1e6).toFixed(1)} MB`)
    .join(', ');

/** Bytes of the store's files (snapshot and journal segments) in a data directory. */
async function dataBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) if (isData(name)) total += (await stat(join(dir, name))).size;
  return total;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

interface Plan {
  links: number;
  /** How the store is seeded: compacted, or journal-only (then start-up runs compact it). */
  layout: 'snapshot' | 'journal';
  journalRuns: number;
  compactedRuns: number;
  /** Also measure a bare Fastify route doing the lookup. */
  fastify: boolean;
  /** Run a retrieve load during the compaction that follows the first journal-only start-up. */
  loadDuringStartupCompaction: boolean;
}

interface StartupRun {
  startupMs: number;
  processMs: number;
  cpuMs: number;
  rss: number;
  closeMs: number;
}

interface Level {
  links: number;
  bare: Measurement;
  fastify: Measurement | null;
  retrieve: Measurement;
  list: Measurement;
  create: Measurement;
  journalRuns: StartupRun[];
  compactedRuns: StartupRun[];
  /** The sandbox of the load test, right after start-up and after its three loads. */
  rssAtReady: number;
  rssAfterLoad: number;
  heapAfterLoad: number;
  journalBytesPerLink: number | null;
  compactedBytesPerLink: number;
  startupCompaction: CompactionRecord | null;
}

async function bare(ids: string[]): Promise<Measurement> {
  const { result } = await withServer('./bareServer.ts', [], (ready, cpu) =>
    measure('bare node:http', ready.origin, randomRetrieve(ids), cpu),
  );
  return result;
}

async function bareFastify(dir: string, ids: string[]): Promise<Measurement> {
  const { result } = await withServer('./bareFastifyServer.ts', [dir], (ready, cpu) =>
    measure('bare Fastify route (Map lookup)', ready.origin, randomRetrieve(ids), cpu),
  );
  return result;
}

async function startup(dir: string, label: string, links: number): Promise<StartupRun> {
  const { ready, closed } = await withServer('./sandboxServer.ts', [dir], async () => undefined);
  if (ready.links < links) throw new Error(`${label}: only ${ready.links} links loaded`);
  return reportStartup(label, ready, closed);
}

function reportStartup(label: string, ready: Ready, closed: Closed): StartupRun {
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  console.log(
    [
      `  ${label.padEnd(20)}`,
      `startSandbox→listening ${ms(ready.startupMs)}`,
      `process start→listening ${ms(ready.processMs)}`,
      `CPU ${ms(ready.cpuUs / 1000)}`,
      `RSS ${mb(ready.memory.rss)}`,
      `[${describeFiles(ready.filesBefore)}] → close ${ms(closed.closeMs)} [${describeFiles(closed.filesAfter)}]`,
    ].join('   '),
  );
  return {
    startupMs: ready.startupMs,
    processMs: ready.processMs,
    cpuMs: ready.cpuUs / 1000,
    rss: ready.memory.rss,
    closeMs: closed.closeMs,
  };
}

/**
 * A journal-only start-up that compacts right after start: a retrieve load runs from the moment
 * it listens until that compaction has ended, and the latencies during it are reported.
 */
async function startupUnderLoad(
  dir: string,
  ids: string[],
  links: number,
): Promise<{ run: StartupRun; compaction: CompactionRecord | null }> {
  const server = await Server.start(spawn, dir, serverExecArgv);
  const ready = server.ready as unknown as Ready;
  if (ready.links < links) throw new Error(`journal only: only ${ready.links} links loaded`);
  const load = timedLoad(ready.origin, randomRetrieve(ids), { duration: 600 });
  // The compaction may be reported only just after `ready` (Store.open starts it on the next turn).
  if (!(await server.ended('start-up', 600_000))) console.log('  (no start-up compaction reported)');
  await new Promise((r) => setTimeout(r, 500));
  load.stop();
  await load.result;
  const window = server.windows.find((w) => w.why === 'start-up');
  const compaction = window ? compactionStats('start-up', 'a retrieve load', load.timeline, window) : null;
  server.child.send({ type: 'stop' });
  const closed = await server.child.next<Closed>('closed');
  await server.child.exited;
  return { run: reportStartup('journal only+load', ready, closed), compaction };
}

async function level(plan: Plan): Promise<Level> {
  const { links } = plan;
  console.log(`\n${fmt(links)} links`);
  const seeded = join(root, `links-${links}-${plan.layout}`);
  const ids = await seed(seeded, links, plan.layout);
  const journalBytes = plan.layout === 'journal' ? await dataBytes(seeded) : null;

  // A start-up on a journal-only directory folds the journal into the snapshot in the background
  // (finished by close), so each journal run gets its own copy; the last copy, now compacted,
  // serves the compacted runs and the load tests.
  const journalRuns: StartupRun[] = [];
  let startupCompaction: CompactionRecord | null = null;
  let dir = seeded;
  if (plan.layout === 'journal') {
    console.log(`  start-up, fresh process each:`);
    dir = join(root, `links-${links}`);
    for (let i = 0; i < plan.journalRuns; i++) {
      const copy = i === plan.journalRuns - 1 ? dir : join(root, `links-${links}-copy${i}`);
      await cp(seeded, copy, { recursive: true });
      if (i === 0 && plan.loadDuringStartupCompaction) {
        const { run, compaction } = await startupUnderLoad(copy, ids, links);
        journalRuns.push(run);
        startupCompaction = compaction;
      } else journalRuns.push(await startup(copy, 'journal only', links));
      if (copy !== dir) await rm(copy, { recursive: true, force: true });
    }
    await rm(seeded, { recursive: true, force: true });
  }
  const compactedBytes = await dataBytes(dir);
  const compactedRuns: StartupRun[] = [];
  for (let i = 0; i < plan.compactedRuns; i++)
    compactedRuns.push(await startup(dir, 'compacted snapshot', links));

  console.log(`  load:`);
  // The baselines are measured right before the sandbox, so the ratio compares like with like
  // even when other work on the machine changes during the run.
  const bareRun = await bare(ids);
  const fastifyRun = plan.fastify ? await bareFastify(dir, ids) : null;
  const { result, ready } = await withServer('./sandboxServer.ts', [dir], async (r, cpu, memory) => {
    const retrieve = await measure('retrieve GET /payment-links/{id}', r.origin, randomRetrieve(ids), cpu);
    const list = await measure('list ?status=pending&per_page=25', r.origin, listPending, cpu);
    const create = await measure('durable create POST', r.origin, durableCreate, cpu);
    return { retrieve, list, create, after: await memory() };
  });
  console.log(
    `  (server loaded ${fmt(ready.links)} links ${JSON.stringify(ready.byStatus)}; start-up ${ready.startupMs.toFixed(0)} ms; RSS ${mb(ready.memory.rss)} at start, ${mb(result.after.rss)} after the loads (heap ${mb(result.after.heapUsed)}))`,
  );
  console.log(
    `  on disk: ${journalBytes === null ? '' : `journal-only ${(journalBytes / links).toFixed(0)} bytes/link, `}compacted ${(compactedBytes / links).toFixed(0)} bytes/link`,
  );
  await rm(dir, { recursive: true, force: true });
  return {
    links,
    bare: bareRun,
    fastify: fastifyRun,
    retrieve: result.retrieve,
    list: result.list,
    create: result.create,
    journalRuns,
    compactedRuns,
    rssAtReady: ready.memory.rss,
    rssAfterLoad: result.after.rss,
    heapAfterLoad: result.after.heapUsed,
    journalBytesPerLink: journalBytes === null ? null : journalBytes / links,
    compactedBytesPerLink: compactedBytes / links,
    startupCompaction,
  };
}

const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const ratio = (x: number) => `${x.toFixed(2)}×`;

/** The default run's tables: the request path at 10k and 100k against the first issue's targets. */
function defaultTables(small: Level, large: Level): string[] {
  const createTarget = 5000;
  const retrieveOk = (l: Level) => l.retrieve.rps >= 0.7 * l.bare.rps;
  const createKeep = large.create.rps / small.create.rps;
  const lines: string[] = [];
  lines.push(
    row([
      'Scenario',
      'Links',
      'req/s',
      'p50 ms',
      'p99 ms',
      'server CPU µs/req',
      'Target',
      'Measured',
      'Result',
    ]),
  );
  lines.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---', '---', '---']));
  for (const l of [small, large]) {
    const n = fmt(l.links);
    const m = (x: Measurement) => [
      fmt(x.rps),
      x.p50.toFixed(1),
      x.p99.toFixed(1),
      x.cpuPerRequestUs.toFixed(1),
    ];
    lines.push(row(['bare node:http (baseline)', n, ...m(l.bare), '—', '—', '—']));
    lines.push(
      row([
        'retrieve `GET /payment-links/{id}`',
        n,
        ...m(l.retrieve),
        '≥ 70 % of bare req/s',
        `${pct(l.retrieve.rps / l.bare.rps)} (CPU/req: bare = ${pct(l.bare.cpuPerRequestUs / l.retrieve.cpuPerRequestUs)} of retrieve)`,
        verdict(retrieveOk(l)),
      ]),
    );
    lines.push(
      row([
        'list `?status=pending&per_page=25`',
        n,
        ...m(l.list),
        l === large ? 'p99 < 20 ms' : '— (100k only)',
        `p99 ${l.list.p99.toFixed(1)} ms`,
        l === large ? verdict(l.list.p99 < 20) : 'info',
      ]),
    );
    lines.push(
      row([
        'durable create `POST /payment-links`',
        n,
        ...m(l.create),
        l === small ? `≥ ${fmt(createTarget)} req/s` : '≥ 60 % of the 10k rate',
        l === small ? `${fmt(l.create.rps)} req/s` : pct(createKeep),
        l === small ? verdict(l.create.rps >= createTarget) : verdict(createKeep >= 0.6),
      ]),
    );
  }
  const startupRows = [
    ['start-up, compacted snapshot', large.compactedRuns],
    ['start-up, journal only', large.journalRuns],
  ] as const;
  lines.push('');
  lines.push(
    row([
      'Start-up with 100,000 links',
      'runs (ms)',
      'startSandbox → listening (median)',
      'process start → listening (median)',
      'Target',
      'Result',
    ]),
  );
  lines.push(row(['---', '---', '---:', '---:', '---', '---']));
  for (const [name, runs] of startupRows) {
    const med = median(runs.map((r) => r.startupMs));
    lines.push(
      row([
        name,
        runs.map((r) => r.startupMs.toFixed(0)).join(', '),
        ms(med),
        ms(median(runs.map((r) => r.processMs))),
        '< 2 s',
        verdict(med < 2000),
      ]),
    );
  }
  lines.push('');
  lines.push(memoryTable([small, large]).join('\n'));
  return lines;
}

/** Memory and disk per level. */
function memoryTable(levels: Level[]): string[] {
  const lines = [
    row([
      'Links',
      'RSS after start-up',
      'RSS after the loads (heap used)',
      'on disk, compacted',
      'on disk, journal only',
    ]),
    row(['---:', '---:', '---:', '---:', '---:']),
  ];
  for (const l of levels) {
    lines.push(
      row([
        fmt(l.links),
        mb(l.rssAtReady),
        `${mb(l.rssAfterLoad)} (${mb(l.heapAfterLoad)})`,
        `${l.compactedBytesPerLink.toFixed(0)} bytes/link`,
        l.journalBytesPerLink === null ? '—' : `${l.journalBytesPerLink.toFixed(0)} bytes/link`,
      ]),
    );
  }
  return lines;
}

/** The scale run's tables: start-up, memory, disk and CPU per request at each level. */
function scaleTables(levels: Level[]): string[] {
  const lines: string[] = [];
  const medianOf = (runs: StartupRun[], key: 'processMs' | 'startupMs' | 'cpuMs') =>
    runs.length ? median(runs.map((r) => r[key])) : NaN;
  lines.push(
    row([
      'Links',
      'start-up, compacted: process start → listening (startSandbox; CPU)',
      'start-up, journal only: process start → listening (startSandbox; CPU)',
      'RSS after start-up',
      'RSS after the loads (heap used)',
      'on disk, compacted',
      'on disk, journal only',
    ]),
  );
  lines.push(row(['---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const l of levels) {
    lines.push(
      row([
        fmt(l.links),
        `${ms(medianOf(l.compactedRuns, 'processMs'))} (${ms(medianOf(l.compactedRuns, 'startupMs'))}; ${ms(medianOf(l.compactedRuns, 'cpuMs'))})`,
        `${ms(medianOf(l.journalRuns, 'processMs'))} (${ms(medianOf(l.journalRuns, 'startupMs'))}; ${ms(medianOf(l.journalRuns, 'cpuMs'))})`,
        mb(l.rssAtReady),
        `${mb(l.rssAfterLoad)} (${mb(l.heapAfterLoad)})`,
        `${l.compactedBytesPerLink.toFixed(0)} B/link`,
        l.journalBytesPerLink === null ? '—' : `${l.journalBytesPerLink.toFixed(0)} B/link`,
      ]),
    );
  }
  lines.push('');
  lines.push(
    row([
      'Server CPU µs/request (req/s, p99 ms)',
      ...levels.map((l) => fmt(l.links)),
      ...levels.slice(1).map((l) => `${fmt(l.links)} ÷ ${fmt(levels[0]?.links ?? 0)}`),
    ]),
  );
  lines.push(row(['---', ...levels.map(() => '---:'), ...levels.slice(1).map(() => '---:')]));
  const scenario = (name: string, pick: (l: Level) => Measurement | null) => {
    const first = levels[0] ? pick(levels[0]) : null;
    lines.push(
      row([
        name,
        ...levels.map((l) => {
          const m = pick(l);
          return m ? `${m.cpuPerRequestUs.toFixed(1)} (${fmt(m.rps)}, ${m.p99.toFixed(0)})` : '—';
        }),
        ...levels.slice(1).map((l) => {
          const m = pick(l);
          return m && first ? ratio(m.cpuPerRequestUs / first.cpuPerRequestUs) : '—';
        }),
      ]),
    );
  };
  scenario('bare node:http, fixed body', (l) => l.bare);
  scenario('bare Fastify route, Map lookup', (l) => l.fastify);
  scenario('retrieve `GET /payment-links/{id}`', (l) => l.retrieve);
  scenario('list `?status=pending&per_page=25`', (l) => l.list);
  scenario('durable create `POST /payment-links`', (l) => l.create);
  lines.push(
    row([
      'retrieve ÷ bare Fastify',
      ...levels.map((l) => (l.fastify ? ratio(l.retrieve.cpuPerRequestUs / l.fastify.cpuPerRequestUs) : '—')),
      ...levels.slice(1).map(() => ''),
    ]),
  );
  return lines;
}

function millionTable(m: MillionResult): string[] {
  const lines: string[] = [];
  lines.push(
    row([
      'Phase',
      'links',
      'process start → listening',
      'startSandbox',
      'CPU to listening',
      'RSS after start-up',
      'RSS after the id check',
    ]),
  );
  lines.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const st of m.starts) {
    lines.push(
      row([
        st.phase,
        fmt(st.links),
        ms(st.processMs),
        ms(st.startupMs),
        ms(st.cpuMs),
        mb(st.rssAtReady),
        st.rssAfterLoad === undefined ? '—' : mb(st.rssAfterLoad),
      ]),
    );
  }
  lines.push('');
  lines.push(
    row([
      'Compaction',
      'under',
      'took',
      'its synchronous start',
      'responses during it',
      'p50 ms',
      'p99 ms',
      'max ms',
      '> 50 ms',
    ]),
  );
  lines.push(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const c of m.compactions.filter((x) => x.responses > 0)) {
    lines.push(
      row([
        `${c.phase}: ${c.why}`,
        c.load,
        `${(c.ms / 1000).toFixed(1)} s`,
        c.syncMs == null ? '—' : `${c.syncMs.toFixed(0)} ms`,
        fmt(c.responses),
        c.p50.toFixed(1),
        c.p99.toFixed(1),
        c.max.toFixed(0),
        fmt(c.over50),
      ]),
    );
  }
  return lines;
}

function targetTable(levels: Level[], m: MillionResult | null, apiLinks: number): string[] {
  const lines = [row(['Target (issue 9)', 'Measured', 'Result']), row(['---', '---', '---'])];
  const small = levels.find((l) => l.links === SMALL);
  const big = levels.find((l) => l.links === 1_000_000) ?? levels.at(-1);
  if (m) {
    const restarts = m.starts.filter((st) => st.phase !== 'A (empty)');
    const worst = restarts.reduce((a, b) => (b.processMs > a.processMs ? b : a));
    const rssMax = Math.max(...restarts.map((st) => st.rssAtReady));
    const lost = m.checks.reduce((a, c) => a + c.missing.length, 0);
    lines.push(
      row([
        `${fmt(apiLinks)} links created through the API survive a normal stop and SIGKILL; every id retrievable`,
        `${fmt(m.created.acknowledged)} acknowledged (+${fmt(m.acknowledgedAfterA)} later); ${m.checks.map((c) => `${c.phase}: ${fmt(c.found)}/${fmt(c.ids)} found`).join(', ')}`,
        verdict(lost === 0 && m.created.acknowledged === apiLinks),
      ]),
    );
    lines.push(
      row([
        'start-up on them < 10 s (aim 8 s), process start → listening',
        restarts.map((st) => `${st.phase.split(' ')[0]} ${(st.processMs / 1000).toFixed(1)} s`).join(', '),
        `${verdict(worst.processMs < 10_000)}${worst.processMs < 8000 ? ' (aim met)' : ' (aim missed)'}`,
      ]),
    );
    lines.push(
      row([
        'RSS after start-up < 2 GB',
        restarts.map((st) => `${st.phase.split(' ')[0]} ${mb(st.rssAtReady)}`).join(', '),
        verdict(rssMax < 2e9),
      ]),
    );
    // A's compactions ran on smaller stores (each at twice the links of the one before): its
    // last one is the largest; B's and C's ran on all of them.
    const lastA = m.compactions.filter((c) => c.phase === 'A').at(-1);
    const large = m.compactions.filter((c) => (c.phase !== 'A' || c === lastA) && c.responses > 0);
    lines.push(
      row([
        'p99 ≤ 50 ms while a compaction runs at 1M',
        large.map((c) => `${c.phase} ${c.why} under ${c.load}: p99 ${c.p99.toFixed(1)} ms`).join('; ') ||
          'none ran',
        verdict(large.length > 0 && large.every((c) => c.p99 <= 50)),
      ]),
    );
  }
  if (small && big && big !== small) {
    for (const [name, pick] of [
      ['retrieve', (l: Level) => l.retrieve],
      ['list', (l: Level) => l.list],
      ['create', (l: Level) => l.create],
    ] as const) {
      const r = pick(big).cpuPerRequestUs / pick(small).cpuPerRequestUs;
      lines.push(
        row([
          `${name}: CPU/request at ${fmt(big.links)} ≤ 1.25× at 10k`,
          `${pick(big).cpuPerRequestUs.toFixed(1)} vs ${pick(small).cpuPerRequestUs.toFixed(1)} µs: ${ratio(r)}`,
          verdict(r <= 1.25),
        ]),
      );
    }
  }
  for (const l of [small, big]) {
    if (!l?.fastify || (l === big && big === small)) continue;
    const r = l.retrieve.cpuPerRequestUs / l.fastify.cpuPerRequestUs;
    lines.push(
      row([
        `retrieve ≤ 1.2× a bare Fastify route at ${fmt(l.links)}`,
        `${l.retrieve.cpuPerRequestUs.toFixed(1)} vs ${l.fastify.cpuPerRequestUs.toFixed(1)} µs: ${ratio(r)}`,
        verdict(r <= 1.2),
      ]),
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const started = Date.now();
  const load0 = loadavg();
  console.log(
    `Payment Links Sandbox benchmark${MILLION ? ' (scale run)' : ''} — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured, 127.0.0.1; load average ${load0.map((x) => x.toFixed(2)).join(' ')}`,
  );
  root = await mkdtemp(join(tmpdir(), 'pls-bench-'));

  const levels: Level[] = [];
  let million: MillionResult | null = null;
  let webhooks: Awaited<ReturnType<typeof webhookBench>> | null = null;
  let eventStream: Awaited<ReturnType<typeof eventStreamBench>> | null = null;
  let mass: MassCase[] | null = null;
  let bodies: BodiesResult | null = null;
  let container: ContainerResult | string | null = null;
  let logsTail: LogsTailRun[] | null = null;
  let downSlices: number[] | null = null;
  let startup: StartupRow[] | null = null;
  let fixtures: FixtureRun[] | null = null;
  let workspaces: WorkspacesResult | null = null;
  const search: SearchResult[] = [];
  let isolation: IsolationResult | null = null;
  const apiLinks = Number(process.env.BENCH_API_LINKS ?? 1_000_000);
  if (MILLION) {
    const parts = (process.env.BENCH_PARTS ?? 'levels,api').split(',');
    const sizes = (process.env.BENCH_LEVELS ?? '10000,100000,1000000').split(',').map(Number);
    if (parts.includes('levels')) {
      for (const links of sizes) {
        levels.push(
          await level({
            links,
            layout: 'journal',
            journalRuns: 2,
            compactedRuns: 3,
            fastify: true,
            loadDuringStartupCompaction: true,
          }),
        );
      }
    }
    if (parts.includes('api')) million = await millionBench(root, apiLinks, spawn, serverExecArgv);
  } else {
    const plans: Plan[] = [
      {
        links: SMALL,
        layout: 'snapshot',
        journalRuns: 0,
        compactedRuns: 0,
        fastify: false,
        loadDuringStartupCompaction: false,
      },
      {
        links: LARGE,
        layout: 'journal',
        journalRuns: 2,
        compactedRuns: 3,
        fastify: false,
        loadDuringStartupCompaction: false,
      },
    ];
    // BENCH_PARTS picks parts of the default run (levels, webhooks, events, mass, bodies, container,
    // logs, down, startup, fixtures, workspaces, search), all by default; isolation and requestlog
    // only when named.
    const parts = (
      process.env.BENCH_PARTS ??
      'levels,webhooks,events,mass,bodies,container,logs,down,startup,fixtures,workspaces,search'
    ).split(',');
    if (parts.includes('levels')) for (const plan of plans) levels.push(await level(plan));
    if (parts.includes('webhooks'))
      webhooks = await webhookBench(join(root, 'webhooks'), spawn, serverExecArgv);
    if (parts.includes('events'))
      eventStream = await eventStreamBench(join(root, 'event-stream'), spawn, serverExecArgv);
    if (parts.includes('mass')) {
      const sizes = (process.env.BENCH_MASS_SIZES ?? '100000,1000000').split(',').map(Number);
      mass = await massExpiryBench(root, spawn, sizes);
    }
    if (parts.includes('bodies')) bodies = await webhookBodiesBench(root, spawn, 3000);
    if (parts.includes('container')) container = await containerBench();
    if (parts.includes('logs')) logsTail = await logsTailBench(join(root, 'logs-tail'), spawn);
    if (parts.includes('down')) downSlices = await downEndpointsBench(join(root, 'down'), spawn);
    if (parts.includes('startup')) startup = await startupBench(join(root, 'startup'));
    if (parts.includes('fixtures')) fixtures = await fixturesBench(join(root, 'fixtures'));
    if (parts.includes('workspaces')) workspaces = await workspacesBench(join(root, 'workspaces'));
    if (parts.includes('search')) {
      const sizes = (process.env.BENCH_SEARCH_SIZES ?? '10000,100000').split(',').map(Number);
      for (const size of sizes) search.push(await payloadSearchBench(size));
    }
    // Only when named: it makes 10,000 workspaces and 100,000 links, and takes about 3 minutes.
    if (parts.includes('isolation'))
      isolation = await workspaceIsolationBench(join(root, 'isolation'), spawn);
    // Only when named: it writes a 256 MiB log.
    if (parts.includes('requestlog'))
      console.log(`\n${requestLogStartupTable(await requestLogStartupBench()).join('\n')}`);
  }

  // ---- summary ----
  const anyErrors = levels.some((l) =>
    [l.bare, l.fastify, l.retrieve, l.list, l.create].some(
      (m) => m !== null && m.non2xx + m.errors + m.timeouts > 0,
    ),
  );
  const load1 = loadavg();
  console.log('\n## Results\n');
  if (!MILLION) {
    if (levels.length === 2) console.log(defaultTables(levels[0] as Level, levels[1] as Level).join('\n'));
    if (webhooks) console.log(`\n${webhookTable(webhooks).join('\n')}`);
    if (eventStream) console.log(`\n${eventStreamTable(eventStream).join('\n')}`);
    if (mass) console.log(`\n${massExpiryTable(mass).join('\n')}`);
    if (bodies) console.log(`\n${webhookBodiesTable(bodies).join('\n')}`);
    if (container) console.log(`\n${containerTable(container).join('\n')}`);
    if (logsTail) console.log(`\n${logsTailTable(logsTail).join('\n')}`);
    if (downSlices) console.log(`\n${downEndpointsTable(downSlices).join('\n')}`);
    if (startup) console.log(`\n${startupTable(startup).join('\n')}`);
    if (fixtures) console.log(`\n${fixturesTable(fixtures).join('\n')}`);
    if (workspaces) console.log(`\n${workspacesTable(workspaces).join('\n')}`);
    if (search.length) console.log(`\n${payloadSearchTable(search).join('\n')}`);
    if (isolation) console.log(`\n${workspaceIsolationTable(isolation).join('\n')}`);
  } else {
    if (levels.length) console.log(scaleTables(levels).join('\n'));
    const compactionsAtStart = levels.filter((l) => l.startupCompaction);
    if (compactionsAtStart.length) {
      console.log('');
      console.log(
        row([
          'Journal-only start-up, then a retrieve load',
          'compaction took',
          'responses',
          'p50 ms',
          'p99 ms',
          'max ms',
        ]),
      );
      console.log(row(['---:', '---:', '---:', '---:', '---:', '---:']));
      for (const l of compactionsAtStart) {
        const c = l.startupCompaction as CompactionRecord;
        const none = c.responses === 0;
        console.log(
          row([
            fmt(l.links),
            `${(c.ms / 1000).toFixed(1)} s`,
            none ? '0 (it ended before the first answer)' : fmt(c.responses),
            none ? '—' : c.p50.toFixed(1),
            none ? '—' : c.p99.toFixed(1),
            none ? '—' : c.max.toFixed(0),
          ]),
        );
      }
    }
    if (million) console.log(`\n${millionTable(million).join('\n')}`);
    console.log(`\n${targetTable(levels, million, apiLinks).join('\n')}`);
  }
  console.log(
    `\n${anyErrors ? 'WARNING: some requests failed (non-2xx, errors or timeouts); see the lines above.\n' : 'Every measured request answered 2xx.\n'}` +
      `Load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}; ` +
      `total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
}

try {
  const compare = process.env.BENCH_COMPARE;
  if (compare) await compareBench(compare);
  else await main();
} finally {
  await cleanup();
}
