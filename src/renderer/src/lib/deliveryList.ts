// Pure helpers for the loaded parts of the delivery history: last change first, by row position
// (see rowWindow), kept true to the filter and the order as live changes arrive.
import type { DeliveryStatus, WebhookDelivery, WebhookEventType } from '../../../shared/types';
import { deliverySummary } from '../../../shared/deliverySummary';
import { deliveryMatches } from '../../../shared/deliveryFilter';
import { byLastChange } from '../../../shared/deliveryOrder';
import type { DeliveryDetail, DeliveryListQuery, DeliveryRow } from '../api/consoleClient';
import { insertAt, newRowPlace, positionOf, removeAt, type LoadedRows } from './rowWindow';

export interface DeliveryFilter {
  status: DeliveryStatus | 'all';
  event_type: WebhookEventType | 'all';
  endpoint_id: string | 'all';
  /** The search over what each delivery carries (docs/contract.md §16), as typed; blank is none. */
  q: string;
}

export const NO_DELIVERY_FILTER: DeliveryFilter = {
  status: 'all',
  event_type: 'all',
  endpoint_id: 'all',
  q: '',
};

export type LoadedDeliveries = LoadedRows<DeliveryRow>;

/** A live change as the event stream reports it. */
export type DeliveryChange = { kind: 'changed'; row: DeliveryRow } | { kind: 'deleted'; id: string };

/** The list row for a full delivery, as the list endpoint would have answered. */
export const toRow = (delivery: WebhookDelivery | DeliveryDetail): DeliveryRow => deliverySummary(delivery);

export const isFiltered = (filter: DeliveryFilter) =>
  filter.status !== 'all' ||
  filter.event_type !== 'all' ||
  filter.endpoint_id !== 'all' ||
  isSearched(filter);

export const isSearched = (filter: DeliveryFilter) => filter.q.trim() !== '';

/** The filter as console API query parameters. */
export function filterQuery(filter: DeliveryFilter): DeliveryListQuery {
  return {
    status: filter.status === 'all' ? undefined : filter.status,
    event_type: filter.event_type === 'all' ? undefined : filter.event_type,
    endpoint_id: filter.endpoint_id === 'all' ? undefined : filter.endpoint_id,
    q: isSearched(filter) ? filter.q.trim() : undefined,
  };
}

/**
 * Applies live changes in order. A loaded row that changed leaves its place and takes the one its
 * last change gives it (the top, mostly), or is dropped once it no longer matches. A delivery
 * newer than any seen (`newestSeq`) is new. A row placed where its neighbours are loaded shows
 * there; one that falls in a gap not loaded moves the rows below the gap down. `unsure` says a
 * change outside the loaded rows may have moved them (a deletion, or a change to a delivery not
 * loaded, which leaves a place nobody here knows): only the server can say where, so the caller
 * reads them again. A search reads bodies, which a row does not carry: a new delivery while one is
 * on is unsure too, and the read again shows it only if it matches. A loaded row that changed still
 * matches it, since a delivery's body (its event) never changes.
 */
export function mergeChanges(
  list: LoadedDeliveries,
  changes: DeliveryChange[],
  filter: DeliveryFilter,
  newestSeq: number,
): LoadedDeliveries & { unsure: boolean; newestSeq: number } {
  let { rows, total } = list;
  const byId = { ...list.byId };
  let unsure = false;
  let newest = newestSeq;
  const matches = deliveryMatches(filterQuery(filter));
  const searched = isSearched(filter);
  const remove = (id: string) => {
    const position = positionOf(rows, id);
    if (position !== undefined) rows = removeAt(rows, position);
    delete byId[id];
    total -= 1;
  };
  for (const change of changes) {
    if (change.kind === 'deleted') {
      if (byId[change.id]) remove(change.id);
      else unsure = true;
      continue;
    }
    const row = change.row;
    const isNew = row.seq > newest;
    newest = Math.max(newest, row.seq);
    if (byId[row.id]) remove(row.id);
    else if (!isNew || searched) {
      unsure = true;
      continue;
    }
    if (!matches(row)) continue;
    const place = newRowPlace(rows, total, (id) => byLastChange(byId[id] as DeliveryRow, row) < 0);
    rows = insertAt(rows, place.position, place.exact ? row.id : undefined);
    if (place.exact) byId[row.id] = row;
    total += 1;
  }
  return { rows, byId, total, unsure, newestSeq: newest };
}
