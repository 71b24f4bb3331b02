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
 * Whether a delivery carries what `q` searches for (undefined: no search). It reads the event the
 * delivery sends, as sent, once per event however many endpoints it went to.
 */
function deliveryCarries(
  state: StoreState,
  q: string | undefined,
): ((d: Pick<WebhookDelivery, 'event_id'>) => boolean) | undefined {
  const carries = payloadQuery(q);
  if (!carries) return undefined;
  const byEvent = new Map<string, boolean>();
  return ({ event_id }) => {
    let found = byEvent.get(event_id);
    if (found === undefined) {
      const event = state.events.get(event_id);
      found =
        event !== undefined && carries({ text: () => JSON.stringify(event), json: () => event, held: event });
      byEvent.set(event_id, found);
    }
    return found;
  };
}

/** Whether a delivery, as shown, matches the query's filter and search: what a long-poll waits for. */
export function deliveryQueryMatches(
  state: StoreState,
  q: DeliveryListQuery,
): (d: PresentedDelivery) => boolean {
  const matches = deliveryMatches(q);
  const carries = deliveryCarries(state, q.q);
  return carries ? (d) => matches(d) && carries(d) : matches;
}

/**
 * Every delivery the query's filter, search (and before_seq) match, newest first, in one pass. The
 * search runs before a delivery is presented: a search over 100,000 copies none it leaves out.
 */
export function matchingDeliveries(
  state: StoreState,
  present: (d: WebhookDelivery) => PresentedDelivery,
  q: DeliveryListQuery,
): PresentedDelivery[] {
  const matches = deliveryMatches(q);
  const carries = deliveryCarries(state, q.q);
  const all = [...state.deliveries.values()];
  const found: PresentedDelivery[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const delivery = all[i] as WebhookDelivery;
    if (q.before_seq !== undefined && delivery.seq >= q.before_seq) continue;
    if (carries && !carries(delivery)) continue;
    const shown = present(delivery);
    if (matches(shown)) found.push(shown);
  }
  return found;
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
