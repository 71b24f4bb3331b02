import type { GoldenRequest } from './recording';

/** Fields whose placeholder is compared by what it refers back to, not by its number. */
export const RELATED_FIELDS = ['idempotency_key', 'link'] as const;

const PLACEHOLDER = /\b(link|evt|dlv|we|flt)#\d+\b/g;

const unnumbered = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, '{$1}');
  if (Array.isArray(value)) return value.map(unnumbered);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unnumbered(v)]));
  return value;
};

const before = (distance: number): string => `same as ${distance} request${distance === 1 ? '' : 's'} before`;

/**
 * Each request as it is compared: an Idempotency-Key or a link is `new`, or the same as the one a
 * given number of requests before. Numbered placeholders (key#3) shift after one extra request;
 * what a key or a link refers back to does not, so one extra request differs alone.
 */
export function relationForms(requests: GoldenRequest[]): Record<string, unknown>[] {
  const last = new Map<string, number>();
  return requests.map((request, i) => {
    const form = unnumbered(request) as Record<string, unknown>;
    for (const field of RELATED_FIELDS) {
      const value = request[field];
      if (typeof value !== 'string') continue;
      const seen = last.get(`${field} ${value}`);
      last.set(`${field} ${value}`, i);
      form[field] = seen === undefined ? 'new' : before(i - seen);
    }
    return form;
  });
}
