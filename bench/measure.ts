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
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What to send; `path` is appended to the server's origin. */
export type Shape = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> & { path?: string };

/** GET /payment-links/{random id of `ids`} on every request. */
export function randomRetrieve(ids: readonly string[]): Shape {
  return {
    headers: AUTH,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/payment-links/${ids[Math.floor(Math.random() * ids.length)]}`,
        }),
      },
    ],
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

/** A short unrecorded warm-up (JIT, caches, connection set-up), then the measured run. */
export async function measure(name: string, origin: string, shape: Shape): Promise<Measurement> {
  if (WARMUP_S > 0) await run(origin, shape, WARMUP_S);
  const r = await run(origin, shape, DURATION_S);
  const m: Measurement = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  const bad = m.non2xx + m.errors + m.timeouts;
  console.log(
    `  ${name.padEnd(28)} ${fmt(m.rps).padStart(8)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99
      .toFixed(1)
      .padStart(
        6,
      )} ms   (${m.requests} requests${bad ? `, ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts` : ''})`,
  );
  return m;
}

export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
