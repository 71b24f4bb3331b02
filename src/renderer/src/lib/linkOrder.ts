// The order the links table shows: the console API's sort fields, with the same tie-break (id),
// so rows merged in live land where a reload would put them.
import { compareTitles } from '../../../shared/titleOrder';
import type { PaymentLink } from '../../../shared/types';

export type LinkSort = 'created_at' | 'amount' | 'expires_at' | 'status' | 'title';
export type SortOrder = 'asc' | 'desc';

export interface LinkOrder {
  sort: LinkSort;
  order: SortOrder;
}

export const DEFAULT_ORDER: LinkOrder = { sort: 'created_at', order: 'desc' };

/** Numbers and times read best largest or newest first; words, alphabetically. */
export const FIRST_ORDER: Record<LinkSort, SortOrder> = {
  created_at: 'desc',
  amount: 'desc',
  expires_at: 'desc',
  status: 'asc',
  title: 'asc',
};

export const isDefaultOrder = ({ sort, order }: LinkOrder) => sort === 'created_at' && order === 'desc';

/** Negative when `a` is shown above `b`: titles naturally, other fields by code unit, as the server sorts. */
export function compareLinks({ sort, order }: LinkOrder): (a: PaymentLink, b: PaymentLink) => number {
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = a[sort];
    const y = b[sort];
    const byField = sort === 'title' ? compareTitles(a.title, b.title) : x < y ? -1 : x > y ? 1 : 0;
    return sign * (byField || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };
}
