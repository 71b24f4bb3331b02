// waitForDelivery's deliveries in a workspace client: read through the keyed routes
// (GET /sandbox/deliveries, GET /sandbox/deliveries/{id}) and read again each time the client hears
// of an attempt to its endpoint, never polled.
import type { DeliveryFilter } from '../../shared/deliveryFilter';
import type { DeliverySummary } from '../../shared/deliverySummary';
import type { Pagination } from '../../shared/types';
import type { Requester } from './apiHelpers';
import type { AppDelivery, DeliverySource } from './deliveryWait';

/** A count of what was heard, and waits for the next. */
export class Wakes {
  private count = 0;
  private readonly sleepers = new Set<() => void>();

  get heard(): number {
    return this.count;
  }

  wake(): void {
    this.count++;
    for (const sleeper of [...this.sleepers]) sleeper();
  }

  /** True once something was heard after `heard`; false after `ms`, or once `signal` aborts. */
  after(heard: number, ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.count > heard) return Promise.resolve(true);
    if (signal.aborted || ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.sleepers.delete(sleeper);
        signal.removeEventListener('abort', aborted);
        resolve(woken);
      };
      const sleeper = () => done(true);
      const aborted = () => done(false);
      const timer = setTimeout(aborted, ms);
      this.sleepers.add(sleeper);
      signal.addEventListener('abort', aborted);
    });
  }
}

const PER_PAGE = 100;
type Page = { data: DeliverySummary[]; pagination: Pagination; error?: { message: string } };

export function keyedDeliveries(request: Requester, wakes: Wakes): DeliverySource {
  const matching = async (filter: DeliveryFilter): Promise<DeliverySummary[]> => {
    const rows: DeliverySummary[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
      if (filter.endpoint_id) query.set('endpoint', filter.endpoint_id);
      if (filter.link_id) query.set('link', filter.link_id);
      if (filter.event_type) query.set('type', filter.event_type);
      const answer = await request<Page>('GET', `/sandbox/deliveries?${query}`);
      if (answer.status !== 200)
        throw new Error(`waitForDelivery: ${answer.body?.error?.message ?? `answered ${answer.status}`}`);
      rows.push(...answer.body.data);
      if (page >= answer.body.pagination.last_page) break;
    }
    // The API lists newest first.
    return rows.reverse();
  };
  return {
    matching,
    detail: async (id) => {
      const answer = await request<{ data: AppDelivery; error?: { message: string } }>(
        'GET',
        `/sandbox/deliveries/${id}`,
      );
      if (answer.status !== 200)
        throw new Error(`waitForDelivery: ${answer.body?.error?.message ?? `answered ${answer.status}`}`);
      return answer.body.data;
    },
    until: async (filter, ready, ms, closed) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const heard = wakes.heard;
        const found = (await matching(filter)).find(ready);
        if (found) return found.id;
        if (!(await wakes.after(heard, deadline - Date.now(), closed))) return null;
      }
    },
  };
}
