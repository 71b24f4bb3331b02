import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RequestHistory } from '../src/core/requestHistory';

/**
 * The request-log part of `npm run bench` (BENCH_PARTS=requestlog, not in the default run): how a
 * full request log (64 and 256 MiB, BENCH_REQUEST_LOG_MB) weighs on start-up. Each size is written
 * once, as the sandbox writes it (requests of a 500-byte body answered with 2 KiB), then a fresh
 * process starts the sandbox on it: the time until it listens, until the log is read in, and the
 * RSS then. Standalone, `node --import tsx bench/requestLogStartup.ts [REPO]` measures another
 * checkout's code (REPO) on the same files: how the figures in docs/performance.md compare.
 */

const HERE = fileURLToPath(new URL('..', import.meta.url));

export interface RequestLogStartupRow {
  mb: number;
  entries: number;
  listenMs: number;
  loadedMs: number;
  rssMb: number;
}

/** Fills a data folder's request log to just under `mb` MiB; how many entries it holds. */
export function fillRequestLog(dir: string, mb: number): number {
  const budget = mb * 1024 * 1024;
  const history = new RequestHistory(
    () => {},
    () => budget,
    dir,
  );
  const requestBody = JSON.stringify({ amount: 2500, title: 'x'.repeat(470) });
  const responseBody = JSON.stringify({ data: { id: 'pl_0', note: 'y'.repeat(2000) } });
  for (let i = 0; history.size.bytes < budget - 8 * 1024; i++)
    history.record({
      request_id: `req_${i}`,
      method: 'POST',
      path: '/payment-links',
      status: 201,
      duration_ms: 1.2,
      key_prefix: 'sk_test_ben',
      idempotency_key: null,
      replayed: false,
      at: '2026-11-26T12:00:00.000Z',
      api: true,
      request_body_length: requestBody.length,
      response_body_length: responseBody.length,
      request_body: requestBody,
      response_body: responseBody,
      request_headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
      response_headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  const { entries } = history.size;
  history.close();
  return entries;
}

/** Starts `repo`'s sandbox on `dir` in a fresh process: its start-up figures. */
async function startOn(repo: string, dir: string): Promise<Omit<RequestLogStartupRow, 'mb' | 'entries'>> {
  const script = `
    const { performance } = require('node:perf_hooks');
    const { startSandbox } = require('./src/core');
    (async () => {
      const t0 = performance.now();
      const s = await startSandbox({ port: 0, dataDir: ${JSON.stringify(dir)} });
      const listenMs = performance.now() - t0;
      // Code from before the log was read after listening has a private load(files) that ran already.
      if (s.core.requests.load.length === 0) await s.core.requests.load();
      const loadedMs = performance.now() - t0;
      const rssMb = process.memoryUsage().rss / 1024 / 1024;
      await s.close();
      console.log(JSON.stringify({ listenMs, loadedMs, rssMb }));
    })();`;
  const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', '-e', script], {
    cwd: repo,
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Omit<
    RequestLogStartupRow,
    'mb' | 'entries'
  >;
}

export async function requestLogStartupBench(repo = HERE): Promise<RequestLogStartupRow[]> {
  const sizes = (process.env.BENCH_REQUEST_LOG_MB ?? '64,256').split(',').map(Number);
  const rows: RequestLogStartupRow[] = [];
  for (const mb of sizes) {
    const dir = await mkdtemp(join(tmpdir(), 'pls-bench-reqlog-'));
    try {
      const entries = fillRequestLog(dir, mb);
      rows.push({ mb, entries, ...(await startOn(repo, dir)) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function requestLogStartupTable(rows: RequestLogStartupRow[]): string[] {
  return [
    '| Request log | Entries | Listening after | Log read in after | RSS then |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.mb} MiB | ${r.entries.toLocaleString('en')} | ${r.listenMs.toFixed(0)} ms | ${r.loadedMs.toFixed(0)} ms | ${r.rssMb.toFixed(0)} MB |`,
    ),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await requestLogStartupBench(process.argv[2] ?? HERE);
  console.log(requestLogStartupTable(rows).join('\n'));
}
