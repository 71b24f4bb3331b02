import { SandboxError } from './errors';
import type { ClockView } from '../shared/types';
import { isoTime, type Clock } from './clock';

/** The clock as the store keeps it: how far ahead of real time, and the moment it stands at if frozen. */
export interface ClockState {
  offset_ms: number;
  frozen_at: number | null;
}

export const RUNNING: ClockState = { offset_ms: 0, frozen_at: null };

export type { ClockView };

/** The time under a clock state, or under the sandbox's own without one. */
export type NowUnder = (clock?: ClockState) => number;

/** How far to move: a number of seconds, or a moment to move to. */
export type Advance = { seconds: number } | { to: string };

/**
 * The sandbox's time (docs/contract.md §11): the real clock moved on by a stored offset, or standing at a
 * stored moment while frozen. Wraps whatever the core was given as real time, so tests that bring
 * their own still drive it. The state is read from the store on every call: a restart, an import
 * or an undone write changes the time with it.
 */
export class SandboxClock implements Clock {
  constructor(
    private readonly real: Clock,
    private readonly stored: () => ClockState,
  ) {}

  now(): number {
    return this.nowUnder(this.stored());
  }

  /** The time it would be under another clock state: an imported file's, before it takes effect. */
  nowUnder({ offset_ms, frozen_at }: ClockState): number {
    return frozen_at ?? this.real.now() + offset_ms;
  }

  /** Real time: what the webhook-timestamp header carries, since receivers compare it with theirs. */
  realNow(): number {
    return this.real.now();
  }

  isFrozen(): boolean {
    return this.stored().frozen_at !== null;
  }

  view(): ClockView {
    return this.viewUnder(this.stored());
  }

  /** The clock as it will read under a state not yet stored: what an advance about to commit reports. */
  viewUnder(state: ClockState): ClockView {
    const now = this.nowUnder(state);
    const realNow = this.realNow();
    return {
      now: isoTime(now),
      real_now: isoTime(realNow),
      offset_seconds: (now - realNow) / 1000,
      frozen: state.frozen_at !== null,
    };
  }

  /** The state after moving forward; a move backwards (or nowhere, by seconds) is refused. */
  advanced(by: Advance): ClockState {
    const now = this.now();
    const target = 'seconds' in by ? now + by.seconds * 1000 : Date.parse(by.to);
    if ('to' in by && target < now) {
      throw new SandboxError(
        'parameter_invalid',
        `Invalid to: ${by.to}; the sandbox clock only moves forward, so to must be at or after now (${isoTime(now)}). POST /sandbox/clock/reset brings it back to real time.`,
        'to',
      );
    }
    return this.standingAt(target);
  }

  frozen(): ClockState {
    return { offset_ms: this.stored().offset_ms, frozen_at: this.now() };
  }

  /**
   * Runs on from the moment it stood at, unless real time has passed that moment meanwhile: the
   * offset is never below zero (docs/contract.md §11), so a clock frozen longer than it was ahead resumes
   * at real time. Either way it never goes back.
   */
  resumed(): ClockState {
    return { offset_ms: Math.max(0, this.now() - this.realNow()), frozen_at: null };
  }

  private standingAt(target: number): ClockState {
    const { frozen_at, offset_ms } = this.stored();
    if (frozen_at !== null) return { offset_ms, frozen_at: target };
    return { offset_ms: target - this.realNow(), frozen_at: null };
  }
}
