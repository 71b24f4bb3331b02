// Pure helpers for the loaded part of the delivery history: newest first (store order), each
// delivery once, kept true to the filter as live changes arrive.
import type { DeliveryStatus, WebhookDelivery, WebhookEventType } from '../../../shared/types';
import { deliverySummary } from '../../../shared/deliverySummary';
import type { DeliveryDetail, DeliveryListQuery, DeliveryRow } from '../api/consoleClient';

export interface DeliveryFilter {
  status: DeliveryStatus | 'all';
  event_type: WebhookEventType | 'all';
  endpoint_id: string | 'all';
}

export const NO_DELIVERY_FILTER: DeliveryFilter = { status: 'all', event_type: 'all', endpoint_id: 'all' };

export interface LoadedDeliveries {
  ids: string[];
  byId: Record<string, DeliveryRow>;
  /** How many deliveries match the filter, on the server and since then. */
  total: number;
  hasMore: boolean;
}

export const EMPTY_DELIVERIES: LoadedDeliveries = { ids: [], byId: {}, total: 0, hasMore: false };

/** A live change as the event stream reports it. */
export type DeliveryChange = { kind: 'changed'; row: DeliveryRow } | { kind: 'deleted'; id: string };

/** The list row for a full delivery, as the list endpoint would have answered. */
export const toRow = (delivery: WebhookDelivery | DeliveryDetail): DeliveryRow => deliverySummary(delivery);

export const isFiltered = (filter: DeliveryFilter) =>
  filter.status !== 'all' || filter.event_type !== 'all' || filter.endpoint_id !== 'all';

/** The filter as console API query parameters. */
export function filterQuery(filter: DeliveryFilter): DeliveryListQuery {
  return {
    status: filter.status === 'all' ? undefined : filter.status,
    event_type: filter.event_type === 'all' ? undefined : filter.event_type,
    endpoint_id: filter.endpoint_id === 'all' ? undefined : filter.endpoint_id,
  };
}

/** The same test the console API applies. */
export const matchesFilter = (row: DeliveryRow, filter: DeliveryFilter): boolean =>
  (filter.status === 'all' || row.status === filter.status) &&
  (filter.event_type === 'all' || row.event_type === filter.event_type) &&
  (filter.endpoint_id === 'all' || row.endpoint_id === filter.endpoint_id);

/** Where a row goes so the ids stay newest first. */
function insertionIndex(ids: string[], byId: Record<string, DeliveryRow>, seq: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((byId[ids[mid] as string] as DeliveryRow).seq > seq) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Applies live changes in order. A known row is replaced, or dropped once it no longer matches;
 * a new match is inserted when it falls within the loaded range (a later page brings older ones).
 * `totalUnsure` says a delivery outside the loaded range went, so the total may be off by it.
 */
export function mergeChanges(
  list: LoadedDeliveries,
  changes: DeliveryChange[],
  filter: DeliveryFilter,
): LoadedDeliveries & { totalUnsure: boolean } {
  let ids = list.ids;
  let total = list.total;
  let totalUnsure = false;
  let copied = false;
  // Removals only leave byId; ids are compacted once, before an insert needs them or at the end.
  let removed = false;
  const byId = { ...list.byId };
  const remove = (id: string) => {
    delete byId[id];
    removed = true;
    total -= 1;
  };
  const compact = () => {
    if (removed) ids = ids.filter((id) => byId[id]);
    copied ||= removed;
    removed = false;
  };
  for (const change of changes) {
    if (change.kind === 'deleted') {
      if (byId[change.id]) remove(change.id);
      else if (list.hasMore) totalUnsure = true;
      continue;
    }
    const row = change.row;
    const matches = matchesFilter(row, filter);
    if (byId[row.id]) {
      if (matches) byId[row.id] = row;
      else remove(row.id);
      continue;
    }
    if (!matches) continue;
    compact();
    const oldest = byId[ids[ids.length - 1] ?? ''];
    if (list.hasMore && oldest && row.seq < oldest.seq) continue;
    if (!copied) ids = [...ids];
    copied = true;
    ids.splice(insertionIndex(ids, byId, row.seq), 0, row.id);
    byId[row.id] = row;
    total += 1;
  }
  compact();
  return { ids, byId, total, hasMore: list.hasMore, totalUnsure };
}

/** Adds a page below the loaded rows, skipping deliveries already there. */
export function appendPage(list: LoadedDeliveries, rows: DeliveryRow[]): LoadedDeliveries {
  const byId = { ...list.byId };
  const ids = [...list.ids];
  for (const row of rows) {
    if (byId[row.id]) continue;
    byId[row.id] = row;
    ids.push(row.id);
  }
  return { ...list, ids, byId };
}
