// One shared one-second clock for every countdown on screen, in sandbox time: the sandbox clock
// may be ahead of real time or frozen, and every "in 5 min" must agree with the sandbox's rules.
import { useSyncExternalStore } from 'react';
import type { ClockView } from '../../../shared/types';

const listeners = new Set<() => void>();
/** Sandbox time − this machine's time, measured when the clock was last read; or where it stands. */
let ahead = 0;
let frozenAt: number | null = null;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

/** The sandbox's time now, as far as the console last heard. */
export function sandboxNow(): number {
  return frozenAt ?? Date.now() + ahead;
}

const tick = () => {
  now = sandboxNow();
  for (const notify of listeners) notify();
};

/** Takes a clock read from the sandbox; every countdown follows at once, not at the next tick. */
export function followSandboxClock(clock: ClockView): void {
  const at = Date.parse(clock.now);
  frozenAt = clock.frozen ? at : null;
  // Measured against this machine's clock rather than real_now, so a skew between the two cancels.
  ahead = at - Date.now();
  tick();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = sandboxNow();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The sandbox's current time, re-rendering the caller every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/** Midnight that starts the sandbox's current day (local time): re-renders only when the day turns. */
export function useSandboxDay(): number {
  return useSyncExternalStore(subscribe, () => new Date(now).setHours(0, 0, 0, 0));
}
