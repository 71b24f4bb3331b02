import { dueChange } from '../shared/linkDue';
import type { PaymentLink } from '../shared/types';
import { performance } from 'node:perf_hooks';
import type { SandboxClock } from './sandboxClock';
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

/**
 * The longest the scheduler sleeps while a change waits, whatever its time: the bound on how late
 * one is applied when real time jumps under a timer (a laptop waking, the clock set). Most sleeps
 * end sooner, when the next change falls due; with nothing waiting, or the clock frozen, there is
 * no timer at all, so an idle workspace costs no CPU (docs/contract.md §15).
 */
export const MAX_SLEEP_MS = 30_000;
/** setTimeout's longest delay. */
const TIMER_LIMIT_MS = 2 ** 31 - 1;

const byTime = (a: Due, b: Due): number =>
  a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * Applies what the clock makes happen: pending links expire at expires_at, paid links settle at
 * settle_at. Both wait in one list in time order, so an advance of the clock across many of them
 * commits them, and queues their webhooks, in the order they fell due. A timer wakes it when the
 * first of them falls due (at most MAX_SLEEP_MS away), and every commit that brings an earlier one
 * or moves the clock sets it again: the "within one second" promise, with no ticks in between.
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
  /** When the timer fires (performance.now()); Infinity with none. */
  private wakeAt = Infinity;
  private maxSleepMs = MAX_SLEEP_MS;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly links: PaymentLinks,
    private readonly clock: SandboxClock,
    private readonly onError: (err: Error) => void,
  ) {}

  /** Starts applying due changes as they fall due; `maxSleepMs` bounds a sleep (tests pass less). */
  start(maxSleepMs = MAX_SLEEP_MS): void {
    this.stopped = false;
    this.maxSleepMs = maxSleepMs;
    this.rebuild();
    this.unsubscribe = this.store.onCommit((ops) => this.track(ops));
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.disarm();
    this.unsubscribe?.();
    this.unsubscribe = null;
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
      () => {
        this.run = null;
        this.arm();
      },
      (err: Error) => {
        this.run = null;
        // A stop is no failure to report; an advance still waiting on the run hears of it.
        if (!this.stopped) this.onError(err);
        this.arm();
      },
    );
  }

  /**
   * Sets the timer for the first change waiting, unless one is set to fire sooner: none while the
   * clock is frozen (nothing falls due until it moves, and moving it commits), none while a run is
   * applying what is due (its end sets it), none with nothing waiting.
   */
  private arm(): void {
    if (this.stopped || this.run) return;
    const next = this.due.peek();
    if (!next || this.clock.isFrozen()) {
      this.disarm();
      return;
    }
    const sleep = Math.min(Math.max(0, next.at - this.clock.now()), this.maxSleepMs, TIMER_LIMIT_MS);
    const wakeAt = performance.now() + sleep;
    if (this.timer && this.wakeAt <= wakeAt) return;
    this.disarm();
    this.wakeAt = wakeAt;
    this.timer = setTimeout(() => this.wake(), sleep);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeAt = Infinity;
  }

  private wake(): void {
    this.timer = null;
    this.wakeAt = Infinity;
    const applying = this.catchUp();
    if (!applying) this.arm();
    else
      void applying.then(
        () => this.arm(),
        (err: Error) => {
          this.onError(err);
          this.arm();
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
    let moved = false;
    for (const op of ops) {
      if (op.op === 'replace') this.rebuild();
      if (op.op === 'link') this.collect(op.v, (d) => this.due.insert(d));
      // The clock moved, froze or ran on: what is due, and when, is another question now.
      if (op.op === 'replace' || op.op === 'clock') moved = true;
    }
    if (moved) this.disarm();
    this.arm();
  }

  /** The link's next due change (shared/linkDue.ts); once applied, its commit brings the one after. */
  private collect(link: PaymentLink, add: (due: Due) => void): void {
    const due = dueChange(link);
    if (due) add({ at: Date.parse(due.at), id: link.id, kind: due.kind });
  }
}
