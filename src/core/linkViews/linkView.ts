import type { LinkFilter } from '../../shared/linkView';
import { searchText } from '../../shared/linkView';
import { DEFAULT_ORDER, type LinkOrder, type LinkSort, type SortOrder } from '../../shared/linkOrder';
import type { LinkStatus } from '../../shared/types';

/** What the console's Links table shows: which links (the filter) and in what order. */
export interface LinkView extends LinkFilter, LinkOrder {}

/** The console API's query parameters as a view. */
export function viewOf(query: {
  status?: LinkStatus;
  q?: string;
  created_after?: string;
  created_before?: string;
  sort?: LinkSort;
  order?: SortOrder;
}): LinkView {
  return {
    status: query.status,
    q: searchText(query.q),
    createdAfter: query.created_after ? new Date(query.created_after).toISOString() : undefined,
    createdBefore: query.created_before ? new Date(query.created_before).toISOString() : undefined,
    sort: query.sort ?? DEFAULT_ORDER.sort,
    order: query.order ?? DEFAULT_ORDER.order,
  };
}
