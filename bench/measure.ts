import { loadavg } from 'node:os';
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
export const AUTH = { authorization: 'Bearer sk_test_bench' };

export interface Measurement {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Server process CPU (user + system) per request, µs. */
  cpuPerRequestUs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What to send; `path` is appended to the server's origin. */
export type Shape = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests' | 'setupClient'> & {
  path?: string;
};

/** Distinct prebuilt requests per connection: enough to spread reads over the whole store. */
const PER_CONNECTION = 2000;

/**
 * GET /payment-links/{random id of `ids`}. Each connection gets its own random sample of ids as
 * prebuilt static requests, which autocannon cycles through without rebuilding a request per
 * call (a setupRequest per call costs the load generator a third of its throughput, and the bare
 * baseline is then limited by the client rather than by the server).
 */
export function randomRetrieve(ids: readonly string[]): Shape {
  return {
    headers: AUTH,
    setupClient: (client) => {
      const requests: autocannon.Request[] = [];
      for (let i = 0; i < PER_CONNECTION; i++) {
        requests.push({
          method: 'GET',
          path: `/payment-links/${ids[Math.floor(Math.random() * ids.length)]}`,
        });
      }
      client.setRequests(requests);
    },
  };
}

export const listPending: Shape = {
  method: 'GET',
  path: '/payment-links?status=pending&per_page=25',
  headers: AUTH,
};

export const durableCreate: Shape = {
  method: 'POST',
  path: '/payment-links',
  headers: { ...AUTH, 'content-type': 'application/json' },
  body: JSON.stringify({ amount: 1000, title: 't' }),
};

function run(origin: string, { path, ...shape }: Shape, duration: number): Promise<autocannon.Result> {
  return autocannon({ url: origin + (path ?? ''), connections: CONNECTIONS, duration, ...shape });
}

/** Total CPU time (user + system, µs) the server process has used so far. */
export type CpuProbe = () => Promise<number>;

/**
 * A short unrecorded warm-up (JIT, caches, connection set-up), then the measured run. With a
 * probe, the server's own CPU time per request is recorded too: unlike req/s, it hardly depends
 * on what else the machine is running, or on whether the load generator is the bottleneck.
 */
export async function measure(
  name: string,
  origin: string,
  shape: Shape,
  cpu?: CpuProbe,
): Promise<Measurement> {
  if (WARMUP_S > 0) await run(origin, shape, WARMUP_S);
  const cpu0 = await cpu?.();
  const r = await run(origin, shape, DURATION_S);
  const cpu1 = await cpu?.();
  const m: Measurement = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    cpuPerRequestUs:
      cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0
        ? (cpu1 - cpu0) / r.requests.total
        : NaN,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  const bad = m.non2xx + m.errors + m.timeouts;
  const problems = bad ? `, ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts` : '';
  console.log(
    [
      `  ${name.padEnd(34)}`,
      `${fmt(m.rps).padStart(7)} req/s`,
      `p50 ${m.p50.toFixed(1).padStart(5)} ms`,
      `p99 ${m.p99.toFixed(1).padStart(5)} ms`,
      `server CPU ${m.cpuPerRequestUs.toFixed(1).padStart(5)} µs/req`,
      `(${m.requests} requests${problems}; load ${loadavg()[0]?.toFixed(2)})`,
    ].join('   '),
  );
  return m;
}

export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
