import type { DeliveryAttempt, WebhookDelivery } from '../../shared/types';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';

/** What a trimmed body keeps first: enough to recognise an error page. */
const KEPT_CHARS = 1024;

const bodyChars = (a: DeliveryAttempt): number => a.response?.body.length ?? 0;
const sizeOf = (d: WebhookDelivery): number => d.attempts.reduce((sum, a) => sum + bodyChars(a), 0);

interface Held {
  id: string;
  index: number;
  startedAt: string;
}

/**
 * Keeps the webhook response bodies held in memory within `budgetBytes`: `attempt_bodies_mb`, or
 * this workspace's share of the server's ceiling when that is less (docs/contract.md §15). Each attempt records
 * up to 64 KiB of response (RESPONSE_BODY_LIMIT), and a delivery can be attempted again and again (retries,
 * resends), so an endpoint answering with large error pages would otherwise grow memory without
 * end: waiting deliveries count as much as finished ones. Past the budget the oldest attempts, by
 * when they were made, keep the first 1 KiB of their response body; if that is still too much, the
 * oldest lose the rest. Either way the body is marked truncated, and the newest attempts keep
 * theirs whole. Request bodies stay whole: the inspector verifies their signatures. The trimmed
 * copies replace the records in memory, so the next snapshot keeps them trimmed too.
 */
export class AttemptBodies {
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly state: StoreState,
    private readonly budgetBytes: () => number,
  ) {
    this.recount();
    this.enforce();
  }

  /** Characters of body held now (a character of these ASCII-mostly bodies is about a byte). */
  get held(): number {
    return this.total;
  }

  observe(ops: readonly Op[]): void {
    for (const op of ops) {
      if (op.op === 'replace') this.recount();
      else if (op.op === 'delivery') this.note(op.v);
      else if (op.op === 'delivery.patch' && op.attempt) {
        const delivery = this.state.deliveries.get(op.id);
        if (delivery) this.note(delivery);
      } else if (op.op === 'delivery.delete') this.forget(op.id);
    }
    this.enforce();
  }

  /** The budget shrank (another workspace was made): trimmed to it now, not at the next attempt. */
  trim(): void {
    this.enforce();
  }

  /** Past the budget, trims down to nine tenths of it, so that it is not done again at every attempt. */
  private enforce(): void {
    const budget = this.budgetBytes();
    if (this.total <= budget) return;
    const target = budget * 0.9;
    for (const keep of [KEPT_CHARS, 0]) {
      for (const held of this.oldestFirst(keep)) {
        if (this.total <= target) return;
        const delivery = this.state.deliveries.get(held.id) as WebhookDelivery;
        const trimmed = trimAttempt(delivery, held.index, keep);
        this.state.deliveries.set(delivery.id, trimmed);
        this.note(trimmed);
      }
    }
  }

  /** Attempts whose response body is longer than `keep`, oldest first (store order among equals). */
  private oldestFirst(keep: number): Held[] {
    const held: Held[] = [];
    for (const delivery of this.state.deliveries.values()) {
      if ((this.sizes.get(delivery.id) ?? 0) === 0) continue;
      delivery.attempts.forEach((a, index) => {
        if (bodyChars(a) > keep) held.push({ id: delivery.id, index, startedAt: a.started_at });
      });
    }
    return held.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  }

  private recount(): void {
    this.sizes.clear();
    this.total = 0;
    for (const delivery of this.state.deliveries.values()) this.note(delivery);
  }

  private note(delivery: WebhookDelivery): void {
    const size = sizeOf(delivery);
    this.total += size - (this.sizes.get(delivery.id) ?? 0);
    // Only deliveries holding a body are kept: a million waiting in a paused queue hold none.
    if (size > 0) this.sizes.set(delivery.id, size);
    else this.sizes.delete(delivery.id);
  }

  private forget(id: string): void {
    this.total -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
  }
}

function trimAttempt(delivery: WebhookDelivery, index: number, keep: number): WebhookDelivery {
  const attempts = delivery.attempts.slice();
  const attempt = attempts[index] as DeliveryAttempt;
  const response = attempt.response as NonNullable<DeliveryAttempt['response']>;
  attempts[index] = {
    ...attempt,
    response: { ...response, body: copyOf(response.body, keep), body_truncated: true },
  };
  return { ...delivery, attempts };
}

/**
 * The first `chars` characters as a string of their own. A slice would be a view that keeps the
 * whole 64 KiB body alive, and trimming would free nothing.
 */
const copyOf = (text: string, chars: number): string =>
  chars === 0 ? '' : Buffer.from(text.slice(0, chars), 'utf8').toString('utf8');
