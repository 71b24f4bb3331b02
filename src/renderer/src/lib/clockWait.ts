// What waits on the sandbox clock, in words. Retries fall due in sandbox time (docs/decisions.md,
// "The sandbox clock"): while the clock is frozen, a retry not yet due never comes on its own, so a
// plain "in 5s" would promise what the clock will not keep.
import { formatRelative } from './webhookFormat';

export interface RetryWait {
  /** The countdown: "in 5s". */
  text: string;
  /** Under it, when it waits for the tester to move the clock rather than for time to pass. */
  note: string | null;
  /** The whole of it, for a tooltip. */
  title: string;
}

/** A waiting delivery's next attempt, `now` being sandbox time. */
export function retryWait(nextAttemptAt: string, now: number, frozen: boolean): RetryWait {
  const inText = formatRelative(nextAttemptAt, now);
  if (!frozen) return { text: inText, note: null, title: `Next attempt at ${nextAttemptAt} (sandbox time)` };
  return {
    text: inText,
    note: 'clock frozen',
    title: `${inText} of sandbox time — the clock is frozen: this goes out when the sandbox clock reaches ${nextAttemptAt}, so advance or resume the clock.`,
  };
}

/** The queue line's note, or null when nothing waits on the clock. */
export function queueClockNote(waiting: number, paused: boolean, frozen: boolean): string | null {
  if (paused || !frozen || waiting === 0) return null;
  return 'retries not yet due wait for the sandbox clock, which is frozen';
}
