import type { LinkStatus, PaymentLink } from '../../shared/types';
import type { LinkSort } from './linkOrdering';

/** What the console's Links table shows: which links (the filter) and in what order. */
export interface LinkView {
  status?: LinkStatus;
  /** Trimmed and lowercased; absent when there is nothing to search for. */
  q?: string;
  /** Exclusive bounds, as ISO timestamps (which compare as strings). */
  createdAfter?: string;
  createdBefore?: string;
  sort: LinkSort;
  order: 'asc' | 'desc';
}

/** Which links a view holds, whatever their order. */
export type LinkFilter = Pick<LinkView, 'status' | 'q' | 'createdAfter' | 'createdBefore'>;

/** The console API's query parameters as a view. */
export function viewOf(query: {
  status?: LinkStatus;
  q?: string;
  created_after?: string;
  created_before?: string;
  sort?: LinkSort;
  order?: 'asc' | 'desc';
}): LinkView {
  const q = query.q?.trim().toLowerCase();
  return {
    status: query.status,
    q: q || undefined,
    createdAfter: query.created_after ? new Date(query.created_after).toISOString() : undefined,
    createdBefore: query.created_before ? new Date(query.created_before).toISOString() : undefined,
    sort: query.sort ?? 'created_at',
    order: query.order ?? 'desc',
  };
}

const containsText = (link: PaymentLink, needle: string) =>
  link.id.includes(needle) ||
  link.title.toLowerCase().includes(needle) ||
  (link.reference_id ?? '').toLowerCase().includes(needle);

/** Why the link is not in the view, in a tester's words; null when it is. */
export function whyNotInView(link: PaymentLink, view: LinkFilter): string | null {
  if (view.status && link.status !== view.status)
    return `it is ${link.status}, and the view shows ${view.status} links only`;
  if (view.createdAfter && link.created_at <= view.createdAfter)
    return `it was created at ${link.created_at}, not after ${view.createdAfter}`;
  if (view.createdBefore && link.created_at >= view.createdBefore)
    return `it was created at ${link.created_at}, not before ${view.createdBefore}`;
  if (view.q && !containsText(link, view.q)) return `its id, title and reference do not contain "${view.q}"`;
  return null;
}

export const inView = (link: PaymentLink, view: LinkFilter): boolean => whyNotInView(link, view) === null;
