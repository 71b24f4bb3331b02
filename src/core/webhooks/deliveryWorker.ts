import type { Settings, WebhookDelivery, WebhookEndpoint } from '../../shared/types';
import { isoTime, type Clock } from '../clock';
import type { Op } from '../store/ops';
import { SortedList } from '../store/sortedList';
import type { Store } from '../store/store';
import { VERSION } from '../version';
import { retentionOps } from './deliveryControls';
import { sendAttempt } from './sendAttempt';
import { signedHeaders } from './signing';

interface Pending {
  seq: number;
  id: string;
}

const bySeq = (a: Pending, b: Pending): number => a.seq - b.seq;
const isFinal = (d: WebhookDelivery): boolean => d.status === 'delivered' || d.status === 'failed';

/**
 * Runs due deliveries (contract §8): oldest first; per endpoint and link one at a time, so a link's
 * later event waits for its earlier one; at most `delivery_concurrency` in flight. Each attempt and
 * its outcome is committed, so a restart resumes every queued or retrying delivery, and one whose
 * attempt was cut off is tried again.
 */
export class DeliveryWorker {
  private readonly pending = new SortedList<Pending>(bySeq);
  /** id → seq of every delivery in `pending`. */
  private readonly pendingIds = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  /** Bumped when the whole store is replaced: an attempt begun before belongs to no delivery now. */
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: () => Settings,
    private readonly timeoutMs: number,
    private readonly onError: (err: Error) => void,
  ) {}

  start(): void {
    const now = isoTime(this.clock.now());
    const interrupted: Op[] = [];
    for (const d of this.store.state.deliveries.values()) {
      if (d.status === 'delivering') {
        interrupted.push({
          op: 'delivery',
          v: { ...d, status: 'retrying', next_attempt_at: now, updated_at: now },
        });
      }
      if (!isFinal(d)) this.track(d);
    }
    if (interrupted.length > 0) void this.store.commit(interrupted).catch(this.onError);
    this.unsubscribe = this.store.onCommit((ops) => this.observe(ops));
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
  }

  /** Deliveries whose attempt is on the wire right now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private observe(ops: readonly Op[]): void {
    let relevant = false;
    for (const op of ops) {
      if (op.op === 'replace') {
        this.retrackAll();
        relevant = true;
      } else if (op.op === 'delivery' || op.op === 'delivery.patch') {
        const delivery = op.op === 'delivery' ? op.v : this.store.state.deliveries.get(op.id);
        if (!delivery) continue;
        if (isFinal(delivery)) this.untrack(delivery.id);
        else this.track(delivery);
        relevant = true;
      } else if (op.op === 'delivery.delete') {
        this.untrack(op.id);
        relevant = true;
      } else if (op.op === 'queue' || op.op === 'endpoint' || op.op === 'settings') {
        relevant = true;
      }
    }
    if (relevant) this.kick();
  }

  private retrackAll(): void {
    this.generation++;
    this.pending.reset([]);
    this.pendingIds.clear();
    for (const d of this.store.state.deliveries.values()) if (!isFinal(d)) this.track(d);
  }

  private track(d: WebhookDelivery): void {
    if (this.pendingIds.has(d.id)) return;
    this.pendingIds.set(d.id, d.seq);
    this.pending.insert({ seq: d.seq, id: d.id });
  }

  private untrack(id: string): void {
    const seq = this.pendingIds.get(id);
    if (seq === undefined) return;
    this.pendingIds.delete(id);
    this.pending.remove({ seq, id });
  }

  /** Pumps once per tick, however many changes asked for it. */
  private kick(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => this.pump());
  }

  private pump(): void {
    this.scheduled = false;
    if (this.stopped || this.store.state.queuePaused) return;
    const { deliveries, endpoints } = this.store.state;
    const limit = this.settings().delivery_concurrency;
    const now = this.clock.now();
    const heads = new Set<string>();
    let nextDue = Infinity;
    for (let i = 0; i < this.pending.length && this.inFlight.size < limit; i++) {
      const { id } = this.pending.at(i) as Pending;
      const delivery = deliveries.get(id);
      // In memory a delivery can already be finished while its commit is still on its way to disk;
      // one on the wire still holds its link's place in line.
      if (!delivery || isFinal(delivery)) continue;
      const key = `${delivery.endpoint_id} ${delivery.link_id}`;
      if (heads.has(key)) continue;
      heads.add(key);
      const endpoint = endpoints.get(delivery.endpoint_id);
      if (delivery.status === 'delivering' || this.inFlight.has(id) || (endpoint && !endpoint.enabled))
        continue;
      const due = Date.parse(delivery.next_attempt_at ?? '');
      if (due > now) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      this.inFlight.add(id);
      void this.attempt(delivery, endpoint)
        .catch(this.onError)
        .finally(() => {
          this.inFlight.delete(id);
          this.kick();
        });
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (nextDue !== Infinity) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, nextDue - now));
      this.timer.unref();
    }
  }

  private async attempt(delivery: WebhookDelivery, endpoint: WebhookEndpoint | undefined): Promise<void> {
    const event = this.store.state.events.get(delivery.event_id);
    if (!endpoint || !event) {
      // Its endpoint was deleted (or its event is gone): nothing left to send it to.
      await this.store.commit([{ op: 'delivery.delete', id: delivery.id }]);
      return;
    }
    const started = this.clock.now();
    const generation = this.generation;
    const body = JSON.stringify(event);
    const headers = {
      'content-type': 'application/json',
      'user-agent': `PaymentLinksSandbox/${VERSION}`,
      ...signedHeaders(endpoint, event.id, body, started),
    };
    void this.store
      .commit([
        {
          op: 'delivery.patch',
          id: delivery.id,
          set: {
            status: 'delivering',
            next_attempt_at: delivery.next_attempt_at,
            updated_at: isoTime(started),
          },
        },
      ])
      .catch(this.onError);
    const result = await sendAttempt(endpoint.url, headers, body, this.timeoutMs);
    const current = this.store.state.deliveries.get(delivery.id);
    // Deleted, resent or stopped while on the wire: this attempt's outcome belongs to no series.
    if (this.stopped || generation !== this.generation || !current || current.series !== delivery.series)
      return;
    const schedule = this.settings().webhook_retry_schedule_seconds;
    const number = current.attempts.filter((a) => a.series === current.series).length + 1;
    const finished = this.clock.now();
    const delivered = result.error === null;
    const retry = !delivered && number < schedule.length;
    await this.store.commit([
      {
        op: 'delivery.patch',
        id: current.id,
        set: {
          status: delivered ? 'delivered' : retry ? 'retrying' : 'failed',
          next_attempt_at: retry ? isoTime(finished + (schedule[number] as number) * 1000) : null,
          updated_at: isoTime(finished),
        },
        attempt: { series: current.series, number, started_at: isoTime(started), ...result },
      },
      ...retentionOps(this.store.state, this.settings().delivery_retention),
    ]);
  }
}
