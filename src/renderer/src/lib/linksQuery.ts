// The Links screen's view in the address: status, search, Created range and order as
// `#/links?status=pending&q=…&sort=amount&order=asc`, so a reload or a shared address shows the
// same rows. Only what differs from the plain list is written; what cannot be read is left out.
import { DEFAULT_ORDER, LINK_SORTS, type LinkSort, type SortOrder } from '../../../shared/linkOrder';
import { LINK_STATUSES, type LinkStatus } from '../../../shared/types';
import { ANY_TIME, CREATED_PRESETS, type CreatedPreset, type CreatedRange } from './createdRange';

/** The parts of the Links filter an address can hold. */
export interface LinksView {
  status: LinkStatus | 'all';
  q: string;
  created: CreatedRange;
  sort: LinkSort;
  order: SortOrder;
}

export const PLAIN_LINKS_VIEW: LinksView = { status: 'all', q: '', created: ANY_TIME, ...DEFAULT_ORDER };

/** Searches longer than this are cut, as the Requests filter is: an address is no place for a page of text. */
const MAX_Q = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((allowed) => allowed === value);

export function readLinksView(params: URLSearchParams): LinksView {
  const preset = oneOf<CreatedPreset>(
    CREATED_PRESETS.map((p) => p.value),
    params.get('created'),
  );
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const sort = oneOf(LINK_SORTS, params.get('sort'));
  return {
    status: oneOf(LINK_STATUSES, params.get('status')) ?? 'all',
    q: (params.get('q') ?? '').trim().slice(0, MAX_Q),
    created:
      preset === 'custom'
        ? { preset, from: day('from'), to: day('to') }
        : { ...ANY_TIME, preset: preset ?? 'any' },
    // An order without its field would be read against the default field: both or neither.
    ...(sort
      ? { sort, order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'desc' }
      : DEFAULT_ORDER),
  };
}

/** The query string for a view, '' for the plain list; the reverse of readLinksView. */
export function writeLinksView(view: LinksView): string {
  const params = new URLSearchParams();
  if (view.status !== 'all') params.set('status', view.status);
  const q = view.q.trim().slice(0, MAX_Q);
  if (q) params.set('q', q);
  if (view.created.preset !== 'any') params.set('created', view.created.preset);
  if (view.created.preset === 'custom') {
    if (view.created.from) params.set('from', view.created.from);
    if (view.created.to) params.set('to', view.created.to);
  }
  if (view.sort !== DEFAULT_ORDER.sort || view.order !== DEFAULT_ORDER.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The view as the store holds it, reduced to what the address carries. */
export const linksViewOf = ({ status, q, created, sort, order }: LinksView): LinksView => ({
  status,
  q: q.trim().slice(0, MAX_Q),
  created: created.preset === 'custom' ? created : { ...ANY_TIME, preset: created.preset },
  sort,
  order,
});

export const sameLinksView = (a: LinksView, b: LinksView): boolean => writeLinksView(a) === writeLinksView(b);
