import type { Child, ChildMessage } from './child';
import { AUTH, fmt } from './measure';

/**
 * Many endpoints down (BENCH_PARTS=down): 100 endpoints at a port that refuses, then links paid
 * one after another through the API, each fanning out to 100 deliveries that fail and retry. What
 * is measured is the API's time per slice of 250 links while the queue retries: it must stay flat.
 * Before retention walked only finished deliveries, each attempt walked all of them, and the second
 * slice took 4× the first (27 s, then 101 s).
 */
const ENDPOINTS = 100;
const LINKS = Number(process.env.BENCH_DOWN_LINKS ?? 1000);
const SLICE = 250;

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

export async function downEndpointsBench(dir: string, spawn: Spawn): Promise<number[]> {
  console.log(`\n${ENDPOINTS} endpoints down: ${fmt(LINKS)} links paid, each fanning out to all of them`);
  const child = spawn('./eventStreamServer.ts', [dir]);
  const headers = { ...AUTH, 'content-type': 'application/json' };
  const slices: number[] = [];
  try {
    const { origin } = await child.next<ChildMessage & { origin: string }>('ready');
    const post = async (path: string, body: unknown) => {
      const response = await fetch(origin + path, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { data: { id: string } };
    };
    for (let i = 0; i < ENDPOINTS; i++)
      await post('/sandbox/endpoints', { url: `http://127.0.0.1:9/down-${i}` });
    let started = performance.now();
    for (let i = 1; i <= LINKS; i++) {
      const link = await post('/payment-links', { amount: 150_000, title: 'Down' });
      await post('/sandbox/simulate', { payment_link_id: link.data.id, event: 'paid' });
      if (i % SLICE === 0) {
        const now = performance.now();
        slices.push(now - started);
        console.log(`  links ${fmt(i - SLICE + 1)}–${fmt(i)}: ${fmt(now - started)} ms`);
        started = now;
      }
    }
  } finally {
    child.send({ type: 'stop' });
    await child.exited;
  }
  return slices;
}

export function downEndpointsTable(slices: number[]): string[] {
  return [
    `| ${ENDPOINTS} endpoints down, links paid (each slice ${SLICE} links, ${fmt(SLICE * ENDPOINTS)} deliveries) | API time |`,
    '| --- | ---: |',
    ...slices.map((ms, i) => `| slice ${i + 1} | ${fmt(ms)} ms |`),
  ];
}
