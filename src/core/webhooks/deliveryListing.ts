import { deliveryMatches, type DeliveryFilter } from '../../shared/deliveryFilter';
import type { Pagination, WebhookDelivery } from '../../shared/types';
import { deliverySummary, type DeliverySummary, type PresentedDelivery } from '../../shared/deliverySummary';
import { SandboxError } from '../errors';
import { paginate } from '../pagination';
import type { StoreState } from '../store/storeState';
import { byLastChange, type DeliveryOrder } from '../../shared/deliveryOrder';

export interface DeliveryListQuery extends DeliveryFilter {
  before_seq?: number;
  /** `created` (store order, the default) or `updated`: last change first, as the console shows it. */
  order?: DeliveryOrder;
  page?: number;
  per_page?: number;
}

/**
 * Newest first (store order) or last change first, filtered, one page. `before_seq` is a cursor
 * for store order: pages read below it do not shift when newer deliveries arrive or older ones
 * are cleared, as page numbers would.
 */
/** Every delivery the query's filter (and before_seq) matches, newest first, in one pass. */
export function matchingDeliveries(
  state: StoreState,
  present: (d: WebhookDelivery) => PresentedDelivery,
  q: DeliveryListQuery,
): PresentedDelivery[] {
  const matches = deliveryMatches(q);
  return [...state.deliveries.values()]
    .reverse()
    .map(present)
    .filter((d) => (q.before_seq === undefined || d.seq < q.before_seq) && matches(d));
}

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
