// How many of each record the store holds, in words.
import type { StoreCounts } from '../../../shared/dataFolder';

export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The records a tester cares about after an import or a reset. */
export const describeCounts = (counts: StoreCounts): string =>
  [
    countOf(counts.links, 'link'),
    countOf(counts.endpoints, 'endpoint'),
    countOf(counts.deliveries, 'delivery', 'deliveries'),
  ].join(', ');

/** Every kind of record, for the data folder panel. */
export const describeAllCounts = (counts: StoreCounts): string =>
  [
    countOf(counts.links, 'link'),
    countOf(counts.events, 'webhook event'),
    countOf(counts.deliveries, 'delivery', 'deliveries'),
    countOf(counts.endpoints, 'endpoint'),
    countOf(counts.idempotency_records, 'idempotency record'),
  ].join(' · ');
