import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child, type ChildMessage } from './child';
import {
  CONNECTIONS,
  DURATION_S,
  WARMUP_S,
  durableCreate,
  fmt,
  listPending,
  measure,
  randomRetrieve,
  type CpuProbe,
  type Measurement,
} from './measure';
import { webhookBench, webhookTable } from './webhooks';

/**
 * `npm run bench`: throughput and latency of the Payment Links API against a bare node:http
 * baseline, at 10,000 and 100,000 stored links, plus start-up time with 100,000 links, and
 * webhook delivery latency and throughput (bench/webhooks.ts).
 *
 * Every server runs in its own child process; autocannon runs here. With two cores that gives the
 * server one core and the load generator the other, instead of both fighting over one event loop.
 * Environment: BENCH_DURATION (s, default 6), BENCH_WARMUP (s, default 2),
 * BENCH_PROFILE=<dir> (servers run with --cpu-prof into <dir>).
 */

const SMALL = 10_000;
const LARGE = 100_000;
const profileDir = process.env.BENCH_PROFILE;
const serverExecArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

const children = new Set<Child>();
let root = '';

async function cleanup(): Promise<void> {
  for (const c of children) c.process.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
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
  return JSON.parse(await readFile(idsFile, 'utf8')) as string[];
}

interface Ready extends ChildMessage {
  origin: string;
  startupMs: number;
  processMs: number;
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
  body: (ready: Ready, cpu: CpuProbe) => Promise<T>,
): Promise<{ result: T; ready: Ready; closed: Closed }> {
  const child = spawn(script, args, serverExecArgv);
  const ready = await child.next<Ready>('ready');
  const cpu: CpuProbe = async () => {
    child.send({ type: 'cpu' });
    return (await child.next<ChildMessage & { us: number }>('cpu')).us;
  };
  try {
    const result = await body(ready, cpu);
    child.send({ type: 'stop' });
    const closed = await child.next<Closed>('closed');
    await child.exited;
    return { result, ready, closed };
  } catch (err) {
    child.process.kill('SIGKILL');
    throw err;
  }
}

const describeFiles = (files: Record<string, number>): string =>
  Object.entries(files)
    .filter(([name]) => !name.startsWith('.'))
    .map(([name, size]) => `${name} ${(size / 1e6).toFixed(1)} MB`)
    .join(', ');

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

interface Level {
  links: number;
  bare: Measurement;
  retrieve: Measurement;
  list: Measurement;
  create: Measurement;
}

async function bare(ids: string[]): Promise<Measurement> {
  const { result } = await withServer('./bareServer.ts', [], (ready, cpu) =>
    measure('bare node:http', ready.origin, randomRetrieve(ids), cpu),
  );
  return result;
}

async function level(links: number, dir: string, ids: string[]): Promise<Level> {
  console.log(`\n${fmt(links)} links`);
  // The baseline is measured right before each level, so the ratio compares like with like
  // even when other work on the machine changes during the run.
  const bareRun = await bare(ids);
  const { result, ready } = await withServer('./sandboxServer.ts', [dir], async (r, cpu) => {
    const retrieve = await measure('retrieve GET /payment-links/{id}', r.origin, randomRetrieve(ids), cpu);
    const list = await measure('list ?status=pending&per_page=25', r.origin, listPending, cpu);
    const create = await measure('durable create POST', r.origin, durableCreate, cpu);
    return { retrieve, list, create };
  });
  console.log(
    `  (server loaded ${fmt(ready.links)} links ${JSON.stringify(ready.byStatus)}; start-up ${ready.startupMs.toFixed(0)} ms)`,
  );
  return { links, bare: bareRun, ...result };
}

interface StartupRun {
  startupMs: number;
  processMs: number;
}

async function startup(dir: string, label: string): Promise<StartupRun> {
  const { ready, closed } = await withServer('./sandboxServer.ts', [dir], async () => undefined);
  if (ready.links < LARGE) throw new Error(`${label}: only ${ready.links} links loaded`);
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  console.log(
    [
      `  ${label.padEnd(20)}`,
      `startSandbox→listening ${ms(ready.startupMs)}`,
      `process start→listening ${ms(ready.processMs)}`,
      `[${describeFiles(ready.filesBefore)}] → close ${ms(closed.closeMs)} [${describeFiles(closed.filesAfter)}]`,
    ].join('   '),
  );
  return { startupMs: ready.startupMs, processMs: ready.processMs };
}

