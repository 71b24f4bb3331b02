import { spawn as spawnProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Child, ChildMessage } from './child';
import { AUTH, fmt } from './measure';

/**
 * `logs tail --json` under load (BENCH_PARTS=logs; issue 19's target: it keeps up with 2,000
 * requests/s). A durable sandbox with its request log on; the real CLI follows it; autocannon sends
 * creates at a fixed rate for BENCH_LOGS_SECONDS (default 10) at each rate in BENCH_LOGS_RATES
 * (default 2000,4000), then as fast as the server goes. "Kept up" means every request's line
 * arrived, none twice, and the last one within a second of the load's end.
 */
const SECONDS = Number(process.env.BENCH_LOGS_SECONDS ?? 10);
const RATES = (process.env.BENCH_LOGS_RATES ?? '2000,4000').split(',').map(Number);
const REPO = fileURLToPath(new URL('..', import.meta.url));

export interface LogsTailRun {
  /** Requests per second asked for; 0 = as fast as the server answers. */
  targetRate: number;
  sent: number;
  achievedRate: number;
  lines: number;
  duplicates: number;
  /** From the load's end until the tail had printed a line for every request. */
  catchUpMs: number | null;
}

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

export async function logsTailBench(dir: string, spawn: Spawn): Promise<LogsTailRun[]> {
  console.log(
    `\nlogs tail --json: creates at ${RATES.join(', ')} and unbounded requests/s, ${SECONDS} s each`,
  );
  const child = spawn('./eventStreamServer.ts', [dir]);
  const runs: LogsTailRun[] = [];
  try {
    const { origin } = await child.next<ChildMessage & { origin: string }>('ready');
    for (const rate of [...RATES, 0]) runs.push(await oneRun(origin, rate));
  } finally {
    child.send({ type: 'stop' });
    await child.exited;
  }
  return runs;
}

async function oneRun(origin: string, rate: number): Promise<LogsTailRun> {
  const tail = spawnProcess(
    process.execPath,
    ['src/cli/bin.mjs', 'logs', 'tail', '--json', '--base-url', origin, '--api-key', 'sk_test_bench'],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const seen = new Set<string>();
  let lines = 0;
  let duplicates = 0;
  let pending = '';
  let onLine: () => void = () => undefined;
  tail.stdout.setEncoding('utf8');
  tail.stdout.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      const entry = JSON.parse(line) as { type: string; request_id?: string; path?: string };
      if (entry.type !== 'api_request' || entry.path !== '/payment-links') continue;
      lines++;
      if (seen.has(entry.request_id as string)) duplicates++;
      seen.add(entry.request_id as string);
    }
    onLine();
  });
  // The tail is following once a request made now shows up in it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const base = lines;
  const load = await autocannon({
    url: `${origin}/payment-links`,
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 150_000, title: 'Logged' }),
    connections: 20,
    duration: SECONDS,
    ...(rate > 0 ? { overallRate: rate } : {}),
  });
  const ended = performance.now();
  const sent = load['2xx'];
  const caughtUp = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 30_000);
    onLine = () => {
      if (lines - base >= sent) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    onLine();
  });
  const catchUpMs = caughtUp ? performance.now() - ended : null;
  tail.kill('SIGTERM');
  await new Promise((resolve) => tail.once('close', resolve));
  const run: LogsTailRun = {
    targetRate: rate,
    sent,
    achievedRate: sent / SECONDS,
    lines: lines - base,
    duplicates,
    catchUpMs,
  };
  console.log(
    `  ${rate ? `${fmt(rate)}/s` : 'unbounded'}: ${fmt(run.sent)} created (${fmt(run.achievedRate)}/s), ${fmt(run.lines)} lines, ${duplicates} twice, caught up ${catchUpMs === null ? 'NEVER (30 s)' : `${fmt(catchUpMs)} ms after the load`}`,
  );
  return run;
}

export function logsTailTable(runs: LogsTailRun[]): string[] {
  return [
    '| `logs tail --json` under creates | requests | rate achieved /s | lines | twice | caught up after the load |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (r) =>
        `| ${r.targetRate ? `${fmt(r.targetRate)}/s asked` : 'as fast as it goes'} | ${fmt(r.sent)} | ${fmt(r.achievedRate)} | ${fmt(r.lines)} | ${r.duplicates} | ${r.catchUpMs === null ? 'never (30 s)' : `${fmt(r.catchUpMs)} ms`} |`,
    ),
  ];
}
