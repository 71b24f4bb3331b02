// What the console says about Retry now: it brings an attempt forward and uses up that attempt's
// slot of the retry schedule (attempt N takes slot N, shared/retrySchedule.ts), as Stripe and Svix
// do, so a retry after it waits the next slot's delay: after two, the next may be an hour away.
import { formatDuration } from '../../../shared/durations';
import { slotDelaySeconds } from '../../../shared/retrySchedule';

const listed = (schedule: readonly number[]) => schedule.map(formatDuration).join(', ');

/** Retry now's tooltip, with the schedule when the settings are known. */
export function retryNowHint(schedule: readonly number[] | undefined, paused: boolean): string {
  const now = paused
    ? 'Send this one now; the rest of the queue stays paused.'
    : 'Send it now instead of waiting.';
  const slots = schedule ? ` (${listed(schedule)})` : '';
  return `${now} It uses up this attempt's slot of the retry schedule${slots}: if it fails, the next try waits the delay of the slot after it.`;
}

/** The note on an attempt Retry now made: the slot it took and, when it failed, what follows it. */
export function retryNowNote(
  schedule: readonly number[] | undefined,
  attempt: number,
  failed: boolean,
): string {
  const took = schedule
    ? `slot ${attempt} of ${schedule.length} of the retry schedule`
    : `slot ${attempt} of the retry schedule`;
  const skipped = schedule && slotDelaySeconds(schedule, attempt);
  const made = `Made by Retry now: it took ${took}${skipped ? `, its ${formatDuration(skipped)} wait skipped` : ''}`;
  if (!failed || !schedule) return `${made}.`;
  const next = slotDelaySeconds(schedule, attempt + 1);
  return next === undefined
    ? `${made}, the last: no automatic retry follows it.`
    : `${made}; the retry after it waits slot ${attempt + 1}'s ${formatDuration(next)}.`;
}