const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;

async function main(): Promise<void> {
  const started = Date.now();
  const load0 = loadavg();
  console.log(
    `Payment Links Sandbox benchmark — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured, 127.0.0.1; load average ${load0.map((x) => x.toFixed(2)).join(' ')}`,
  );
  root = await mkdtemp(join(tmpdir(), 'pls-bench-'));

  console.log('\nSeeding');
  const dirSmall = join(root, 'links-10k');
  const idsSmall = await seed(dirSmall, SMALL, 'snapshot');
  const dirJournal = join(root, 'links-100k-journal');
  const idsLarge = await seed(dirJournal, LARGE, 'journal');

  const small = await level(SMALL, dirSmall, idsSmall);

  console.log(`\nStart-up with ${fmt(LARGE)} links (fresh process each)`);
  // A start-up on a journal-only directory folds the journal into the snapshot in the background
  // (finished by close), so each journal run gets its own copy; the last copy, now compacted,
  // serves the compacted runs and the 100k load test.
  const journalRuns: StartupRun[] = [];
  const dirLarge = join(root, 'links-100k');
  for (let i = 0; i < 2; i++) {
    const copy = i === 1 ? dirLarge : join(root, `links-100k-journal-copy${i}`);
    await cp(dirJournal, copy, { recursive: true });
    journalRuns.push(await startup(copy, 'journal only'));
    if (copy !== dirLarge) await rm(copy, { recursive: true, force: true });
  }
  await rm(dirJournal, { recursive: true, force: true });
  const snapshotRuns: StartupRun[] = [];
  for (let i = 0; i < 3; i++) snapshotRuns.push(await startup(dirLarge, 'compacted snapshot'));

  const large = await level(LARGE, dirLarge, idsLarge);
  const webhooks = await webhookBench(join(root, 'webhooks'), spawn, serverExecArgv);

  // ---- summary ----
  const createTarget = 5000;
  const retrieveOk = (l: Level) => l.retrieve.rps >= 0.7 * l.bare.rps;
  const createKeep = large.create.rps / small.create.rps;
  const jMed = median(journalRuns.map((r) => r.startupMs));
  const sMed = median(snapshotRuns.map((r) => r.startupMs));
  const jProc = median(journalRuns.map((r) => r.processMs));
  const sProc = median(snapshotRuns.map((r) => r.processMs));
  const anyErrors = [small, large].some((l) =>
    [l.bare, l.retrieve, l.list, l.create].some((m) => m.non2xx + m.errors + m.timeouts > 0),
  );

  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
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
    ['start-up, compacted snapshot', snapshotRuns, sMed, sProc],
    ['start-up, journal only', journalRuns, jMed, jProc],
  ] as const;
  const table2: string[] = [];
  table2.push(
    row([
      'Start-up with 100,000 links',
      'runs (ms)',
      'startSandbox → listening (median)',
      'process start → listening (median)',
      'Target',
      'Result',
    ]),
  );
  table2.push(row(['---', '---', '---:', '---:', '---', '---']));
  for (const [name, runs, med, proc] of startupRows) {
    table2.push(
      row([
        name,
        runs.map((r) => r.startupMs.toFixed(0)).join(', '),
        `${med.toFixed(0)} ms`,
        `${proc.toFixed(0)} ms`,
        '< 2 s',
        verdict(med < 2000),
      ]),
    );
  }

  const load1 = loadavg();
  console.log('\n## Results\n');
  console.log(lines.join('\n'));
  console.log('');
  console.log(table2.join('\n'));
  console.log('');
  console.log(webhookTable(webhooks).join('\n'));
  console.log(
    `\n${anyErrors ? 'WARNING: some requests failed (non-2xx, errors or timeouts); see the lines above.\n' : 'Every request answered 2xx.\n'}` +
      `Load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}; ` +
      `total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
}

try {
  await main();
} finally {
  await cleanup();
}
