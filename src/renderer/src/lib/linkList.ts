// Pure helpers for the loaded part of the links list: newest first, each link once.
import type { LinkStatus, PaymentLink } from '../../../shared/types';

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
export interface LinkFilter {
  status: StatusFilter;
  q: string;
}

export interface LoadedLinks {
  ids: string[];
  byId: Record<string, PaymentLink>;
  total: number;
  hasMore: boolean;
}

/** The same test the console API applies: status, and q in the id, title or reference. */
export function matchesFilter(link: PaymentLink, filter: LinkFilter): boolean {
  if (filter.status !== 'all' && link.status !== filter.status) return false;
  const needle = filter.q.trim().toLowerCase();
  if (!needle) return true;
  return (
    link.id.includes(needle) ||
    link.title.toLowerCase().includes(needle) ||
    (link.reference_id ?? '').toLowerCase().includes(needle)
  );
}

/** Where a link goes so the ids stay newest first. */
function insertionIndex(ids: string[], byId: Record<string, PaymentLink>, createdAt: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((byId[ids[mid] as string] as PaymentLink).created_at >= createdAt) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Applies changed links: known rows are replaced in place (even when they no longer match the
 * filter, so a row never jumps away from the pointer); a new match is inserted if it falls
 * within the loaded range, otherwise a later page brings it.
 */
export function mergeChanges(list: LoadedLinks, changed: PaymentLink[], filter: LinkFilter): LoadedLinks {
  let { ids, byId, total } = list;
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
    const oldest = ids.length ? byId[ids[ids.length - 1] as string] : undefined;
    if (list.hasMore && oldest && link.created_at < oldest.created_at) continue;
    if (!copiedIds) {
      ids = [...ids];
      copiedIds = true;
    }
    ids.splice(insertionIndex(ids, byId, link.created_at), 0, link.id);
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
