import type { ClockHome, ClockReset } from '../shared/consoleSchemas';
import { RUNNING, type Advance, type ClockState, type ClockView, type SandboxClock } from './sandboxClock';
import { stampedAhead } from './stampedAhead';
import type { Scheduler } from './scheduler';
import type { Op } from './store/ops';
import type { Store } from './store/store';

/** How the clock starts (the CLI's --clock and --clock-offset). */
export interface ClockStart {
  state?: 'frozen' | 'running';
  /** At least this far ahead of real time: a stored clock further ahead stays where it is. */
  offsetSeconds?: number;
}

/**
 * What the tester does with the sandbox clock (docs/contract.md §11): advance, freeze, resume, and go
 * back to real time. Each move is
 * one durable clock op, so it survives a restart; an advance answers only once every change it
 * made due is applied and on disk, so the next request sees the world as of the new time.
 */
export class ClockControls {
  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly scheduler: Scheduler,
  ) {}

  view(): ClockView {
    return this.clock.view();
  }

  /**
   * `alongside` gives ops to commit with the move, from the clock it moves to (an idempotent
   * advance stores its response in the same commit, so a retry can never move the clock twice).
   */
  async advance(by: Advance, alongside?: (moved: ClockView, movedTo: number) => Op[]): Promise<ClockView> {
    const state = this.clock.advanced(by);
    const extra = alongside?.(this.clock.viewUnder(state), this.clock.nowUnder(state)) ?? [];
    await this.store.commit([{ op: 'clock', v: state }, ...extra]);
    await this.scheduler.settle();
    return this.clock.view();
  }

  async freeze(): Promise<ClockView> {
    if (!this.clock.isFrozen()) await this.set(this.clock.frozen());
    return this.clock.view();
  }

  async resume(): Promise<ClockView> {
    if (this.clock.isFrozen()) await this.set(this.clock.resumed());
    return this.clock.view();
  }

  /** What going back to real time would do now: what the console's confirmation says. */
  home(): ClockHome {
    const real = this.clock.realNow();
    return { went_back_seconds: (this.clock.now() - real) / 1000, ...stampedAhead(this.store.state, real) };
  }

  /**
   * Back to real time, running: the clock a reset leaves (RUNNING, docs/contract.md §11), with the
   * data kept and nothing rewritten. The scheduler's and the delivery worker's lists are in time
   * order and ask "due by now?", so what is stamped ahead simply waits for real time to reach it.
   * A frozen clock that stood behind real time goes forward, so what that makes due is applied first.
   */
  async reset(): Promise<ClockReset> {
    const before = this.clock.now();
    const { offset_ms, frozen_at } = this.store.state.clock;
    if (offset_ms !== RUNNING.offset_ms || frozen_at !== RUNNING.frozen_at) await this.set(RUNNING);
    await this.scheduler.settle();
    const clock = this.clock.view();
    const now = Date.parse(clock.now);
    return { clock, went_back_seconds: (before - now) / 1000, ...stampedAhead(this.store.state, now) };
  }

  /**
   * Resumes first and freezes last, so `--clock frozen --clock-offset 1d` stands still a day ahead;
   * the offset only ever moves the clock forward, like every other move. Unlike an advance it does
   * not wait for what falls due: the server listens first and catches up in slices.
   */
  async start({ state, offsetSeconds }: ClockStart): Promise<void> {
    if (state === 'running') await this.resume();
    if (offsetSeconds !== undefined) {
      const short = offsetSeconds - (this.clock.now() - this.clock.realNow()) / 1000;
      // What the move makes due is caught up after the server listens, as on any start.
      if (short > 0) await this.set(this.clock.advanced({ seconds: Math.ceil(short) }));
    }
    if (state === 'frozen') await this.freeze();
  }

  private set(state: ClockState): Promise<void> {
    return this.store.commit([{ op: 'clock', v: state }]);
  }
}
