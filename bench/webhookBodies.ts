import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Child, ChildMessage } from './child';
import { fmt } from './measure';

/**
 * Response bodies against `attempt_bodies_mb`: a receiver that answers every webhook with 500 and
 * a 100 MB page (a framework's debug page, as large as it gets), links whose events go to it, and
 * a retry schedule of 20 immediate attempts, so every delivery makes 20 attempts and fails. The
 * server's peak RSS (sampled every 20 ms in bench/massExpiryServer.ts) is the figure, beside the
 * budget; the response bodies kept are read back through the console API.
 */

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

export interface BodiesResult {
  events: number;
  attempts: number;
  budgetMb: number;
  keptMb: number;
  peakRssMb: number;
  baselineRssMb: number;
  /** At the peak: the JS heap in use, and memory outside it (buffers). */
  heapAtPeakMb: number;
  heapTotalAtPeakMb: number;
  externalAtPeakMb: number;
  seconds: number;
}

const PAGE_BYTES = 100 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 'x');

/** Answers 500 with a 100 MB body, written a piece at a time for as long as the client reads. */
function bigPageReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'text/html', 'content-length': PAGE_BYTES });
      let sent = 0;
      const more = (): void => {
        while (sent < PAGE_BYTES && !res.destroyed) {
          sent += PIECE.length;
          if (!res.write(PIECE)) return void res.once('drain', more);
        }
        if (!res.destroyed) res.end();
      };
      res.on('error', () => undefined);
      more();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function call(origin: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: 'Bearer sk_test_bench',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function webhookBodiesBench(root: string, spawn: Spawn, events: number): Promise<BodiesResult> {
  console.log(
    `\n# Response bodies: ${fmt(events)} events to an endpoint answering 500 with a 100 MB page, 20 attempts each`,
  );
  const receiver = await bigPageReceiver();
  const server = spawn('./massExpiryServer.ts', [join(root, 'bodies'), 'serve']);
  try {
    const { origin } = await server.next<ChildMessage & { origin: string }>('ready');
    const budgetMb = 16;
    await call(origin, 'PATCH', '/_console/api/settings', {
      attempt_bodies_mb: budgetMb,
      webhook_retry_schedule_seconds: Array.from({ length: 20 }, () => 0),
    });
    const port = (receiver.address() as AddressInfo).port;
    await call(origin, 'POST', '/_console/api/endpoints', { url: `http://127.0.0.1:${port}/webhooks` });
    const t0 = performance.now();
    for (let start = 0; start < events; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, events - start) }, async () => {
          const link = (await call(origin, 'POST', '/payment-links', {
            amount: 10_000,
            title: 'Bodies',
          })) as {
            data: { id: string };
          };
          await call(origin, 'POST', '/sandbox/simulate', { payment_link_id: link.data.id, event: 'failed' });
        }),
      );
    }
    for (;;) {
      const queue = (await call(origin, 'GET', '/_console/api/queue')) as { data: { waiting: number } };
      if (queue.data.waiting === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (performance.now() - t0) / 1000;
    let keptBytes = 0;
    let attempts = 0;
    for (let before: number | undefined; ;) {
      const page = (await call(
        origin,
        'GET',
        `/_console/api/deliveries?per_page=100${before ? `&before_seq=${before}` : ''}`,
      )) as { data: { id: string; seq: number; attempt_count: number }[] };
      if (page.data.length === 0) break;
      for (const row of page.data) attempts += row.attempt_count;
      before = page.data.at(-1)?.seq;
      if (!before) break;
    }
    // Every delivery read whole: its attempts' response bodies are what the budget bounds.
    for (let before: number | undefined; ;) {
      const page = (await call(
        origin,
        'GET',
        `/_console/api/deliveries?per_page=100${before ? `&before_seq=${before}` : ''}`,
      )) as { data: { id: string; seq: number }[] };
      for (const row of page.data) {
        const full = (await call(origin, 'GET', `/_console/api/deliveries/${row.id}`)) as {
          data: { attempts: { response: { body: string } | null }[] };
        };
        for (const a of full.data.attempts) keptBytes += Buffer.byteLength(a.response?.body ?? '');
      }
      before = page.data.at(-1)?.seq;
      if (!before) break;
    }
    server.send({ type: 'stop' });
    const closed = await server.next<
      ChildMessage & {
        peakRss: number;
        baselineRss: number;
        atPeak: { heapUsed: number; heapTotal: number; external: number };
      }
    >('closed');
    await server.exited;
    const result: BodiesResult = {
      events,
      attempts,
      budgetMb,
      keptMb: keptBytes / 1024 / 1024,
      heapAtPeakMb: closed.atPeak.heapUsed / 1e6,
      heapTotalAtPeakMb: closed.atPeak.heapTotal / 1e6,
      externalAtPeakMb: closed.atPeak.external / 1e6,
      peakRssMb: closed.peakRss / 1e6,
      baselineRssMb: closed.baselineRss / 1e6,
      seconds,
    };
    console.log(
      `  ${fmt(attempts)} attempts in ${seconds.toFixed(0)} s; bodies kept ${result.keptMb.toFixed(1)} MiB (budget ${budgetMb}); peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.baselineRssMb.toFixed(0)} MB when it listened; at the peak heap ${result.heapAtPeakMb.toFixed(0)} MB used of ${result.heapTotalAtPeakMb.toFixed(0)} MB, outside it ${result.externalAtPeakMb.toFixed(0)} MB)`,
    );
    return result;
  } finally {
    server.process.kill('SIGKILL');
    receiver.close();
    receiver.closeAllConnections();
  }
}

export function webhookBodiesTable(r: BodiesResult): string[] {
  const ok = r.peakRssMb <= r.budgetMb * 1.048576 + 200 + r.baselineRssMb;
  return [
    '| Events × attempts | response | bodies kept | peak RSS (at listen) | Target: RSS ≤ budget + 200 MB over the idle server |',
    '| ---: | --- | ---: | ---: | --- |',
    `| ${fmt(r.events)} × 20 (${fmt(r.attempts)} attempts) | 500, 100 MB page | ${r.keptMb.toFixed(1)} MiB of ${r.budgetMb} | ${r.peakRssMb.toFixed(0)} MB (${r.baselineRssMb.toFixed(0)} MB) | ${ok ? 'PASS' : 'MISS'} |`,
  ];
}
