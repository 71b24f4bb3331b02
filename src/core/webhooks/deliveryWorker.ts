import type { DeliveryAttempt, Settings, WebhookDelivery, WebhookEndpoint } from '../../shared/types';
import { isoTime } from '../clock';
import type { SandboxClock } from '../sandboxClock';
import type { Op } from '../store/ops';
import type { Store } from '../store/store';
import { isFinal } from '../../shared/deliveryStatus';
import { retentionOps } from './deliveryControls';
import { DeliveryQueue } from './deliveryQueue';
import { sendAttempt } from './sendAttempt';
import { signedHeaders, webhookHeaders } from './signing';
import { forgedSignature } from './webhookFaults';
import { attemptAt, retriedAtOnce } from './retryPolicy';

/** setTimeout's longest delay (about 24.8 days); a later retry is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs due deliveries (docs/contract.md §8): oldest first; per endpoint and link one at a time, so a link's
 * later event waits for its earlier one; at most `delivery_concurrency` in flight per endpoint, so
 * an endpoint that hangs holds only its own slots. Each attempt's outcome is committed, so a
 * restart resumes every queued or retrying delivery, and one whose attempt was cut off is tried
 * again. That an attempt is on the wire is announced, not journaled: a restart retries it anyway.
 */
export class DeliveryWorker {
  private readonly queue: DeliveryQueue;
  /** Attempts on the wire, per endpoint. */
  private readonly slots = new Map<string, number>();
  /** Deliveries on the wire, whose outcome is not yet applied: they show as delivering. */
  private readonly onWire = new Set<string>();
  /** Bumped when the whole store is replaced: an attempt begun before belongs to no delivery now. */
  private generation = 0;
  /** Deliveries a tester pushed through the paused queue (retry now): each goes once, alone. */
  private readonly passes = new Set<string>();
  /**
   * Deliveries whose next attempt a tester brought forward (retry now): that attempt is recorded
   * as theirs, since it uses up its slot of the schedule. Kept in memory only: a restart in the
   * moment before the attempt goes leaves it unmarked, nothing worse.
   */
  private readonly retriedNow = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly settings: () => Settings,
    private readonly timeoutMs: number,
    private readonly onError: (err: Error) => void,
    private readonly onAttemptStarted: (delivery: WebhookDelivery) => void,
    /**
     * An attempt made whose outcome belongs to no delivery now (deleted, resent or reset while on
     * the wire): not stored, but the receiver got it, so the log still shows it.
     */
    private readonly onUnrecordedAttempt: (delivery: WebhookDelivery, attempt: DeliveryAttempt) => void,
    /** How an attempt goes out: as this workspace sends (workspaces/sendingWorkspaces.ts). */
    private readonly post: typeof sendAttempt = sendAttempt,
  ) {
    this.queue = new DeliveryQueue(
      (id) => store.state.deliveries.get(id),
      () => clock.now(),
    );
  }

  start(): void {
    const now = isoTime(this.clock.now());
    // Stores written before attempts went unjournaled may hold one cut off mid-attempt.
    const interrupted: Op[] = [];
    for (const d of this.store.state.deliveries.values()) {
      if (d.status === 'delivering') {
        interrupted.push({
          op: 'delivery',
          v: { ...d, ...retriedAtOnce(now) },
        });
      } else if (!isFinal(d)) this.queue.upsert(d);
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
    return this.onWire.size;
  }

  /** The earlier delivery of the same link to the same endpoint that must go first, if any. */
  heldBehind(id: string): string | undefined {
    return this.queue.aheadOf(id);
  }

  isOnWire(id: string): boolean {
    return this.onWire.has(id);
  }

  /** Marks the next attempt of `id` as made by retry now; `undo` takes the mark back when the retry was not stored. */
  markRetryNow(id: string): { undo(): void } {
    this.retriedNow.add(id);
    return { undo: () => this.retriedNow.delete(id) };
  }

  /**
   * Lets one waiting delivery go while the queue is paused; the rest stay where they are. It is
   * put on the wire before this returns, so the answer to the tester's retry already says
   * "delivering", not "paused".
   */
  letThrough(id: string): void {
    if (!this.store.state.queuePaused || this.stopped) return;
    this.passes.add(id);
    this.pumpPasses(this.settings().delivery_concurrency);
  }

  private observe(ops: readonly Op[]): void {
    let relevant = false;
    for (const op of ops) {
      if (op.op === 'replace') {
        this.generation++;
        this.queue.clear();
        this.retriedNow.clear();
        for (const d of this.store.state.deliveries.values()) if (!isFinal(d)) this.queue.upsert(d);
        relevant = true;
      } else if (op.op === 'delivery' || op.op === 'delivery.patch') {
        const delivery = op.op === 'delivery' ? op.v : this.store.state.deliveries.get(op.id);
        if (!delivery) continue;
        // A resend starts a new series from its first slot: a retry now pressed before it is moot.
        if (op.op === 'delivery.patch' && op.set.series !== undefined) this.retriedNow.delete(op.id);
        if (isFinal(delivery)) this.queue.remove(delivery.id);
        else this.queue.upsert(delivery);
        relevant = true;
      } else if (op.op === 'delivery.delete') {
        this.queue.remove(op.id);
        this.retriedNow.delete(op.id);
        relevant = true;
      } else if (op.op === 'queue' || op.op === 'endpoint' || op.op === 'settings' || op.op === 'clock') {
        // A moved clock may make retries due that the timer, set in real time, would wait for.
        relevant = true;
      }
    }
    if (relevant) this.kick();
  }

  /** Pumps once per tick, however many changes asked for it. */
  private kick(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => this.pump());
  }

  private pump(): void {
    this.scheduled = false;
    if (this.stopped) return;
    const { endpoints } = this.store.state;
    const limit = this.settings().delivery_concurrency;
    if (this.store.state.queuePaused) {
      this.pumpPasses(limit);
      return;
    }
    this.passes.clear();
    const nextDue = this.queue.promote();
    for (const endpointId of this.queue.readyEndpoints()) {
      const endpoint = endpoints.get(endpointId);
      if (endpoint && !endpoint.enabled) continue;
      const used = this.slots.get(endpointId) ?? 0;
      for (const delivery of this.queue.take(endpointId, limit - used)) this.launch(delivery, endpoint);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (nextDue !== undefined) {
      const delay = Math.min(LONGEST_TIMER_MS, Math.max(0, nextDue - this.clock.now()));
      this.timer = setTimeout(() => this.kick(), delay);
      this.timer.unref();
    }
  }

  private pumpPasses(limit: number): void {
    for (const id of this.passes) {
      if (!this.queue.has(id)) {
        this.passes.delete(id);
        continue;
      }
      const endpointId = this.store.state.deliveries.get(id)?.endpoint_id ?? '';
      const endpoint = this.store.state.endpoints.get(endpointId);
      if ((endpoint && !endpoint.enabled) || (this.slots.get(endpointId) ?? 0) >= limit) continue;
      const delivery = this.queue.takeOne(id);
      if (!delivery) continue;
      this.passes.delete(id);
      this.launch(delivery, endpoint);
    }
  }

  private launch(delivery: WebhookDelivery, endpoint: WebhookEndpoint | undefined): void {
    const endpointId = delivery.endpoint_id;
    this.slots.set(endpointId, (this.slots.get(endpointId) ?? 0) + 1);
    void this.attempt(delivery, endpoint)
      .catch(this.onError)
      .finally(() => {
        this.onWire.delete(delivery.id);
        const used = (this.slots.get(endpointId) ?? 1) - 1;
        if (used > 0) this.slots.set(endpointId, used);
        else this.slots.delete(endpointId);
        this.queue.release(delivery.id);
        this.kick();
      });
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
    const retryNow = this.retriedNow.delete(delivery.id) ? ({ retry_now: true } as const) : {};
    const body = JSON.stringify(event);
    const signed = signedHeaders(endpoint, event.id, body, this.clock.realNow(), started);
    if (endpoint.faults?.bad_signature)
      signed['webhook-signature'] = forgedSignature(event.id, signed['webhook-timestamp'] as string, body);
    // The endpoint's own headers never name one the sandbox sets (endpointHeadersProblem).
    const headers = { ...endpoint.headers, ...webhookHeaders(signed) };
    this.onWire.add(delivery.id);
    this.onAttemptStarted(delivery);
    const result = await this.post(endpoint.url, headers, body, this.timeoutMs);
    // From here the delivery shows its outcome, not "delivering".
    this.onWire.delete(delivery.id);
    const current = this.store.state.deliveries.get(delivery.id);
    // Deleted, resent, reset or stopped while on the wire: this attempt's outcome belongs to no series.
    if (this.stopped || generation !== this.generation || !current || current.series !== delivery.series) {
      if (!this.stopped) {
        const number = delivery.attempts.filter((a) => a.series === delivery.series).length + 1;
        this.onUnrecordedAttempt(delivery, {
          series: delivery.series,
          number,
          started_at: isoTime(started),
          ...result,
          ...retryNow,
        });
      }
      return;
    }
    const number = current.attempts.filter((a) => a.series === current.series).length + 1;
    const finished = this.clock.now();
    const delivered = result.error === null;
    const nextAttempt = delivered ? null : attemptAt(this.settings(), number + 1, finished);
    // The slot is freed once the outcome is applied in memory, not once it is on disk: the lane
    // itself waits for the commit, since its head leaves the queue only when the commit lands.
    void this.store
      .commit([
        {
          op: 'delivery.patch',
          id: current.id,
          set: {
            status: delivered ? 'delivered' : nextAttempt !== null ? 'retrying' : 'failed',
            next_attempt_at: nextAttempt === null ? null : isoTime(nextAttempt),
            updated_at: isoTime(finished),
          },
          attempt: { series: current.series, number, started_at: isoTime(started), ...result, ...retryNow },
        },
        ...retentionOps(this.store.state, this.settings().delivery_retention),
      ])
      .catch((err: Error) => {
        // The disk refused the outcome and the store undid it in memory, telling no one: the
        // lane was placed by the outcome, so it is placed again by the delivery as it now is.
        const restored = this.store.state.deliveries.get(current.id);
        if (restored && !isFinal(restored)) this.queue.upsert(restored);
        this.kick();
        this.onError(err);
      });
  }
}
