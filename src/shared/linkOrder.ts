// The orders the Links table can be read in: the console API sorts with compareBy, and the
// console places links that change live with compareLinks, so a row lands where a reload puts it.
import { compareTitles } from './titleOrder';
import type { PaymentLink } from './types';

export const LINK_SORTS = ['created_at', 'amount', 'expires_at', 'status', 'title'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export interface LinkOrder {
  sort: LinkSort;
  order: SortOrder;
}

/** Newest first: the order the API lists in when none is asked for. */
export const DEFAULT_ORDER: LinkOrder = { sort: 'created_at', order: 'desc' };

export const isDefaultOrder = ({ sort, order }: LinkOrder): boolean =>
  sort === DEFAULT_ORDER.sort && order === DEFAULT_ORDER.order;

const compareIds = (a: PaymentLink, b: PaymentLink) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Ascending by the field (titles naturally, see compareTitles; others, statuses included, by code
 * unit), ties by id. Descending is this, read backwards.
 */
export const compareBy = (sort: LinkSort) =>
  sort === 'title'
    ? (a: PaymentLink, b: PaymentLink): number => compareTitles(a.title, b.title) || compareIds(a, b)
    : (a: PaymentLink, b: PaymentLink): number => {
        const x = a[sort];
        const y = b[sort];
        return x < y ? -1 : x > y ? 1 : compareIds(a, b);
      };

/** Negative when `a` is shown above `b`. */
export function compareLinks({ sort, order }: LinkOrder): (a: PaymentLink, b: PaymentLink) => number {
  const ascending = compareBy(sort);
  return order === 'asc' ? ascending : (a, b) => ascending(b, a);
}
