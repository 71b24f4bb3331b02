import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/docker';
import { fmt, percentile } from './measure';

/**
 * The workspaces part of `npm run bench` (BENCH_PARTS=workspaces; docs/contract.md §15's targets):
 * `serve` as a user runs it, on a data folder, and through its API only:
 * - a first request in a new workspace (a create, which makes it), BENCH_WS_FIRSTS times, one after
 *   another, beside a create in a workspace already made;
 * - BENCH_WORKSPACES workspaces (default 1000; 10000 for the 10× run) made with BENCH_WS_LINKS
 *   links each (default 10), then left idle: the server's RSS per workspace, and the CPU it uses
 *   over BENCH_WS_IDLE_S seconds (default 10) with nothing asked of it.
 */
const REPO = fileURLToPath(new URL('..', import.meta.url));
const FIRSTS = Number(process.env.BENCH_WS_FIRSTS ?? 200);
const COUNT = Number(process.env.BENCH_WORKSPACES ?? 1000);
const LINKS = Number(process.env.BENCH_WS_LINKS ?? 10);
const IDLE_S = Number(process.env.BENCH_WS_IDLE_S ?? 10);
/** Requests in flight while the workspaces are filled. */
const PARALLEL = 16;
const TICKS_PER_S = 100;

export interface WorkspacesResult {
  firstMs: number[];
  madeMs: number[];
  count: number;
  links: number;
  rssBefore: number;
  rssAfter: number;
  idleCpuMs: number;
  idleS: number;
}

export const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A process's resident set size (bytes) and CPU time so far (ms, user + system), from /proc. */
export async function status(pid: number): Promise<{ rss: number; cpuMs: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command name, which may hold spaces: state, ppid, … utime (14th) and stime (15th).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return {
    rss: Number(/VmRSS:\s+(\d+) kB/.exec(text)?.[1] ?? 0) * 1024,
    cpuMs: (ticks * 1000) / TICKS_PER_S,
  };
}

/** One create with this key (the first one in a new workspace makes it); its time, ms. */
export async function create(origin: string, key: string, title: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/payment-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1500, title }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`create in ${key} answered ${res.status}`);
  return performance.now() - started;
}

export async function waitForAnswer(origin: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `serve` as a user runs it: on an ephemeral port of 127.0.0.1, a data folder, `--quiet`. */
export interface Served {
  child: ChildProcess;
  origin: string;
  pid: number;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `node src/cli/bin.mjs serve` on `dir` with `args` besides, once it answers /healthz. */
export async function serve(dir: string, args: string[]): Promise<Served> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['src/cli/bin.mjs', 'serve', '--port', String(port), '--data', dir, '--quiet', ...args],
    { cwd: REPO, stdio: 'ignore' },
  );
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited(child);
  };
  try {
    await waitForAnswer(origin, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, origin, pid: child.pid as number, stop };
}

export async function workspacesBench(root: string): Promise<WorkspacesResult> {
  console.log(
    `\n# Workspaces: a first request in a new one; ${fmt(COUNT)} of ${LINKS} links each, then idle ${IDLE_S} s`,
  );
  const dir = join(root, 'data');
  await rm(dir, { recursive: true, force: true });
  const { origin, pid, stop } = await serve(dir, ['--max-workspaces', String(COUNT + FIRSTS)]);
  try {
    for (let i = 0; i < 20; i++) await create(origin, 'sk_test_bench', 'warm-up');
    const firstMs: number[] = [];
    const madeMs: number[] = [];
    for (let i = 0; i < FIRSTS; i++) {
      firstMs.push(await create(origin, `sk_test_ws_first_${i}`, 'first'));
      madeMs.push(await create(origin, `sk_test_ws_first_${i}`, 'second'));
    }
    const rssBefore = (await status(pid)).rss;
    let next = 0;
    const fill = async (): Promise<void> => {
      for (let n = next++; n < COUNT; n = next++)
        for (let l = 0; l < LINKS; l++) await create(origin, `sk_test_ws_idle_${n}`, `link ${l}`);
    };
    await Promise.all(Array.from({ length: PARALLEL }, fill));
    // Let the start-up of the last ones (compactions, flushes) settle before measuring idle.
    await new Promise((r) => setTimeout(r, 3000));
    const before = await status(pid);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const after = await status(pid);
    const result: WorkspacesResult = {
      firstMs,
      madeMs,
      count: COUNT,
      links: LINKS,
      rssBefore,
      rssAfter: after.rss,
      idleCpuMs: after.cpuMs - before.cpuMs,
      idleS: IDLE_S,
    };
    console.log(workspacesTable(result).join('\n'));
    return result;
  } finally {
    await stop();
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

export function workspacesTable(r: WorkspacesResult): string[] {
  const ms = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
  const perWorkspace = (r.rssAfter - r.rssBefore) / r.count;
  return [
    '| workspaces | median | p99 |',
    '| --- | ---: | ---: |',
    `| a first create in a new workspace (makes it), ms | ${ms(r.firstMs, 50)} | ${ms(r.firstMs, 99)} |`,
    `| a create in a workspace already made, ms | ${ms(r.madeMs, 50)} | ${ms(r.madeMs, 99)} |`,
    '',
    `| ${fmt(r.count)} workspaces of ${r.links} links | |`,
    '| --- | ---: |',
    `| RSS before → after | ${fmt(r.rssBefore / 2 ** 20)} → ${fmt(r.rssAfter / 2 ** 20)} MiB |`,
    `| RSS per workspace | ${(perWorkspace / 1024).toFixed(0)} KiB |`,
    `| CPU while idle ${r.idleS} s | ${fmt(r.idleCpuMs)} ms (${((r.idleCpuMs / (r.idleS * 1000)) * 100).toFixed(1)} % of a core) |`,
  ];
}
