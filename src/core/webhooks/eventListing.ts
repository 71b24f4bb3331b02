import type {
  DeliveryStatus,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventRow,
  WebhookEventType,
} from '../../shared/types';
import type { Page } from '../pagination';
import type { StoreState } from '../store/storeState';

/**
 * The recorded webhook events, newest first, each with the deliveries it made: none when no
 * endpoint wanted it, which is what a tester asks about ("was the event sent at all?").
 * Events and deliveries are both bounded by their retention settings, so one pass is cheap.
 */
export function listEvents(
  state: StoreState,
  limit: number,
  /** The status people see (paused while the queue is, delivering on the wire), as in the delivery list. */
  shownStatus: (delivery: WebhookDelivery) => DeliveryStatus,
): { rows: WebhookEventRow[]; total: number } {
  const byEvent = new Map<string, WebhookEventRow['deliveries']>();
  for (const delivery of state.deliveries.values()) {
    const list = byEvent.get(delivery.event_id) ?? [];
    list.push({ id: delivery.id, endpoint_url: delivery.endpoint_url, status: shownStatus(delivery) });
    byEvent.set(delivery.event_id, list);
  }
  const events = [...state.events.values()];
  const rows: WebhookEventRow[] = [];
  for (let i = events.length - 1; i >= 0 && rows.length < limit; i--) {
    const event = events[i];
    if (!event) continue;
    rows.push({
      id: event.id,
      type: event.type,
      timestamp: event.timestamp,
      link_id: event.data.id,
      link_title: event.data.title,
      deliveries: byEvent.get(event.id) ?? [],
    });
  }
  return { rows, total: events.length };
}

/** What GET /sandbox/events filters by: the link an event is about, its type. */
export interface EventFilter {
  link_id?: string;
  type?: WebhookEventType;
}

/**
 * The recorded events the filter matches, newest first, as they were sent (each delivery's body is
 * one of them, byte for byte once serialised): `trigger --json` shows the one it caused.
 */
export function eventRecords(
  state: StoreState,
  filter: EventFilter,
  page: Page,
): { rows: WebhookEvent[]; total: number } {
  const matching: WebhookEvent[] = [];
  const events = [...state.events.values()];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as WebhookEvent;
    if (filter.link_id !== undefined && event.data.id !== filter.link_id) continue;
    if (filter.type !== undefined && event.type !== filter.type) continue;
    matching.push(event);
  }
  return { rows: page.slice(matching), total: matching.length };
}
