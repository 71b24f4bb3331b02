import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/docker';
import { fmt } from './measure';

/**
 * The fixture-links part of `npm run bench` (BENCH_PARTS=fixtures): a configuration file declaring
 * BENCH_FIXTURE_LINKS fixture links (default 100000; comma-separated, e.g. 100000,1000000) in every
 * state the file allows, with one webhook endpoint that nothing answers (the app under test not up
 * yet), applied by `node src/cli/bin.mjs serve --config` on an empty data folder. Timed from the
 * command to `/healthz` answering and to every link listed, then `POST /sandbox/reset` until it
 * answers and every link is listed again; RSS after each and at its peak. BENCH_FIXTURE_RUNS runs
 * each (default 3), after one unmeasured launch that pays for the CLI's build.
 */

const REPO = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_FIXTURE_RUNS ?? 3);
const POLL_MS = 10;
const TIMEOUT_MS = 600_000;
const KEY = { authorization: 'Bearer sk_test_bench' };
/** Four pending to three paid and one each of the other states: the console's sample mix. */
const STATES = [
  undefined,
  'pending',
  undefined,
  'pending',
  'succeeded',
  'succeeded',
  'succeeded',
  'failed',
  'expired',
  'canceled',
] as const;

export interface FixtureRun {
  links: number;
  fileBytes: number;
  /** Command → /healthz 200, and → the list counting every link. */
  healthMs: number | null;
  listedMs: number | null;
  resetMs: number | null;
  relistedMs: number | null;
  /** The sandbox's CPU time (user + system) up to the listed start, and the reset's own. */
  cpuStartMs: number;
  cpuResetMs: number;
  rssStarted: number;
  rssReset: number;
  rssPeak: number;
  /** Set when the sandbox refused the file or did not get there: its last stderr line. */
  failed?: string;
}

/** A file of `count` fixture links: every state, some with a lifetime, a reference or a note. */
async function writeConfiguration(file: string, count: number): Promise<number> {
  const links: string[] = [];
  for (let n = 0; n < count; n++) {
    const status = STATES[n % STATES.length];
    links.push(
      JSON.stringify({
        id: randomUUID(),
        amount: 10_000 + ((n * 7_919) % 9_973) * 10,
        title: `Fixture #${n + 1}`,
        ...(n % 3 === 0 ? { reference_id: `FX-${n + 1}` } : {}),
        ...(n % 5 === 0 ? { note: 'Declared in the configuration file' } : {}),
        ...(n % 7 === 0 ? { expires_in_seconds: 3_600 } : {}),
        ...(status ? { status } : {}),
      }),
    );
  }
  const head = JSON.stringify({
    version: 1,
    endpoints: [
      {
        id: 'we_app',
        url: 'http://127.0.0.1:9/webhooks',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        events: ['payment_link.paid', 'payment_link.failed'],
      },
    ],
  });
  // Written in pieces: a million links joined into one string would be most of a gigabyte.
  await writeFile(file, `${head.slice(0, -1)},"links":[\n`);
  for (let i = 0; i < links.length; i += 10_000)
    await appendFile(file, links.slice(i, i + 10_000).join(',\n') + (i + 10_000 < links.length ? ',\n' : ''));
  await appendFile(file, '\n]}\n');
  return (await stat(file)).size;
}

