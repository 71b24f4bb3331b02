import type { ClockStart } from '../core/clockControls';
import { MAX_ADVANCE_SECONDS } from '../shared/clockAdvance';
import { parseDuration } from '../shared/durations';
import { UsageError } from './usageError';

/**
 * --clock and --clock-offset as the core applies them at start, or a UsageError saying what is
 * allowed, naming the flag or the variable (`named`) the value came from.
 */
export function clockStartOf(
  state: string | undefined,
  offset: string | undefined,
  named: (flag: 'clock' | 'clock-offset') => string = (flag) => `--${flag}`,
): ClockStart | undefined {
  if (state === undefined && offset === undefined) return undefined;
  if (state !== undefined && state !== 'frozen' && state !== 'running')
    throw new UsageError(`${named('clock')} must be frozen or running; got "${state}"`);
  if (offset === undefined) return { state };
  const seconds = parseDuration(offset);
  if (seconds === null || seconds < 1 || seconds > MAX_ADVANCE_SECONDS) {
    throw new UsageError(
      `${named('clock-offset')} must be a duration forward from 1s to 3650d, such as 90s, 15m, 2h, 1d or 1d12h (the sandbox clock never goes back); got "${offset}"`,
    );
  }
  return { state, offsetSeconds: seconds };
}
