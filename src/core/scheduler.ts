import type { PaymentLink } from '../shared/types';
import type { Clock } from './clock';
import type { LinkChange, PaymentLinks } from './domain/paymentLinks';
import type { Op } from './store/ops';
import { SortedList } from './store/sortedList';
import type { Store } from './store/store';

/** A change the clock brings: a pending link's expiry or a paid link's settlement, at `at`. */
interface Due {
  at: number;
  id: string;
  kind: 'expire' | 'settle';
}

const BATCH = 1000;

const isDue = (list: SortedList<Due>, now: number): boolean => (list.peek()?.at ?? Infinity) <= now;

const byTime = (a: Due, b: Due): number =>
  a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * Applies what the clock makes happen: pending links expire at expires_at, paid links settle at
 * settle_at. Both wait in one list in time order, so an advance of the clock across many of them
 * commits them, and queues their webhooks, in the order they fell due. Ticks often enough to keep
 * the "within one second" promise, and reads call `catchUp` first so they never show a link that
 * should already have moved.
 */
export class Scheduler {
  private readonly due = new SortedList<Due>(byTime);
  /** Writes of due changes not yet durable, from ticks and reads alike: an advance waits for them. */
  private readonly writing = new Set<Promise<void>>();
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

  /** Every change due by now applied and durable, including those another caller began writing. */
  async settle(): Promise<void> {
    await this.catchUp();
    await Promise.all(this.writing);
  }

  /**
   * Commits the due changes in time order, at most BATCH links a write (a day's worth of expiries
   * must not make one journal line larger than a string can hold); undefined when nothing is due.
   * A write the disk refuses puts its links back in line, since they are still due.
   */
  catchUp(): Promise<void> | undefined {
    const now = this.clock.now();
    // The common case (nothing due) allocates nothing: every read of the API comes through here.
    if (!isDue(this.due, now)) return undefined;
    const writes: Promise<void>[] = [];
    while (isDue(this.due, now)) {
      const taken = this.due.takeWhile((d) => d.at <= now, BATCH);
      const ops: Op[] = [];
      for (const due of taken) for (const op of this.decide(due, now)?.ops ?? []) ops.push(op);
      if (ops.length === 0) continue;
      const write = this.store.commit(ops).catch((err: unknown) => {
        for (const due of taken) this.due.insert(due);
        throw err;
      });
      this.writing.add(write);
      void write.finally(() => this.writing.delete(write)).catch(() => undefined);
      writes.push(write);
    }
    return writes.length > 0 ? Promise.all(writes).then(() => undefined) : undefined;
  }

  private decide(due: Due, now: number): LinkChange | null {
    return due.kind === 'expire' ? this.links.expireIfDue(due.id, now) : this.links.settleIfDue(due.id, now);
  }

  /** Everything due, read afresh from the store: at start, and when the whole store is replaced. */
  private rebuild(): void {
    const due: Due[] = [];
    for (const link of this.store.state.links.values()) this.collect(link, (d) => due.push(d));
    this.due.reset(due);
  }

  private track(ops: readonly Op[]): void {
    for (const op of ops) {
      if (op.op === 'replace') this.rebuild();
      if (op.op === 'link') this.collect(op.v, (d) => this.due.insert(d));
    }
  }

  private collect(link: PaymentLink, add: (due: Due) => void): void {
    if (link.status === 'pending') add({ at: Date.parse(link.expires_at), id: link.id, kind: 'expire' });
    if (link.settle_at !== null && link.settled_at === null)
      add({ at: Date.parse(link.settle_at), id: link.id, kind: 'settle' });
  }
}
