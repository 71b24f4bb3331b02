import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/docker';
import { fmt } from './measure';

/**
 * The start-up part of `npm run bench` (BENCH_PARTS=startup): how long a user waits, from the moment
 * a command is typed until the first answer, beside json-server (a devDependency) in the same run.
 * Each case runs RUNS times, interleaved with the others so they share the machine's noise:
 * - `node src/cli/bin.mjs serve` on an empty data folder (GET /payment-links?per_page=1, the first API answer);
 * - `npm start` with nothing changed (Electron cannot open a window here, so it serves headless);
 * - `json-server db.json` on a two-record db.json (GET /posts);
 * - the CLI on a store of BENCH_STARTUP_LINKS links (default 100000; comma-separated, e.g.
 *   100000,1000000), seeded once, compacted.
 * The idle RSS is the whole process tree's (npm and its child, for `npm start`) one second after the
 * first answer.
 */

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const POLL_MS = 5;
const TIMEOUT_MS = 120_000;

interface Case {
  name: string;
  command: (port: number) => { file: string; args: string[] };
  path: string;
}

export interface StartupRow {
  name: string;
  answerMs: number[];
  rssBytes: number[];
}

const sandboxAnswer = '/payment-links?per_page=1';

/** RSS of a process and its descendants (Linux /proc), bytes. */
async function treeRss(pid: number): Promise<number> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0;
  const visit = async (p: number): Promise<void> => {
    try {
      const status = await readFile(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) await visit(child);
  };
  await visit(pid);
  return total;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: { authorization: 'Bearer sk_test_bench' } });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

async function once(c: Case): Promise<{ answerMs: number; rss: number }> {
  const port = await freePort();
  const { file, args } = c.command(port);
  const started = performance.now();
  // Its own process group, so npm's child goes with it.
  const child = spawn(file, args, {
    cwd: REPO,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
  });
  try {
    let answerMs = 0;
    while (!answerMs) {
      if (await answers(`http://127.0.0.1:${port}${c.path}`)) answerMs = performance.now() - started;
      else if (child.exitCode !== null) throw new Error(`${c.name} exited with ${child.exitCode}`);
      else if (performance.now() - started > TIMEOUT_MS) throw new Error(`${c.name} never answered`);
      else await new Promise((r) => setTimeout(r, POLL_MS));
    }
    await new Promise((r) => setTimeout(r, 1000));
    return { answerMs, rss: await treeRss(child.pid as number) };
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited(child);
  }
}

async function seedCompacted(dir: string, links: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/seed.ts', dir, String(links), 'snapshot', `${dir}.ids.json`],
    { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`seeding ${links} links failed (${child.exitCode})`);
  await rm(`${dir}.ids.json`, { force: true });
}

export async function startupBench(root: string): Promise<StartupRow[]> {
  console.log('\n# Start-up: process start → first answer, beside json-server');
  await mkdir(root, { recursive: true });
  const db = join(root, 'db.json');
  await writeFile(db, JSON.stringify({ posts: [{ id: 1, title: 'a' }], comments: [] }));
  const cli = (port: number, dir: string) => ({
    file: process.execPath,
    args: ['src/cli/bin.mjs', 'serve', '--port', String(port), '--data', dir, '--quiet'],
  });
  let fresh = 0;
  const emptyDir = () => join(root, `empty-${fresh++}`);
  const cases: Case[] = [
    {
      name: 'sandbox: node src/cli/bin.mjs serve, empty store',
      command: (p) => cli(p, emptyDir()),
      path: sandboxAnswer,
    },
    {
      name: 'sandbox: npm start, nothing changed (headless)',
      command: (p) => ({ file: 'npm', args: ['start', '--', '--port', String(p), '--data', emptyDir()] }),
      path: sandboxAnswer,
    },
    {
      name: 'json-server 0.17.4 db.json',
      command: (p) => ({
        file: process.execPath,
        args: ['node_modules/.bin/json-server', '--port', String(p), '--host', '127.0.0.1', '--quiet', db],
      }),
      path: '/posts',
    },
  ];
  const sizes = (process.env.BENCH_STARTUP_LINKS ?? '100000').split(',').filter(Boolean).map(Number);
  for (const links of sizes) {
    const dir = join(root, `links-${links}`);
    await seedCompacted(dir, links);
    cases.push({
      name: `sandbox: node src/cli/bin.mjs serve, ${fmt(links)} links`,
      command: (p) => cli(p, dir),
      path: sandboxAnswer,
    });
  }
  // One warm-up of each, unmeasured: the first launch after a change pays for builds and a cold disk.
  for (const c of cases) await once(c);
  const rows: StartupRow[] = cases.map((c) => ({ name: c.name, answerMs: [], rssBytes: [] }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, c] of cases.entries()) {
      const { answerMs, rss } = await once(c);
      rows[i]?.answerMs.push(answerMs);
      rows[i]?.rssBytes.push(rss);
      console.log(`  ${c.name}: ${answerMs.toFixed(0)} ms, RSS ${(rss / 1e6).toFixed(0)} MB`);
    }
  }
  return rows;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export function startupTable(rows: StartupRow[]): string[] {
  return [
    '| Start-up (process start → first answer) | runs (ms) | median | idle RSS (median) |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.answerMs.map((ms) => ms.toFixed(0)).join(', ')} | ${median(r.answerMs).toFixed(0)} ms | ${(median(r.rssBytes) / 1e6).toFixed(0)} MB |`,
    ),
  ];
}
