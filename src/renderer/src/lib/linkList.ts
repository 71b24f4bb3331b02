// Pure helpers for the loaded part of the links list: in the table's order, each link once.
import type { LinkStatus, PaymentLink } from '../../../shared/types';
import type { CreatedBounds, CreatedRange } from './createdRange';
import { compareLinks, type LinkOrder } from './linkOrder';

export type StatusFilter = LinkStatus | 'all';

/** The statuses to filter by (the shared module is imported for its types only). */
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'expired', label: 'Expired' },
  { value: 'canceled', label: 'Canceled' },
];
export interface LinkFilter extends LinkOrder {
  status: StatusFilter;
  q: string;
  created: CreatedRange;
  /** The created range as instants, fixed when the list loaded. */
  bounds: CreatedBounds;
}

export interface LoadedLinks {
  ids: string[];
  byId: Record<string, PaymentLink>;
  total: number;
  hasMore: boolean;
}

/** The same test the console API applies: status, created range, and q in the id, title or reference. */
export function matchesFilter(link: PaymentLink, filter: LinkFilter): boolean {
  if (filter.status !== 'all' && link.status !== filter.status) return false;
  const { after, before } = filter.bounds;
  if ((after && link.created_at <= after) || (before && link.created_at >= before)) return false;
  const needle = filter.q.trim().toLowerCase();
  if (!needle) return true;
  return (
    link.id.includes(needle) ||
    link.title.toLowerCase().includes(needle) ||
    (link.reference_id ?? '').toLowerCase().includes(needle)
  );
}

/** Where a link goes so the ids stay in the table's order: after any it ties with. */
function insertionIndex(
  ids: string[],
  byId: Record<string, PaymentLink>,
  link: PaymentLink,
  compare: (a: PaymentLink, b: PaymentLink) => number,
): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(byId[ids[mid] as string] as PaymentLink, link) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Applies changed links: known rows are replaced in place (even when they no longer match the
 * filter or their sort key changed, so a row never jumps away from the pointer); a new match is
 * inserted if it falls within the loaded range, otherwise a later page brings it.
 */
export function mergeChanges(list: LoadedLinks, changed: PaymentLink[], filter: LinkFilter): LoadedLinks {
  let { ids, byId, total } = list;
  const compare = compareLinks(filter);
  let copiedById = false;
  let copiedIds = false;
  for (const link of changed) {
    const known = byId[link.id];
    const matches = matchesFilter(link, filter);
    if (!copiedById) {
      byId = { ...byId };
      copiedById = true;
    }
    if (known) {
      const matched = matchesFilter(known, filter);
      if (matched !== matches) total += matches ? 1 : -1;
      byId[link.id] = link;
      continue;
    }
    if (!matches) continue;
    const last = ids.length ? byId[ids[ids.length - 1] as string] : undefined;
    if (list.hasMore && last && compare(link, last) > 0) continue;
    if (!copiedIds) {
      ids = [...ids];
      copiedIds = true;
    }
    ids.splice(insertionIndex(ids, byId, link, compare), 0, link.id);
    byId[link.id] = link;
    total += 1;
  }
  return { ids, byId, total, hasMore: list.hasMore };
}

/** Adds a page below the loaded rows, skipping links already there. */
export function appendPage(
  list: Pick<LoadedLinks, 'ids' | 'byId'>,
  rows: PaymentLink[],
): { ids: string[]; byId: Record<string, PaymentLink>; added: number } {
  const byId = { ...list.byId };
  const ids = [...list.ids];
  let added = 0;
  for (const link of rows) {
    if (byId[link.id]) continue;
    byId[link.id] = link;
    ids.push(link.id);
    added += 1;
  }
  return { ids, byId, added };
}
