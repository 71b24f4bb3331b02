// Durations as people write them, in the console and on the command line: 90s, 15m, 2h, 1d,
// "1h 30m", "1d12h", or a plain number of seconds.
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const PART = /\s*(\d+)\s*([smhd]?)\s*/y;

/** Seconds, or null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const lower = text.trim().toLowerCase();
  if (lower === '') return null;
  let total = 0;
  // One part at a time from where the last ended (sticky): no backtracking however long the text.
  for (PART.lastIndex = 0; PART.lastIndex < lower.length;) {
    const match = PART.exec(lower);
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
