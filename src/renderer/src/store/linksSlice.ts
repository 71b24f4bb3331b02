// The links the console shows, filtered and sorted: loaded a page of 500 at a time, kept live by
// the event stream.
import type { StateCreator } from 'zustand';
import type { PaymentLink } from '../../../shared/types';
import { consoleClient, type LinkListQuery, type NewLinkInput } from '../api/consoleClient';
import { ANY_TIME, createdBounds } from '../lib/createdRange';
import { messageOf } from '../lib/errorMessage';
import { appendPage, mergeChanges, type LinkFilter, type StatusFilter } from '../lib/linkList';
import { DEFAULT_ORDER, isDefaultOrder } from '../lib/linkOrder';
import type { LinkAction } from '../lib/linkRules';
import type { ConsoleState } from './consoleStore';

export const PAGE_SIZE = 500;

export interface LinksState extends LinkFilter {
  ids: string[];
  byId: Record<string, PaymentLink>;
  /** How many links match the filter, on the server and since then. */
  total: number;
  phase: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  hasMore: boolean;
  /** The row action in flight, per link. */
  busy: Record<string, LinkAction>;
  /** Changes that arrived while the first page was loading, applied once it is in. */
  buffered: PaymentLink[] | null;
}

export interface LinksSlice {
  links: LinksState;
  setLinkFilter(filter: Partial<Omit<LinkFilter, 'bounds'>>): void;
  loadLinks(): Promise<void>;
  loadMoreLinks(): Promise<void>;
  applyLinkChanges(changed: PaymentLink[]): void;
  runLinkAction(id: string, action: LinkAction): Promise<void>;
  /** Throws the API's error, so the form can show it next to its field. */
  createLink(input: NewLinkInput): Promise<PaymentLink>;
}

const initial: LinksState = {
  ids: [],
  byId: {},
  total: 0,
  status: 'all',
  q: '',
  ...DEFAULT_ORDER,
  created: ANY_TIME,
  bounds: {},
  phase: 'loading',
  loadingMore: false,
  hasMore: false,
  busy: {},
  buffered: null,
};

const statusParam = (status: StatusFilter) => (status === 'all' ? undefined : status);

/** The console API query for a filter; the default order is the API's own, so it is left out. */
const filterQuery = (filter: LinkFilter): LinkListQuery => ({
  status: statusParam(filter.status),
  q: filter.q.trim() || undefined,
  created_after: filter.bounds.after,
  created_before: filter.bounds.before,
  ...(isDefaultOrder(filter) ? {} : { sort: filter.sort, order: filter.order }),
});

const earlier = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

/** Later pages read below the oldest loaded link, so new links never shift them. */
const cursorAfter = (link: PaymentLink) => new Date(Date.parse(link.created_at) + 1).toISOString();

export const createLinksSlice: StateCreator<ConsoleState, [], [], LinksSlice> = (set, get) => {
  let generation = 0;
  const patch = (update: Partial<LinksState>) => set((state) => ({ links: { ...state.links, ...update } }));

  return {
    links: initial,

    setLinkFilter(filter) {
      patch(filter);
      void get().loadLinks();
    },

    async loadLinks() {
      const current = ++generation;
      patch({ phase: 'loading', buffered: [], bounds: createdBounds(get().links.created, Date.now()) });
      try {
        const page = await consoleClient.listLinks({
          ...filterQuery(get().links),
          page: 1,
          per_page: PAGE_SIZE,
        });
        if (current !== generation) return;
        const { ids, byId } = appendPage({ ids: [], byId: {} }, page.data);
        const buffered = get().links.buffered ?? [];
        patch({
          ids,
          byId,
          total: page.pagination.total,
          hasMore: page.pagination.last_page > 1,
          phase: 'ready',
          loadingMore: false,
          buffered: null,
        });
        if (buffered.length) get().applyLinkChanges(buffered);
      } catch (error) {
        if (current !== generation) return;
        patch({ phase: 'error', buffered: null });
        get().pushToast('error', `Could not load the links: ${messageOf(error)}`);
      }
    },

    async loadMoreLinks() {
      const links = get().links;
      const last = links.byId[links.ids[links.ids.length - 1] ?? ''];
      if (links.phase !== 'ready' || links.loadingMore || !links.hasMore || !last) return;
      const current = generation;
      patch({ loadingMore: true });
      try {
        // Newest first pages by time, below the oldest loaded link, so new links never shift
        // them; links created in its millisecond come again and appendPage skips them. Other
        // orders page by number from the rows loaded so far, skipping any that came again.
        const keyset = isDefaultOrder(links);
        const query = filterQuery(links);
        if (keyset) query.created_before = earlier(query.created_before, cursorAfter(last));
        let pageNumber = keyset ? 1 : Math.floor(links.ids.length / PAGE_SIZE) + 1;
        for (;;) {
          const page = await consoleClient.listLinks({ ...query, page: pageNumber, per_page: PAGE_SIZE });
          if (current !== generation) return;
          const merged = appendPage(get().links, page.data);
          const more = page.pagination.last_page > pageNumber;
          if (merged.added === 0 && more) {
            pageNumber += 1;
            continue;
          }
          patch({ ids: merged.ids, byId: merged.byId, hasMore: more, loadingMore: false });
          return;
        }
      } catch (error) {
        if (current !== generation) return;
        patch({ loadingMore: false });
        get().pushToast('error', `Could not load more links: ${messageOf(error)}`);
      }
    },

    applyLinkChanges(changed) {
      set((state) => {
        const links = state.links;
        if (links.buffered) return { links: { ...links, buffered: [...links.buffered, ...changed] } };
        return { links: { ...links, ...mergeChanges(links, changed, links) } };
      });
    },

    async runLinkAction(id, action) {
      if (get().links.busy[id]) return;
      set((state) => ({ links: { ...state.links, busy: { ...state.links.busy, [id]: action } } }));
      try {
        const link =
          action === 'cancel'
            ? await consoleClient.cancelLink(id)
            : await consoleClient.simulateLink(id, action);
        get().applyLinkChanges([link]);
      } catch (error) {
        get().pushToast('error', messageOf(error));
      } finally {
        set((state) => {
          const { [id]: _done, ...busy } = state.links.busy;
          return { links: { ...state.links, busy } };
        });
      }
    },

    async createLink(input) {
      const link = await consoleClient.createLink(input);
      get().applyLinkChanges([link]);
      return link;
    },
  };
};
