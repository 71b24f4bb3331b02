import type { Settings } from '../shared/types';
import type { StoreState } from './store/storeState';

/**
 * Keeps what grows with use within the bounds the settings name. Webhook events (each a copy of
 * its link) beyond `event_retention` go oldest first, except those a kept delivery still sends or
 * resends; Idempotency-Key responses go once their 24 hours are up, and the oldest early past
 * `idempotency_retention`. Both maps are in insertion order, which is age order, so a sweep
 * reads only what it drops. Nothing is journaled: what is dropped is the oldest, already durable,
 * and the same rule drops it again when a restart replays it.
 */
export class Retention {
  private eventsAfterSweep = 0;

  constructor(
    private readonly state: StoreState,
    private readonly settings: () => Settings,
    private readonly now: () => number,
  ) {}

  sweep(): void {
    this.sweepIdempotency();
    this.sweepEvents();
  }

  private sweepIdempotency(): void {
    const records = this.state.idempotency;
    let excess = records.size - this.settings().idempotency_retention;
    const now = this.now();
    for (const [scope, record] of records) {
      if (excess <= 0 && record.expires_at_ms > now) break;
      records.delete(scope);
      excess--;
    }
  }

  /**
   * Runs once the events have grown by a tenth of the bound, or of what the last sweep kept, so
   * its walk stays rare even when deliveries hold far more events than the bound (a million
   * expiries waiting in a paused queue); and not at all while every event has a kept delivery,
   * since it could drop none of them.
   */
  private sweepEvents(): void {
    const events = this.state.events;
    const limit = this.settings().event_retention;
    const slack = Math.max(100, Math.floor(limit / 10), Math.floor(this.eventsAfterSweep / 10));
    if (events.size <= Math.max(limit, this.eventsAfterSweep) + slack) return;
    if (events.size - this.state.deliveredEvents <= 0) return;
    let excess = events.size - limit;
    for (const id of events.keys()) {
      if (excess <= 0) break;
      if (this.state.isEventDelivered(id)) continue;
      events.delete(id);
      excess--;
    }
    this.eventsAfterSweep = events.size;
  }
}
