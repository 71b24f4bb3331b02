import { performance } from 'node:perf_hooks';
import { dataBody } from '../src/core/http/envelope';
import { StoreState } from '../src/core/store/storeState';
import type { PaymentLink } from '../src/shared/types';

/**
 * What the store costs at scale, each step alone, in this process:
 *   node --expose-gc --import tsx bench/storeCosts.ts [links=1000000]
 *
 * 1. A compaction's synchronous start: StoreState.capture (which lists the links in creation
 *    order through LinkIndex.inCreationOrder, one Map lookup per link), against listing the same
 *    links by iterating the Map.
 * 2. The memory of the per-link JSON cache (src/core/http/envelope.ts): the heap before and after
 *    every link has been answered once (dataBody), which is what a create of each link, or a
 *    retrieve of each, leaves behind.
 *
 * The links are shaped as the API creates them (pending, no note); not part of `npm run bench`.
 */
const count = Number(process.argv[2] ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const time = (label: string, runs: number, fn: () => unknown): void => {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(58)} median ${ms[ms.length >> 1]?.toFixed(0)} ms (${ms.map((x) => x.toFixed(0)).join(', ')})`,
  );
};

const state = new StoreState();
const base = Date.now() - count * 2;
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const heap0 = heap();
for (let i = 0; i < count; i++) {
  const id = `${hex(i, 8)}-${hex((i * 7919) & 0xffff, 4)}-4${hex(i & 0xfff, 3)}-8${hex((i * 31) & 0xfff, 3)}-${hex(i * 104729, 12)}`;
  const link: PaymentLink = {
    id,
    reference_id: null,
    url: `http://127.0.0.1:4545/pay/${id}`,
    status: 'pending',
    amount: 1000,
    fee: { total: 29, transaction: 29, instant_settlement: 0, paid_by: 'merchant' },
    payer_amount: 1000,
    net_amount: 971,
    title: 't',
    note: null,
    payment_method: null,
    settlement_account_id: 'e22d5f16-ebf1-4396-b695-74847c2f7bda',
    expires_at: new Date(base + 2 * i + 86_400_000).toISOString(),
    paid_at: null,
    settle_at: null,
    settled_at: null,
    created_at: new Date(base + 2 * i).toISOString(),
  };
  state.apply({ op: 'link', v: link });
}
const heap1 = heap();
console.log(
  `${count.toLocaleString('en-US')} links in a StoreState: heap ${(heap1 / 1e6).toFixed(0)} MB (${((heap1 - heap0) / count).toFixed(0)} bytes/link)\n`,
);

console.log("A compaction's synchronous start:");
time('StoreState.capture (the whole state, by reference)', 5, () => state.capture(1, Date.now()));
time('  of which LinkIndex.inCreationOrder (a Map lookup per link)', 5, () => state.links.inCreationOrder());
time('the same links by iterating the Map (Array.from(values()))', 5, () => Array.from(state.links.values()));

console.log('\nThe per-link JSON cache:');
let bytes = 0;
const t0 = performance.now();
for (const link of state.links.values()) bytes += dataBody(link, 'req_0123456789ab00000001').length;
const ms = performance.now() - t0;
const heap2 = heap();
console.log(
  `  every link answered once: ${ms.toFixed(0)} ms; heap ${(heap1 / 1e6).toFixed(0)} → ${(heap2 / 1e6).toFixed(0)} MB, +${((heap2 - heap1) / count).toFixed(0)} bytes/link kept (bodies ${(bytes / count).toFixed(0)} bytes each)`,
);
