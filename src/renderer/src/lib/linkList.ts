// Pure helpers for the loaded parts of the links list: the table's filter, and live changes.
import { compareLinks, type LinkOrder } from '../../../shared/linkOrder';
import { inView, searchText, type LinkFilter as ViewFilter } from '../../../shared/linkView';
import type { LinkStatus, PaymentLink } from '../../../shared/types';
import type { CreatedBounds, CreatedRange } from './createdRange';
import { insertAt, newRowPlace, type LoadedRows } from './rowWindow';

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

export type LoadedLinks = LoadedRows<PaymentLink>;

/** The table's filter as the console API reads it, so a live change is judged by the same rule. */
const viewFilter = (filter: LinkFilter): ViewFilter => ({
  status: filter.status === 'all' ? undefined : filter.status,
  q: searchText(filter.q),
  createdAfter: filter.bounds.after,
  createdBefore: filter.bounds.before,
});

/** Whether the table's view (its filter, as the console API reads it) shows the link. */
export const inTableView = (link: PaymentLink, filter: LinkFilter): boolean =>
  inView(link, viewFilter(filter));

/**
 * Applies changed links. A loaded row is replaced in place, even when it no longer matches the
 * filter or its sort key changed (a row never jumps away from the pointer); the count follows the
 * filter, and `left` says a loaded row no longer matches it: the caller reads the view again after
 * a moment, so the tester sees the change before the row goes, as a list would drop it. A new link
 * (links are pending from creation until their first change, so an unknown pending link is a new
 * one) whose neighbours are loaded goes into view and is counted: had the last read known it, it
 * would be loaded. One that falls in rows not loaded is not counted here: the stream can bring it
 * after a read that already counted it (thousands at once, after a Samples run), so only the
 * server can say the count, and `unsure` asks the caller to read the rows in view again. `unsure`
 * also says an unloaded link changed in a way that may have moved rows (it left or entered a
 * filtered status, or the order is by status).
 */
export function mergeChanges(
  list: LoadedLinks,
  changed: PaymentLink[],
  filter: LinkFilter,
): LoadedLinks & { unsure: boolean; left: boolean } {
  let { rows, total } = list;
  const byId = { ...list.byId };
  const compare = compareLinks(filter);
  const view = viewFilter(filter);
  let unsure = false;
  let left = false;
  for (const link of changed) {
    const known = byId[link.id];
    const matches = inView(link, view);
    if (known) {
      if (inView(known, view) !== matches) total += matches ? 1 : -1;
      left ||= !matches;
      byId[link.id] = link;
      continue;
    }
    if (link.status !== 'pending') {
      unsure ||= filter.status !== 'all' || filter.sort === 'status';
      continue;
    }
    if (!matches) continue;
    const place = newRowPlace(rows, total, (id) => compare(byId[id] as PaymentLink, link) < 0);
    if (!place.exact) {
      unsure = true;
      continue;
    }
    rows = insertAt(rows, place.position, link.id);
    byId[link.id] = link;
    total += 1;
  }
  return { rows, byId, total, unsure, left };
}
