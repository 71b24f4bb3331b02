import type { DeliveryAttempt, Settings, WebhookDelivery } from '../../shared/types';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { isFinal } from './deliveryControls';

/** What a trimmed body keeps: enough to recognise an error page. */
const KEPT_CHARS = 1024;

const bodyChars = (a: DeliveryAttempt): number => a.response?.body.length ?? 0;
const sizeOf = (d: WebhookDelivery): number => d.attempts.reduce((sum, a) => sum + bodyChars(a), 0);

/**
 * Keeps the webhook response bodies held in memory within `attempt_bodies_mb`. Each attempt records up to
 * 64 KiB of response (contract §8), and a delivery can be attempted again and again (retries,
 * resends), so an endpoint answering with large error pages would otherwise grow memory without
 * end. Past the budget the oldest finished deliveries keep the first 1 KiB of each response body,
 * marked truncated (request bodies stay whole: the inspector verifies their signatures); waiting and recent deliveries keep everything. The trimmed copies replace the
 * records in memory, so the next snapshot keeps them trimmed too.
 */
export class AttemptBodies {
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private afterTrim = 0;

  constructor(
    private readonly state: StoreState,
    private readonly settings: () => Settings,
  ) {
    this.recount();
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

  private enforce(): void {
    const budget = this.settings().attempt_bodies_mb * 1024 * 1024;
    if (this.total <= Math.max(budget, this.afterTrim) + budget / 10) return;
    const target = budget * 0.9;
    for (const delivery of this.state.deliveries.values()) {
      if (this.total <= target) break;
      if (!isFinal(delivery) || (this.sizes.get(delivery.id) ?? 0) === 0) continue;
      const trimmed = trim(delivery);
      if (trimmed === delivery) continue;
      this.state.deliveries.set(delivery.id, trimmed);
      this.note(trimmed);
    }
    this.afterTrim = this.total;
  }

  private recount(): void {
    this.sizes.clear();
    this.total = 0;
    for (const delivery of this.state.deliveries.values()) this.note(delivery);
  }

  private note(delivery: WebhookDelivery): void {
    const size = sizeOf(delivery);
    this.total += size - (this.sizes.get(delivery.id) ?? 0);
    this.sizes.set(delivery.id, size);
  }

  private forget(id: string): void {
    this.total -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
  }
}

function trim(delivery: WebhookDelivery): WebhookDelivery {
  let changed = false;
  const attempts = delivery.attempts.map((a) => {
    if (!a.response || a.response.body.length <= KEPT_CHARS) return a;
    changed = true;
    return {
      ...a,
      response: { ...a.response, body: a.response.body.slice(0, KEPT_CHARS), body_truncated: true },
    };
  });
  return changed ? { ...delivery, attempts } : delivery;
}
