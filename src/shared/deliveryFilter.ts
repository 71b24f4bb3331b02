// Which deliveries a list holds: the API filters with it, a long-poll waits for the first that
// matches, and the console keeps its loaded rows true to it as live changes arrive.
import type { DeliveryStatus, WebhookEventType } from './types';
import type { PresentedDelivery } from './deliverySummary';

export interface DeliveryFilter {
  status?: DeliveryStatus;
  event_type?: WebhookEventType;
  link_id?: string;
  endpoint_id?: string;
}

type Filtered = Pick<PresentedDelivery, 'status' | 'event_type' | 'link_id' | 'endpoint_id'>;

/** Link ids are matched in lower case, as the API takes them in any case. */
export function deliveryMatches(q: DeliveryFilter): (d: Filtered) => boolean {
  const linkId = q.link_id?.toLowerCase();
  return (d) =>
    (!q.status || d.status === q.status) &&
    (!q.event_type || d.event_type === q.event_type) &&
    (!linkId || d.link_id === linkId) &&
    (!q.endpoint_id || d.endpoint_id === q.endpoint_id);
}
