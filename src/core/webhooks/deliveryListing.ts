import type { DeliveryStatus, Pagination, WebhookDelivery, WebhookEventType } from '../../shared/types';
import type { StoreState } from '../store/storeState';

export interface DeliveryListQuery {
  status?: DeliveryStatus;
  event_type?: WebhookEventType;
  link_id?: string;
  endpoint_id?: string;
  before_seq?: number;
  page?: number;
  per_page?: number;
}

type Presented = Omit<WebhookDelivery, 'status'> & { status: DeliveryStatus };

/** A list row: the delivery without its attempts' bodies, which can be large. */
export function deliverySummary(delivery: Presented) {
  const { attempts, ...rest } = delivery;
  const last = attempts.at(-1);
  return {
    ...rest,
    attempt_count: attempts.length,
    last_status: last?.response?.status ?? null,
    last_error: last?.error ?? null,
  };
}

/**
 * Newest first (store order), filtered, one page. `before_seq` is a cursor: pages read below it
 * do not shift when newer deliveries arrive or older ones are cleared, as page numbers would.
 */
export function listDeliveries(
  state: StoreState,
  present: (d: WebhookDelivery) => Presented,
  q: DeliveryListQuery,
): { rows: ReturnType<typeof deliverySummary>[]; pagination: Pagination } {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 25;
  const linkId = q.link_id?.toLowerCase();
  const matching = [...state.deliveries.values()]
    .reverse()
    .map(present)
    .filter(
      (d) =>
        (q.before_seq === undefined || d.seq < q.before_seq) &&
        (!q.status || d.status === q.status) &&
        (!q.event_type || d.event_type === q.event_type) &&
        (!linkId || d.link_id === linkId) &&
        (!q.endpoint_id || d.endpoint_id === q.endpoint_id),
    );
  return {
    rows: matching.slice((page - 1) * perPage, page * perPage).map(deliverySummary),
    pagination: {
      current_page: page,
      per_page: perPage,
      total: matching.length,
      last_page: Math.max(1, Math.ceil(matching.length / perPage)),
    },
  };
}