/** CPU time the process has used (utime + stime, /proc/PID/stat), ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Polls until `check` holds, for the ms since `started`; null when the process ended first. */
async function until(
  child: ChildProcess,
  started: number,
  check: () => Promise<boolean>,
): Promise<number | null> {
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (child.exitCode !== null) return null;
    if (performance.now() - started > TIMEOUT_MS) throw new Error('the sandbox never got there');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function listsAll(origin: string, count: number): Promise<boolean> {
  const res = await fetch(`${origin}/payment-links?per_page=1`, { headers: KEY });
  const body = (await res.json()) as { pagination?: { total: number } };
  return res.status === 200 && body.pagination?.total === count;
}

async function once(root: string, file: string, count: number, fileBytes: number): Promise<FixtureRun> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const data = join(root, `data-${randomUUID()}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['src/cli/bin.mjs', 'serve', '--port', String(port), '--data', data, '--config', file, '--quiet'],
    { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const pid = child.pid as number;
  const run: FixtureRun = {
    links: count,
    fileBytes,
    healthMs: null,
    listedMs: null,
    resetMs: null,
    relistedMs: null,
    cpuStartMs: 0,
    cpuResetMs: 0,
    rssStarted: 0,
    rssReset: 0,
    rssPeak: 0,
  };
  try {
    run.healthMs = await until(child, started, async () => (await fetch(`${origin}/healthz`)).ok);
    run.listedMs = await until(child, started, () => listsAll(origin, count));
    if (run.listedMs === null) return { ...run, failed: stderr.trim().split('\n').at(-1) ?? '' };
    run.rssStarted = (await memory(pid)).rss;
    run.cpuStartMs = await cpuMs(pid);
    const resetAt = performance.now();
    const reset = await fetch(`${origin}/sandbox/reset`, { method: 'POST', headers: KEY });
    await reset.arrayBuffer();
    if (!reset.ok) return { ...run, failed: `reset answered ${reset.status}` };
    run.resetMs = performance.now() - resetAt;
    run.relistedMs = await until(child, resetAt, () => listsAll(origin, count));
    run.cpuResetMs = (await cpuMs(pid)) - run.cpuStartMs;
    const after = await memory(pid);
    run.rssReset = after.rss;
    run.rssPeak = after.peak;
    return run;
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await rm(data, { recursive: true, force: true });
  }
}

export async function fixturesBench(root: string): Promise<FixtureRun[]> {
  console.log('\n# Fixture links: a configuration file applied at start and by POST /sandbox/reset');
  await mkdir(root, { recursive: true });
  const sizes = (process.env.BENCH_FIXTURE_LINKS ?? '100000').split(',').filter(Boolean).map(Number);
  const runs: FixtureRun[] = [];
  // Unmeasured: the first launch after a change builds the CLI.
  const build = spawn(process.execPath, ['src/cli/bin.mjs', '--version'], { cwd: REPO, stdio: 'ignore' });
  await exited(build);
  for (const count of sizes) {
    const file = join(root, `fixtures-${count}.json`);
    const fileBytes = await writeConfiguration(file, count);
    console.log(`  ${fmt(count)} links: ${(fileBytes / 1e6).toFixed(1)} MB file`);
    for (let i = 0; i < RUNS; i++) {
      const run = await once(root, file, count, fileBytes);
      runs.push(run);
      const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
      console.log(
        run.failed
          ? `    refused or stopped: ${run.failed}`
          : `    healthz ${s(run.healthMs)}, listed ${s(run.listedMs)} (CPU ${s(run.cpuStartMs)}), RSS ${mb(run.rssStarted)}; reset ${s(run.resetMs)}, listed ${s(run.relistedMs)} (CPU ${s(run.cpuResetMs)}), RSS ${mb(run.rssReset)}, peak ${mb(run.rssPeak)}`,
      );
      if (run.failed) break;
    }
    await rm(file, { force: true });
  }
  return runs;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export function fixturesTable(runs: FixtureRun[]): string[] {
  const lines = [
    '| Fixture links | file | first start: /healthz | all listed (CPU) | POST /sandbox/reset (CPU) | RSS started / reset / peak |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const links of [...new Set(runs.map((r) => r.links))]) {
    const of = runs.filter((r) => r.links === links);
    const done = of.filter((r) => !r.failed);
    const file = `${((of[0]?.fileBytes ?? 0) / 1e6).toFixed(0)} MB`;
    if (done.length === 0) {
      lines.push(`| ${fmt(links)} | ${file} | refused: ${of[0]?.failed ?? ''} | | | |`);
      continue;
    }
    const s = (pick: (r: FixtureRun) => number | null) =>
      `${(median(done.map((r) => pick(r) ?? NaN)) / 1000).toFixed(2)} s`;
    lines.push(
      `| ${fmt(links)} | ${file} | ${s((r) => r.healthMs)} | ${s((r) => r.listedMs)} (${s((r) => r.cpuStartMs)}) | ${s((r) => r.resetMs)} (${s((r) => r.cpuResetMs)}) | ${mb(median(done.map((r) => r.rssStarted)))} / ${mb(median(done.map((r) => r.rssReset)))} / ${mb(median(done.map((r) => r.rssPeak)))} |`,
    );
  }
  return lines;
}
