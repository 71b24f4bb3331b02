// Which links a view of the Links table holds: the console API answers with it, and the console
// applies it to links that change live, so a row counted or merged in is one a reload would show.
import type { LinkStatus, PaymentLink } from './types';

export interface LinkFilter {
  status?: LinkStatus;
  /** Trimmed and lowercased (see searchText); absent when there is nothing to search for. */
  q?: string;
  /** Exclusive bounds, as ISO timestamps (which compare as strings). */
  createdAfter?: string;
  createdBefore?: string;
}

/** A search as typed, as the filter holds it: case and surrounding spaces do not matter. */
export const searchText = (typed: string | undefined): string | undefined =>
  typed?.trim().toLowerCase() || undefined;

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
