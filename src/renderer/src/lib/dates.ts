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

/** Whether two moments fall on the same calendar day where the console runs. */
export function sameDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * A log's moment (requests, deliveries, events, inbox): the time of day alone when it falls on the
 * sandbox's today, and with its day otherwise, so after the clock moves by days today's rows and
 * another day's never look alike; the day takes the milliseconds' place (the row's tooltip keeps them),
 * so the column stays about as wide. `today` is any moment of the sandbox's current day.
 */
export function formatLogTime(iso: string, today: number): string {
  const at = Date.parse(iso);
  return sameDay(at, today) ? clock.format(at) : dateTime.format(at);
}
