// The Links screen's "Created" filter: presets relative to now, or a range of calendar days in
// the tester's own time zone, turned into the console API's exclusive created_after/before.

export type CreatedPreset = 'any' | 'hour' | 'today' | '7d' | '30d' | 'custom';

export interface CreatedRange {
  preset: CreatedPreset;
  /** yyyy-mm-dd, inclusive; '' for open. Used by the custom preset only. */
  from: string;
  to: string;
}

export interface CreatedBounds {
  /** Exclusive bounds as RFC 3339 instants; undefined for open. */
  after?: string;
  before?: string;
}

export const CREATED_PRESETS: { value: CreatedPreset; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'hour', label: 'Last hour' },
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom range' },
];

export const ANY_TIME: CreatedRange = { preset: 'any', from: '', to: '' };

const DAY_MS = 86_400_000;

/** Local midnight at the start of a yyyy-mm-dd day. */
function startOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).getTime();
}

function startOfToday(now: number): number {
  const today = new Date(now);
  return new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Fixed at the moment the list loads, so live links are judged by the same bounds as the page. */
export function createdBounds(range: CreatedRange, now: number): CreatedBounds {
  switch (range.preset) {
    case 'any':
      return {};
    case 'hour':
      return { after: iso(now - 3_600_000 - 1) };
    case 'today':
      return { after: iso(startOfToday(now) - 1) };
    case '7d':
      return { after: iso(startOfToday(now) - 6 * DAY_MS - 1) };
    case '30d':
      return { after: iso(startOfToday(now) - 29 * DAY_MS - 1) };
    case 'custom':
      return {
        after: range.from ? iso(startOfDay(range.from) - 1) : undefined,
        before: range.to ? iso(startOfDay(range.to) + DAY_MS) : undefined,
      };
  }
}

/** A custom range whose end comes before its start matches nothing; say so instead. */
export function rangeProblem(range: CreatedRange): string | null {
  if (range.preset === 'custom' && range.from && range.to && range.to < range.from) {
    return 'The end date is before the start date.';
  }
  return null;
}
