import type { Settings, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../shared/types';
import { LinkIndex } from './linkIndex';
import type { IdempotencyRecord, Op } from './ops';

export const SCHEMA_VERSION = 1;

/** The whole state, as a snapshot holds it and a replace op carries it. */
export interface StoreContents {
  settlement_account_id: string | null;
  settings: Settings | null;
  links: unknown[];
  events: WebhookEvent[];
  idempotency: IdempotencyRecord[];
  endpoints: WebhookEndpoint[];
  /** Absent in snapshots written before webhook delivery existed. */
  deliveries?: WebhookDelivery[];
  queue_paused?: boolean;
}

/** The snapshot file's shape: the whole state at journal sequence `seq`. */
export interface SnapshotData extends StoreContents {
  schema_version: number;
  seq: number;
}

/** The live state in memory. Records are replaced, never mutated, so a snapshot can hold references. */
export class StoreState {
  readonly links = new LinkIndex();
  readonly events = new Map<string, WebhookEvent>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly endpoints = new Map<string, WebhookEndpoint>();
  /** In store order (seq), oldest first: Map keeps insertion order. */
  readonly deliveries = new Map<string, WebhookDelivery>();
  queuePaused = false;
  lastDeliverySeq = 0;
  settlementAccountId: string | null = null;
  settings: Settings | null = null;

  apply(op: Op): void {
    switch (op.op) {
      case 'link':
        this.links.put(op.v);
        break;
      case 'event':
        this.events.set(op.v.id, op.v);
        break;
      case 'idem':
        this.idempotency.set(op.v.scope, op.v);
        break;
      case 'settings':
        this.settings = op.v;
        break;
      case 'account':
        this.settlementAccountId = op.v;
        break;
      case 'endpoint':
        this.endpoints.set(op.v.id, op.v);
        break;
      case 'endpoint.delete':
        this.endpoints.delete(op.id);
        break;
      case 'delivery':
        this.deliveries.set(op.v.id, op.v);
        this.lastDeliverySeq = Math.max(this.lastDeliverySeq, op.v.seq);
        break;
      case 'delivery.delete':
        this.deliveries.delete(op.id);
        break;
      case 'queue':
        this.queuePaused = op.paused;
        break;
      case 'replace':
        this.clear();
        this.load(op.v);
        break;
    }
  }

  load(data: StoreContents): void {
    this.settlementAccountId = data.settlement_account_id;
    this.settings = data.settings;
    for (const link of data.links) this.links.put(link as never);
    for (const event of data.events) this.events.set(event.id, event);
    for (const record of data.idempotency) this.idempotency.set(record.scope, record);
    for (const endpoint of data.endpoints) this.endpoints.set(endpoint.id, endpoint);
    for (const delivery of data.deliveries ?? []) this.apply({ op: 'delivery', v: delivery });
    this.queuePaused = data.queue_paused ?? false;
  }

  /** Empties every collection in place: the rules, the scheduler and the worker hold this object. */
  private clear(): void {
    this.links.clear();
    this.events.clear();
    this.idempotency.clear();
    this.endpoints.clear();
    this.deliveries.clear();
    this.lastDeliverySeq = 0;
  }

  /** Captures the state by reference; cheap, and safe because records are immutable. */
  capture(seq: number, nowMs: number): SnapshotData {
    const links = this.links.inCreationOrder();
    return {
      schema_version: SCHEMA_VERSION,
      seq,
      settlement_account_id: this.settlementAccountId,
      settings: this.settings,
      links,
      events: [...this.events.values()],
      idempotency: [...this.idempotency.values()].filter((r) => r.expires_at_ms > nowMs),
      endpoints: [...this.endpoints.values()],
      deliveries: [...this.deliveries.values()],
      queue_paused: this.queuePaused,
    };
  }
}
