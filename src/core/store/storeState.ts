import type {
  PaymentLink,
  Settings,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '../../shared/types';
import type { FaultRule } from '../../shared/faults';
import { RUNNING, type ClockState } from '../sandboxClock';
import { LinkIndex } from './linkIndex';
import { sharingRequestBody, withSharedRequestBodies } from './sharedRequestBodies';
import type { IdempotencyRecord, Op } from './ops';
import { isFinal } from '../../shared/deliveryStatus';

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
  /** Absent in snapshots written before the sandbox clock existed: real time. */
  clock?: ClockState;
  /** Absent in snapshots written before fault rules existed: none. */
  faults?: FaultRule[];
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
  /** How many kept deliveries each event has: retention keeps those events without a scan. */
  private readonly deliveriesOfEvent = new Map<string, number>();
  /** Ids of delivered or failed deliveries, in the order they finished: what retention drops. */
  private readonly finished = new Set<string>();
  queuePaused = false;
  clock: ClockState = RUNNING;
  faults: FaultRule[] = [];
  lastDeliverySeq = 0;
  settlementAccountId: string | null = null;
  settings: Settings | null = null;

  /**
   * Applies one op and returns what undoes it. Commits apply before they are durable (the next
   * request must see them); if the disk then refuses them, the store undoes them newest first.
   */
  apply(op: Op): () => void {
    switch (op.op) {
      case 'link': {
        const before = this.links.get(op.v.id);
        this.links.put(op.v);
        return () => (before ? this.links.put(before) : this.links.delete(op.v.id));
      }
      case 'event':
        return setIn(this.events, op.v.id, op.v);
      case 'idem': {
        // Re-inserted at the end, so the map stays in expiry order for the sweep.
        const undo = deleteIn(this.idempotency, op.v.scope);
        const undoSet = setIn(this.idempotency, op.v.scope, op.v);
        return () => {
          undoSet();
          undo();
        };
      }
      case 'settings': {
        const before = this.settings;
        this.settings = op.v;
        return () => (this.settings = before);
      }
      case 'account': {
        const before = this.settlementAccountId;
        this.settlementAccountId = op.v;
        return () => (this.settlementAccountId = before);
      }
      case 'endpoint':
        return setIn(this.endpoints, op.v.id, op.v);
      case 'endpoint.delete':
        return deleteIn(this.endpoints, op.id);
      case 'delivery': {
        this.lastDeliverySeq = Math.max(this.lastDeliverySeq, op.v.seq);
        const before = this.deliveries.get(op.v.id);
        this.countDelivery(before, -1);
        this.countDelivery(op.v, 1);
        this.trackFinished(before, op.v);
        const undo = setIn(this.deliveries, op.v.id, op.v);
        return () => {
          this.countDelivery(op.v, -1);
          this.countDelivery(before, 1);
          this.trackFinished(op.v, before);
          undo();
        };
      }
      case 'delivery.patch': {
        const current = this.deliveries.get(op.id);
        if (!current) return () => undefined;
        const attempts = op.attempt
          ? [...current.attempts, sharingRequestBody(op.attempt, current.attempts.at(-1))]
          : current.attempts;
        const patched = { ...current, ...op.set, attempts };
        this.trackFinished(current, patched);
        const undo = setIn(this.deliveries, op.id, patched);
        return () => {
          this.trackFinished(patched, current);
          undo();
        };
      }
      case 'delivery.delete': {
        const before = this.deliveries.get(op.id);
        this.countDelivery(before, -1);
        this.trackFinished(before, undefined);
        const undo = deleteIn(this.deliveries, op.id);
        return () => {
          this.countDelivery(before, 1);
          this.trackFinished(undefined, before);
          undo();
        };
      }
      case 'queue': {
        const before = this.queuePaused;
        this.queuePaused = op.paused;
        return () => (this.queuePaused = before);
      }
      case 'clock': {
        const before = this.clock;
        this.clock = op.v;
        return () => (this.clock = before);
      }
      case 'faults': {
        const before = this.faults;
        this.faults = op.v;
        return () => (this.faults = before);
      }
      case 'replace': {
        const before = this.capture(0, -Infinity);
        this.clear();
        this.load(op.v);
        return () => {
          this.clear();
          this.load(before);
        };
      }
    }
  }

  load(data: StoreContents): void {
    this.settlementAccountId = data.settlement_account_id;
    this.settings = data.settings;
    this.links.load(data.links as PaymentLink[]);
    for (const event of data.events) this.events.set(event.id, event);
    for (const record of data.idempotency) this.idempotency.set(record.scope, record);
    for (const endpoint of data.endpoints) this.endpoints.set(endpoint.id, endpoint);
    for (const loaded of data.deliveries ?? []) {
      const delivery = withSharedRequestBodies(loaded);
      const before = this.deliveries.get(delivery.id);
      this.countDelivery(before, -1);
      this.countDelivery(delivery, 1);
      this.trackFinished(before, delivery);
      this.deliveries.set(delivery.id, delivery);
      this.lastDeliverySeq = Math.max(this.lastDeliverySeq, delivery.seq);
    }
    this.queuePaused = data.queue_paused ?? false;
    this.clock = data.clock ?? RUNNING;
    this.faults = data.faults ?? [];
  }

  /** Empties every collection in place: the rules, the scheduler and the worker hold this object. */
  private clear(): void {
    this.links.clear();
    this.events.clear();
    this.idempotency.clear();
    this.endpoints.clear();
    this.deliveries.clear();
    this.deliveriesOfEvent.clear();
    this.finished.clear();
    this.lastDeliverySeq = 0;
  }

  /** Whether a kept delivery still sends (or may resend) this event. */
  isEventDelivered(eventId: string): boolean {
    return this.deliveriesOfEvent.has(eventId);
  }

  /** How many events have a kept delivery. */
  get deliveredEvents(): number {
    return this.deliveriesOfEvent.size;
  }

  /** Finished deliveries' ids, those that finished first first. */
  finishedDeliveries(): IterableIterator<string> {
    return this.finished.values();
  }

  private trackFinished(before: WebhookDelivery | undefined, after: WebhookDelivery | undefined): void {
    const was = before !== undefined && isFinal(before);
    const is = after !== undefined && isFinal(after);
    if (was && !is) this.finished.delete((before as WebhookDelivery).id);
    else if (is && !was) this.finished.add((after as WebhookDelivery).id);
  }

  private countDelivery(delivery: WebhookDelivery | undefined, by: 1 | -1): void {
    if (!delivery) return;
    const n = (this.deliveriesOfEvent.get(delivery.event_id) ?? 0) + by;
    if (n > 0) this.deliveriesOfEvent.set(delivery.event_id, n);
    else this.deliveriesOfEvent.delete(delivery.event_id);
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
      clock: this.clock,
      faults: this.faults,
    };
  }
}

/** Sets a key and returns what puts the map back as it was. */
function setIn<K, V>(map: Map<K, V>, key: K, value: V): () => void {
  const before = map.get(key);
  const had = map.has(key);
  map.set(key, value);
  return () => (had ? map.set(key, before as V) : map.delete(key));
}

function deleteIn<K, V>(map: Map<K, V>, key: K): () => void {
  const before = map.get(key);
  const had = map.delete(key);
  return () => (had ? map.set(key, before as V) : undefined);
}
