import type { PresentedDelivery } from '../../shared/deliverySummary';
import type { SandboxEvent } from '../../shared/types';
import type { SandboxCore } from '../sandboxCore';
import type { listDeliveries, DeliveryListQuery } from './deliveryListing';

interface Waiter {
  matches: (d: PresentedDelivery) => boolean;
  done: () => void;
}

/**
 * Long-polls for deliveries (GET /sandbox/deliveries?wait=): each waits for the first announced
 * delivery it matches, its deadline, its client going away, or the server closing, whichever
 * comes first. One listener on the core serves every waiter.
 */
export class DeliveryWaits {
  private readonly waiters = new Set<Waiter>();
  /** Set once the server closes: an answer then also closes its connection, which would hold the close. */
  closing = false;

  constructor(private readonly core: SandboxCore) {}

  /**
   * The deliveries that match `query`; when there are none, the same list once the first one is
   * announced, or still none at `ms`, when the client has gone, or when the server closes.
   */
  async list(
    query: DeliveryListQuery,
    ms: number,
    gone: AbortSignal,
  ): Promise<ReturnType<typeof listDeliveries>> {
    const list = () => this.core.webhooks.list(query);
    const first = list();
    if (first.pagination.total > 0 || ms <= 0) return first;
    await this.until(this.core.webhooks.matcher(query), ms, gone);
    return list();
  }

  /**
   * Resolves once a delivery changes into one that `matches`, at `ms`, or when `gone` aborts; the
   * caller reads what it waits for again (startTestSandbox's waitForDelivery waits for attempts).
   */
  until(matches: (d: PresentedDelivery) => boolean, ms: number, gone: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.done(), ms);
      const waiter: Waiter = {
        matches,
        done: () => {
          clearTimeout(timer);
          gone.removeEventListener('abort', waiter.done);
          if (this.waiters.delete(waiter) && this.waiters.size === 0)
            this.core.events.off('event', this.observe);
          resolve();
        },
      };
      if (gone.aborted) return waiter.done();
      gone.addEventListener('abort', waiter.done);
      if (this.waiters.size === 0) this.core.events.on('event', this.observe);
      this.waiters.add(waiter);
    });
  }

  /** The server is closing: every long-poll answers now, so none holds the close for its wait. */
  closeAll(): void {
    this.closing = true;
    for (const waiter of [...this.waiters]) waiter.done();
  }

  private readonly observe = (event: SandboxEvent): void => {
    if (event.type !== 'delivery.changed') return;
    for (const waiter of [...this.waiters]) if (waiter.matches(event.delivery)) waiter.done();
  };
}
