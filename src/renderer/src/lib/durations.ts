// Durations as people write them: 90s, 5m, 2h, 1d, "1h 30m", or a plain number of seconds.
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const PART = /^(\d+)\s*([smhd]?)$/;

/** Seconds, or null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const parts = text.trim().toLowerCase().split(/\s+/);
  if (parts.length === 0 || parts[0] === '') return null;
  let total = 0;
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) return null;
    total += Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] as number);
  }
  return total;
}

/** The shortest exact spelling: 86400 → 1d, 5400 → 1h 30m, 0 → 0s. */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const parts: string[] = [];
  let rest = seconds;
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_SECONDS[unit] as number;
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ');
}

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
