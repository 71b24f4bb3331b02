import { dueChange } from '../shared/linkDue';
import type { PaymentLink } from '../shared/types';
import type { Clock } from './clock';
import type { LinkChange, PaymentLinks } from './domain/paymentLinks';
import { nextTurn } from './nextTurn';
import type { Op } from './store/ops';
import { SortedList } from './store/sortedList';
import type { Store } from './store/store';

/** A change the clock brings: a pending link's expiry or a paid link's settlement, at `at`. */
interface Due {
  at: number;
  id: string;
  kind: 'expire' | 'settle';
}

/**
 * Links per slice: one commit, one journal line (a day's expiries must not make one line larger
 * than a string can hold), and a few milliseconds of work before requests get their turn again.
 */
const SLICE = 250;

const isDue = (list: SortedList<Due>, now: number): boolean => (list.peek()?.at ?? Infinity) <= now;

const byTime = (a: Due, b: Due): number =>
  a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * Applies what the clock makes happen: pending links expire at expires_at, paid links settle at
 * settle_at. Both wait in one list in time order, so an advance of the clock across many of them
 * commits them, and queues their webhooks, in the order they fell due. Ticks often enough to keep
 * the "within one second" promise.
 *
 * Many changes due at once (an advance by days, a start on a store left closed for days, an import
 * of overdue links) are a run: slices of SLICE links, each committed, with the event loop turning
 * between them, so requests keep being answered while it goes (docs/decisions.md, "Mass changes").
 * A request about one link applies that link's due change first, so it never shows a link that
 * should already have moved; a list may show a run partly applied.
 */
export class Scheduler {
  private readonly due = new SortedList<Due>(byTime);
  /** Writes of due changes not yet durable, from ticks and reads alike: an advance waits for them. */
  private readonly writing = new Set<Promise<void>>();
  private run: Promise<void> | null = null;
  private stopped = false;
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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    this.timer = null;
  }

  /** Every change due by now applied and durable, including those another caller began writing. */
  async settle(): Promise<void> {
    await this.catchUp();
    while (this.run) await this.run;
    await Promise.all(this.writing);
  }

  /**
   * Applies `linkId`'s due changes, if any, and the first slice of everything else that is due,
   * starting a run for the rest; resolves once those writes are durable, and is undefined when
   * nothing is due (every read of the API comes through here, so that case allocates nothing).
   */
  catchUp(linkId?: string): Promise<void> | undefined {
    const now = this.clock.now();
    if (!isDue(this.due, now)) return undefined;
    const writes: Promise<void>[] = [];
    const own = linkId === undefined ? undefined : this.applyFor(linkId, now);
    if (own) writes.push(own);
    if (!this.run) {
      const first = this.slice(now);
      if (first) writes.push(first);
      if (isDue(this.due, now)) this.startRun();
    }
    return writes.length > 0 ? Promise.all(writes).then(() => undefined) : undefined;
  }

  /**
   * The rest of a mass change, a slice a turn, until nothing is due; a refused write ends it, and
   * so does a stop: the store closes next, and a slice committed after would only fail.
   */
  private startRun(): void {
    const run = (async () => {
      for (;;) {
        await nextTurn();
        if (this.stopped) throw new Error('the sandbox stopped before every due change was applied');
        const write = this.slice(this.clock.now());
        if (!write) break;
        // One slice on its way to disk at a time: a request's own write never queues behind a
        // backlog of slices, and what waits in memory stays one slice.
        await write;
      }
    })();
    this.run = run;
    void run.then(
      () => (this.run = null),
      (err: Error) => {
        this.run = null;
        // A stop is no failure to report; an advance still waiting on the run hears of it.
        if (!this.stopped) this.onError(err);
      },
    );
  }

  /**
   * Commits up to SLICE due changes in time order; undefined when none is due. A write the disk
   * refuses puts its links back in line, since they are still due.
   */
  private slice(now: number): Promise<void> | undefined {
    while (isDue(this.due, now)) {
      const taken = this.due.takeWhile((d) => d.at <= now, SLICE);
      const ops: Op[] = [];
      for (const due of taken) for (const op of this.decide(due, now)?.ops ?? []) ops.push(op);
      if (ops.length > 0) return this.write(ops, taken);
    }
    return undefined;
  }

  /** One link's due changes, out of turn: a request about it must see it as it is by now. */
  private applyFor(linkId: string, now: number): Promise<void> | undefined {
    const link = this.store.state.links.get(linkId.toLowerCase());
    if (!link) return undefined;
    const taken: Due[] = [];
    this.collect(link, (due) => {
      if (due.at <= now && this.due.remove(due)) taken.push(due);
    });
    const ops: Op[] = [];
    for (const due of taken) for (const op of this.decide(due, now)?.ops ?? []) ops.push(op);
    return ops.length > 0 ? this.write(ops, taken) : undefined;
  }

  private write(ops: Op[], taken: Due[]): Promise<void> {
    const write = this.store.commit(ops).catch((err: unknown) => {
      for (const due of taken) this.due.insert(due);
      throw err;
    });
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write)).catch(() => undefined);
    return write;
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

  /** The link's next due change (shared/linkDue.ts); once applied, its commit brings the one after. */
  private collect(link: PaymentLink, add: (due: Due) => void): void {
    const due = dueChange(link);
    if (due) add({ at: Date.parse(due.at), id: link.id, kind: due.kind });
  }
}
