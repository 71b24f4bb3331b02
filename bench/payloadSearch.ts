import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startChild, type ChildMessage } from './child';
import { fmt } from './measure';

/**
 * Search over kept deliveries (contract §16, issue 33: 100,000 answer within a second): the server
 * in its own process (bench/payloadSearchServer.ts) holds N deliveries; each query is asked through
 * GET /sandbox/deliveries?q= a few times, the median and the slowest round trip reported. The
 * queries: a reference only one delivery carries (free text and path = value), a type a tenth
 * carry, text none carries (the whole walk with nothing to page), and no search at all.
 */

export interface SearchRow {
  deliveries: number;
  query: string;
  matches: number;
  medianMs: number;
  maxMs: number;
}

export interface SearchResult {
  seedS: number;
  rssMb: number;
  rows: SearchRow[];
  load: number;
}

interface Ready extends ChildMessage {
  origin: string;
  seedMs: number;
  deliveries: number;
  rss: number;
}

const ROUNDS = 7;

export async function payloadSearchBench(count: number): Promise<SearchResult> {
  const child = startChild('./payloadSearchServer.ts', [String(count)]);
  const ready = await child.next<Ready>('ready');
  const target = count - 7;
  const queries = [
    `INV-${target}`,
    `data.reference_id = INV-${target}`,
    'type = payment_link.failed',
    'no-such-text',
    '',
  ];
  const rows: SearchRow[] = [];
  try {
    for (const query of queries) {
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const res = await fetch(
          `${ready.origin}/sandbox/deliveries?per_page=25${query ? `&q=${encodeURIComponent(query)}` : ''}`,
          { headers: { authorization: 'Bearer sk_test_bench' } },
        );
        const body = (await res.json()) as { pagination: { total: number } };
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
        matches = body.pagination.total;
      }
      times.sort((a, b) => a - b);
      rows.push({
        deliveries: ready.deliveries,
        query: query || '(no q)',
        matches,
        medianMs: times[Math.floor(times.length / 2)] as number,
        maxMs: times.at(-1) as number,
      });
    }
  } finally {
    child.send({ type: 'stop' });
    await child.exited;
  }
  return {
    seedS: ready.seedMs / 1000,
    rssMb: ready.rss / 1024 / 1024,
    rows,
    load: loadavg()[0] ?? 0,
  };
}

export function payloadSearchTable(results: SearchResult[]): string[] {
  const seeded = results.map(
    (r) =>
      `${r.rows[0]?.deliveries.toLocaleString('en')} in ${r.seedS.toFixed(1)} s, RSS ${fmt(r.rssMb)} MiB`,
  );
  const lines = [
    `Seeded: ${seeded.join('; ')}`,
    `Search over kept deliveries (GET /sandbox/deliveries?q=, ${ROUNDS} rounds each, load ${(results[0]?.load ?? 0).toFixed(1)})`,
    '',
    '| deliveries | q | matches | median ms | max ms |',
    '|---:|---|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const row of r.rows) {
      lines.push(
        `| ${row.deliveries.toLocaleString('en')} | \`${row.query}\` | ${row.matches.toLocaleString('en')} | ${fmt(row.medianMs)} | ${fmt(row.maxMs)} |`,
      );
    }
  }
  return lines;
}
