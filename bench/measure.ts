import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { epochMs } from './child';

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
export type Shape = Pick<
  autocannon.Options,
  'method' | 'headers' | 'body' | 'requests' | 'setupClient' | 'verifyBody'
> & {
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

/** Grows by doubling; holds numbers without boxing them. */
class Series {
  values = new Float64Array(1 << 16);
  length = 0;
  push(x: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = x;
  }
}

/** Every response of a load: when it completed (epoch ms, see epochMs), its latency and status. */
export class Timeline {
  readonly at = new Series();
  readonly latency = new Series();
  readonly status = new Series();
  /**
   * When autocannon had set up every connection. It starts each connection's first request as it
   * creates the connection, and then builds the next connection's requests, so the first
   * requests are only on the wire once every connection is set up (up to seconds with many
   * prebuilt requests); their latency is counted from here, not from their creation.
   */
  startedAt = Infinity;

  record(at: number, latencyMs: number, status: number): void {
    this.at.push(at);
    this.latency.push(at - latencyMs < this.startedAt ? Math.min(latencyMs, at - this.startedAt) : latencyMs);
    this.status.push(status);
  }

  /** Latencies (ms) of the responses that completed in [from, to]. */
  latenciesBetween(from: number, to: number): Float64Array {
    const out = new Series();
    for (let i = 0; i < this.at.length; i++) {
      const t = this.at.values[i] as number;
      if (t >= from && t <= to) out.push(this.latency.values[i] as number);
    }
    return out.values.slice(0, out.length);
  }
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN when it is empty. */
export function percentile(xs: Float64Array | number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export interface RunningLoad {
  /** Ends the load early (the result still resolves). */
  stop(): void;
  result: Promise<autocannon.Result>;
  timeline: Timeline;
}

/**
 * A load whose every response is timestamped, so the responses answered while something ran in
 * the server (a compaction) can be picked out. Either `duration` (s) or `amount` (requests in
 * all, spread evenly over the connections) bounds it; `maxSeconds` or `stop()` ends it sooner.
 */
export function timedLoad(
  origin: string,
  { path, ...shape }: Shape,
  bound: { duration?: number; amount?: number; connections?: number; maxSeconds?: number },
): RunningLoad {
  const timeline = new Timeline();
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: origin + (path ?? ''),
        connections: bound.connections ?? CONNECTIONS,
        ...(bound.amount !== undefined
          ? { amount: bound.amount }
          : { duration: bound.duration ?? DURATION_S }),
        timeout: 30,
        ...shape,
      },
      (err: unknown, r: autocannon.Result) => (err ? reject(err as Error) : resolve(r)),
    );
  });
  instance?.on('start', () => (timeline.startedAt = epochMs()));
  instance?.on('response', (_client, statusCode, _bytes, responseTime) =>
    timeline.record(epochMs(), responseTime, statusCode),
  );
  const guard = bound.maxSeconds ? setTimeout(() => instance?.stop(), bound.maxSeconds * 1000) : undefined;
  void result.finally(() => clearTimeout(guard)).catch(() => undefined);
  return { stop: () => instance?.stop(), result, timeline };
}
