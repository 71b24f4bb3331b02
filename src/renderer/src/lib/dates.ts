// Dates, times and durations as the console's tables show them.

const dateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "2d 3h", "14m 05s", "42s": the time left until `iso`, coarser the further away. */
export function formatRemaining(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(secs).padStart(2, '0')}s`;
  return `${secs}s`;
}

const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
});

/** "14:03:07.412": a moment to the millisecond, for logs (requests, deliveries, events, inbox). */
export const formatClock = (iso: string) => clock.format(new Date(iso));
