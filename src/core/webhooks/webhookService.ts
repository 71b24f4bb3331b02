import { isWaiting } from '../../shared/deliveryStatus';
import { deliverySummary, type DeliverySummary, type PresentedDelivery } from '../../shared/deliverySummary';
import type {
  DeliveryAttempt,
  PaymentLink,
  WebhookEvent,
  WebhookEventRow,
  WebhookEventType,
} from '../../shared/types';
import type { SandboxCore } from '../sandboxCore';
import { deliveryControls, findDelivery } from './deliveryControls';
import {
  deliveryQueryMatches,
  listDeliveries,
  matchingDeliveries,
  type DeliveryListQuery,
} from './deliveryListing';
import { eventRecords, listEvents, type EventFilter } from './eventListing';
import type { Page } from '../pagination';
import { signatureVerifies } from './signing';
import { testDelivery, testEventOps } from './testEvent';

/** The delivery queue as the console's queue bar shows it. */
export interface QueueState {
  paused: boolean;
  in_flight: number;
  waiting: number;
  finished: number;
}

/** A delivery with every attempt, each saying whether its signature holds for the endpoint's secrets. */
export type DeliveryDetail = PresentedDelivery & {
  attempts: (DeliveryAttempt & { signature_verified: boolean | null })[];
};

/**
 * Webhook deliveries and their queue as the API and the console drive them: each control decided
 * against the store and the worker, committed, and answered with the delivery as it now shows.
 */
export class WebhookService {
  constructor(private readonly core: SandboxCore) {}

  private get state() {
    return this.core.store.state;
  }

  private readonly onWire = (id: string): boolean => this.core.deliveries.isOnWire(id);

  private shown(id: string): PresentedDelivery {
    return this.core.presentDelivery(findDelivery(this.state, id));
  }

  /** Recorded webhook events, newest first, each with its deliveries as they show. */
  events(limit: number): { events: WebhookEventRow[]; total: number } {
    const { rows, total } = listEvents(this.state, limit, (d) => this.core.presentDelivery(d).status);
    return { events: rows, total };
  }

  /** The recorded events the filter matches, newest first, as their deliveries send them. */
  eventList(filter: EventFilter, page: Page): { rows: WebhookEvent[]; total: number } {
    return eventRecords(this.state, filter, page);
  }

  list(query: DeliveryListQuery): ReturnType<typeof listDeliveries> {
    return listDeliveries(this.state, (d) => this.core.presentDelivery(d), query);
  }

  /** Whether a delivery, as announced, matches the query's filter and search: what a long-poll waits for. */
  matcher(query: DeliveryListQuery): (d: PresentedDelivery) => boolean {
    return deliveryQueryMatches(this.state, query);
  }

  /** Every delivery the filter matches, oldest first: the whole list in one pass, not page by page. */
  matching(filter: DeliveryListQuery): DeliverySummary[] {
    return matchingDeliveries(this.state, (d) => this.core.presentDelivery(d), filter)
      .reverse()
      .map(deliverySummary);
  }

  detail(id: string): DeliveryDetail {
    const delivery = this.shown(id);
    const endpoint = this.state.endpoints.get(delivery.endpoint_id);
    const secrets = endpoint ? [endpoint.secret, ...endpoint.previous_secrets.map((p) => p.secret)] : null;
    const attempts = delivery.attempts.map((a) => ({
      ...a,
      signature_verified: secrets ? signatureVerifies(a.request.headers, a.request.body, secrets) : null,
    }));
    return { ...delivery, attempts };
  }

  /** A new attempt series for the same event (same webhook-id). */
  async resend(id: string): Promise<PresentedDelivery> {
    await this.core.store.commit(
      deliveryControls.resend(this.state, id, this.core.clock.now(), this.onWire, this.core.settings),
    );
    return this.shown(id);
  }

  /** Every delivery of an event resent, all or none. */
  async resendEvent(eventId: string): Promise<PresentedDelivery[]> {
    const { ids, ops } = deliveryControls.resendEvent(
      this.state,
      eventId,
      this.core.clock.now(),
      this.onWire,
      this.core.settings,
    );
    await this.core.store.commit(ops);
    return ids.map((id) => this.shown(id));
  }

  /**
   * A waiting delivery brought forward to now; while the queue is paused the worker still lets
   * this one through.
   */
  async retryNow(id: string): Promise<PresentedDelivery> {
    const ops = deliveryControls.retryNow(this.state, id, this.core.clock.now(), this.onWire, (d) =>
      this.core.deliveries.heldBehind(d),
    );
    // Marked before the commit: the worker may take the delivery as soon as the commit applies.
    const mark = this.core.deliveries.markRetryNow(id);
    try {
      await this.core.store.commit(ops);
    } catch (error) {
      mark.undo();
      throw error;
    }
    this.core.deliveries.letThrough(id);
    return this.shown(id);
  }

  /** Deletes a waiting delivery. */
  async remove(id: string): Promise<void> {
    await this.core.store.commit(deliveryControls.remove(this.state, id, this.onWire));
  }

  /** Deletes every finished delivery; says how many went. */
  async clearHistory(): Promise<number> {
    const ops = deliveryControls.clearHistory(this.state);
    await this.core.store.commit(ops);
    return ops.length;
  }

  queue(): QueueState {
    let waiting = 0;
    for (const d of this.state.deliveries.values()) if (isWaiting(d)) waiting++;
    return {
      paused: this.state.queuePaused,
      in_flight: this.core.deliveries.inFlightCount,
      waiting,
      finished: this.state.deliveries.size - waiting,
    };
  }

  async pause(paused: boolean): Promise<QueueState> {
    await this.core.store.commit(deliveryControls.pause(paused));
    return this.queue();
  }

  /** A signed test event of `type` to one endpoint; the delivery it made. */
  async sendTest(endpointId: string, type: WebhookEventType): Promise<PresentedDelivery> {
    const { eventId, ops } = testEventOps(this.state, endpointId, type, {
      now: this.core.clock.now(),
      settings: this.core.settings,
      publicBaseUrl: this.core.publicBaseUrl(),
      settlementAccountId: this.core.settlementAccountId,
    });
    await this.core.store.commit(ops);
    return this.core.presentDelivery(testDelivery(this.state, eventId));
  }

  /** A link with its recorded webhook events (its status timeline) and its deliveries as they show. */
  linkDetail(id: string): { link: PaymentLink; events: WebhookEvent[]; deliveries: PresentedDelivery[] } {
    const link = this.core.links.find(id);
    // A walk, not an index per link: at a million kept events an index cost more start-up time and
    // memory than the walk costs a detail (docs/performance.md, "A link's detail").
    const events = [...this.state.events.values()].filter((e) => e.data.id === link.id);
    const deliveries = [...this.state.deliveries.values()]
      .filter((d) => d.link_id === link.id)
      .map((d) => this.core.presentDelivery(d));
    return { link, events, deliveries };
  }
}
