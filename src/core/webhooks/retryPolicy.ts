// The retry policy of webhook deliveries (docs/decisions.md, "Webhooks"): a new delivery, a resend
// and the worker after each failed attempt read the one schedule in the settings, the same way.
import { slotDelaySeconds } from '../../shared/retrySchedule';
import type { Settings } from '../../shared/types';

type Schedule = Pick<Settings, 'webhook_retry_schedule_seconds'>;

/**
 * When attempt `attempt` (1 for the first) of a series goes: the schedule's delay for it after
 * `from` (when the series began, or the attempt before it ended), or null when the schedule has no
 * such attempt and the delivery has failed. No jitter: a tester sees exactly the schedule they set.
 */
export function attemptAt(settings: Schedule, attempt: number, from: number): number | null {
  const delaySeconds = slotDelaySeconds(settings.webhook_retry_schedule_seconds, attempt);
  return delaySeconds === undefined ? null : from + delaySeconds * 1000;
}

/** When a new series (a first delivery or a resend) makes its first attempt; a schedule always has one. */
export const firstAttemptAt = (settings: Schedule, from: number): number =>
  attemptAt(settings, 1, from) ?? from;

/**
 * An attempt cut off mid-flight (a crash, or a store exported while one was on the wire) has no
 * outcome to wait on: it counts as failed and goes again at once.
 */
export const retriedAtOnce = (now: string) =>
  ({ status: 'retrying', next_attempt_at: now, updated_at: now }) as const;
