import { performance } from 'node:perf_hooks';
import {
  ciBuildArgs,
  containerState,
  docker,
  engineProblem,
  freePort,
  IMAGE,
  readmeDockerCommands,
} from '../src/test/docker';
import { fmt } from './measure';

/**
 * The container part of `npm run bench` (BENCH_PARTS=container): the image the README builds
 * (on PLS_NODE_IMAGE when set, as CI does), then
 * 1. its size beside its base's, as `docker image inspect` reports both;
 * 2. start-up, five fresh containers on empty volumes: from `docker run` until GET /healthz first
 *    answers 200 from the host, and until Docker's own health check reports the container healthy
 *    (what a CI service or compose's depends_on waits for).
 * Skipped, with the reason, when no Docker engine answers.
 */

const RUNS = 5;

export interface ContainerResult {
  imageBytes: number;
  baseBytes: number;
  base: string;
  answeredMs: number[];
  healthyMs: number[];
}

const sizeOf = async (image: string): Promise<number> =>
  Number(await docker(['image', 'inspect', '--format', '{{.Size}}', image]));

async function answered(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

async function startOnce(run: number): Promise<{ answeredMs: number; healthyMs: number }> {
  const port = await freePort();
  const name = `pls-bench-${process.pid}-${run}`;
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  try {
    await docker(['run', '-d', '--name', name, '--network', 'host', '-e', `PLS_PORT=${port}`, IMAGE]);
    let answeredMs = 0;
    for (;;) {
      if (!answeredMs && (await answered(origin))) answeredMs = performance.now() - started;
      const state = await containerState(name);
      if (state.Health?.Status === 'healthy')
        return {
          answeredMs: answeredMs || performance.now() - started,
          healthyMs: performance.now() - started,
        };
      if (state.Status !== 'running' || performance.now() - started > 60_000)
        throw new Error(`container ${name}: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await docker(['rm', '--force', '--volumes', name]).catch(() => undefined);
  }
}

export async function containerBench(): Promise<ContainerResult | string> {
  const problem = await engineProblem();
  if (problem) {
    console.log(`\ncontainer: skipped (${problem})`);
    return problem;
  }
  console.log('\ncontainer');
  const [build] = readmeDockerCommands();
  await docker(ciBuildArgs(build as string));
  const base = process.env.PLS_NODE_IMAGE ?? 'node:20-bookworm-slim';
  const [imageBytes, baseBytes] = [await sizeOf(IMAGE), await sizeOf(base)];
  console.log(`  image ${fmt(imageBytes)} bytes, base ${base} ${fmt(baseBytes)} bytes`);
  const answeredMs: number[] = [];
  const healthyMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const once = await startOnce(run);
    answeredMs.push(once.answeredMs);
    healthyMs.push(once.healthyMs);
    console.log(
      `  start ${run + 1}: /healthz answers after ${once.answeredMs.toFixed(0)} ms, healthy after ${once.healthyMs.toFixed(0)} ms`,
    );
  }
  return { imageBytes, baseBytes, base, answeredMs, healthyMs };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export function containerTable(result: ContainerResult | string): string[] {
  if (typeof result === 'string') return [`Container: not measured (${result}).`];
  const added = (result.imageBytes - result.baseBytes) / 1e6;
  const healthy = median(result.healthyMs);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['Container (issue 19)', 'Target', 'Measured', 'Result']),
    row(['---', '---', '---', '---']),
    row([
      `image size minus its base (${result.base})`,
      '< 60 MB',
      `${added.toFixed(1)} MB (${(result.imageBytes / 1e6).toFixed(1)} − ${(result.baseBytes / 1e6).toFixed(1)} MB)`,
      added < 60 ? 'PASS' : 'MISS',
    ]),
    row([
      `\`docker run\` → Docker reports healthy, median of ${result.healthyMs.length}`,
      '< 2 s',
      `${(healthy / 1000).toFixed(2)} s (max ${(Math.max(...result.healthyMs) / 1000).toFixed(2)} s)`,
      healthy < 2000 ? 'PASS' : 'MISS',
    ]),
    row([
      '`docker run` → GET /healthz answers 200 from the host, median',
      '—',
      `${(median(result.answeredMs) / 1000).toFixed(2)} s (max ${(Math.max(...result.answeredMs) / 1000).toFixed(2)} s)`,
      '—',
    ]),
  ];
}
