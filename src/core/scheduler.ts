import type { PaymentLink } from '../shared/types';
import type { Clock } from './clock';
import type { LinkChange, PaymentLinks } from './domain/paymentLinks';
import type { Op } from './store/ops';
import { SortedList } from './store/sortedList';
import type { Store } from './store/store';

interface Due {
  at: number;
  id: string;
}

const BATCH = 1000;

const isDue = (list: SortedList<Due>, now: number): boolean => (list.peek()?.at ?? Infinity) <= now;

const byTime = (a: Due, b: Due): number => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Applies what the clock makes happen: pending links expire at expires_at, paid links settle at
 * settle_at. Ticks often enough to keep the "within one second" promise, and reads call
 * `catchUp` first so they never show a link that should already have moved.
 */
export class Scheduler {
  private readonly expiries = new SortedList<Due>(byTime);
  private readonly settlements = new SortedList<Due>(byTime);
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly links: PaymentLinks,
    private readonly clock: Clock,
    private readonly onError: (err: Error) => void,
  ) {}

  start(intervalMs = 250): void {
    this.rebuild();
    this.unsubscribe = this.store.onCommit((ops) => this.track(ops));
    this.timer = setInterval(() => void this.catchUp()?.catch(this.onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    this.timer = null;
  }

  /**
   * Commits the due changes, at most BATCH links a write (a day's worth of expiries must not make
   * one journal line larger than a string can hold); undefined when nothing is due. A write the
   * disk refuses puts its links back in line, since they are still due.
   */
  catchUp(): Promise<void> | undefined {
    const now = this.clock.now();
    // The common case (nothing due) allocates nothing: every read of the API comes through here.
    if (!isDue(this.expiries, now) && !isDue(this.settlements, now)) return undefined;
    const writes: Promise<void>[] = [];
    const drain = (list: SortedList<Due>, decide: (id: string) => LinkChange | null) => {
      while (isDue(list, now)) {
        const taken = list.takeWhile((d) => d.at <= now, BATCH);
        const ops: Op[] = [];
        for (const due of taken) for (const op of decide(due.id)?.ops ?? []) ops.push(op);
        if (ops.length === 0) continue;
        writes.push(
          this.store.commit(ops).catch((err: unknown) => {
            for (const due of taken) list.insert(due);
            throw err;
          }),
        );
      }
    };
    drain(this.expiries, (id) => this.links.expireIfDue(id, now));
    drain(this.settlements, (id) => this.links.settleIfDue(id, now));
    return writes.length > 0 ? Promise.all(writes).then(() => undefined) : undefined;
  }

  /** Everything due, read afresh from the store: at start, and when the whole store is replaced. */
  private rebuild(): void {
    const expiries: Due[] = [];
    const settlements: Due[] = [];
    for (const link of this.store.state.links.values()) this.collect(link, expiries, settlements);
    this.expiries.reset(expiries);
    this.settlements.reset(settlements);
  }

  private track(ops: readonly Op[]): void {
    for (const op of ops) {
      if (op.op === 'replace') this.rebuild();
      if (op.op !== 'link') continue;
      const link = op.v;
      if (link.status === 'pending') this.expiries.insert({ at: Date.parse(link.expires_at), id: link.id });
      if (link.settle_at !== null && link.settled_at === null) {
        this.settlements.insert({ at: Date.parse(link.settle_at), id: link.id });
      }
    }
  }

  private collect(link: PaymentLink, expiries: Due[], settlements: Due[]): void {
    if (link.status === 'pending') expiries.push({ at: Date.parse(link.expires_at), id: link.id });
    if (link.settle_at !== null && link.settled_at === null)
      settlements.push({ at: Date.parse(link.settle_at), id: link.id });
  }
}
