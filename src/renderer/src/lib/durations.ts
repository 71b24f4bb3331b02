// Lists of durations for the settings form; one duration is parsed as everywhere else.
import { formatDuration, parseDuration } from '../../../shared/durations';

export { formatDuration, parseDuration };

/** A comma-separated list of durations, or the first entry that is not one. */
export function parseDurationList(text: string): { seconds: number[] } | { bad: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const seconds: number[] = [];
  for (const entry of entries) {
    const value = parseDuration(entry);
    if (value === null) return { bad: entry };
    seconds.push(value);
  }
  return { seconds };
}

export const formatDurationList = (seconds: number[]): string => seconds.map(formatDuration).join(', ');
