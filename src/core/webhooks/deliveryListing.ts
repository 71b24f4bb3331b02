import { deliveryMatches, type DeliveryFilter } from '../../shared/deliveryFilter';
import type { Pagination, WebhookDelivery } from '../../shared/types';
import { deliverySummary, type DeliverySummary, type PresentedDelivery } from '../../shared/deliverySummary';
import { SandboxError } from '../errors';
import { paginate } from '../pagination';
import type { StoreState } from '../store/storeState';
import { byLastChange, type DeliveryOrder } from '../../shared/deliveryOrder';
import { payloadQuery } from '../payloadQuery';

export interface DeliveryListQuery extends DeliveryFilter {
  before_seq?: number;
  /** `created` (store order, the default) or `updated`: last change first, as the console shows it. */
  order?: DeliveryOrder;
  page?: number;
  per_page?: number;
  /** A search over what the delivery carries (contract §16): free text or `path = value`. */
  q?: string;
}

/**
 * Whether a delivery matches the query's filter and search. The search reads the event the
 * delivery sends, as sent (its JSON text), once per event however many endpoints it went to.
 */
export function deliveryQueryMatches(
  state: StoreState,
  q: DeliveryListQuery,
): (d: PresentedDelivery) => boolean {
  const matches = deliveryMatches(q);
  const carries = payloadQuery(q.q);
  if (!carries) return matches;
  const byEvent = new Map<string, boolean>();
  const eventCarries = (eventId: string): boolean => {
    let found = byEvent.get(eventId);
    if (found === undefined) {
      const event = state.events.get(eventId);
      found = event !== undefined && carries({ text: () => JSON.stringify(event), json: () => event });
      byEvent.set(eventId, found);
    }
    return found;
  };
  return (d) => matches(d) && eventCarries(d.event_id);
}

/** Every delivery the query's filter, search (and before_seq) match, newest first, in one pass. */
export function matchingDeliveries(
  state: StoreState,
  present: (d: WebhookDelivery) => PresentedDelivery,
  q: DeliveryListQuery,
): PresentedDelivery[] {
  const matches = deliveryQueryMatches(state, q);
  return [...state.deliveries.values()]
    .reverse()
    .map(present)
    .filter((d) => (q.before_seq === undefined || d.seq < q.before_seq) && matches(d));
}

/**
 * Newest first (store order) or last change first, filtered, one page. `before_seq` is a cursor
 * for store order: pages read below it do not shift when newer deliveries arrive or older ones
 * are cleared, as page numbers would.
 */

export function listDeliveries(
  state: StoreState,
  present: (d: WebhookDelivery) => PresentedDelivery,
  q: DeliveryListQuery,
): { rows: DeliverySummary[]; pagination: Pagination } {
  if (q.order === 'updated' && q.before_seq !== undefined) {
    throw new SandboxError(
      'parameter_invalid',
      'before_seq pages the created order; with order=updated, page by page number.',
      'before_seq',
    );
  }
  const page = paginate(q, 25);
  const matching = matchingDeliveries(state, present, q);
  if (q.order === 'updated') matching.sort(byLastChange);
  return { rows: page.slice(matching).map(deliverySummary), pagination: page.pagination(matching.length) };
}
