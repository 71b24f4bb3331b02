import type { Advance, ClockState, ClockView, SandboxClock } from './sandboxClock';
import type { Scheduler } from './scheduler';
import type { Op } from './store/ops';
import type { Store } from './store/store';

/**
 * What the tester does with the sandbox clock (contract §11): advance, freeze, resume. Each move is
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

  private set(state: ClockState): Promise<void> {
    return this.store.commit([{ op: 'clock', v: state }]);
  }
}
