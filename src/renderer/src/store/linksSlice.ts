// The links the console shows, filtered and sorted: a list of any length, of which only the blocks
// of rows around where the tester looks are loaded, kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { PaymentLink } from '../../../shared/types';
import { consoleClient, type LinkListQuery, type NewLinkInput } from '../api/consoleClient';
import { sandboxNow } from '../hooks/useNow';
import { ANY_TIME, createdBounds, rangeProblem } from '../lib/createdRange';
import { messageOf } from '../lib/errorMessage';
import { mergeChanges, type LinkFilter, type LoadedLinks, type StatusFilter } from '../lib/linkList';
import { DEFAULT_ORDER, isDefaultOrder } from '../../../shared/linkOrder';
import type { LinkAction } from '../../../shared/linkStates';
import type { ConsoleState } from './consoleStore';
import { createWindowedRows } from './windowedRows';

/** Rows per request: one page of the console API. */
const LINK_BLOCK = 100;
/** At most this many rows stay loaded, the nearest to the view; the rest are fetched again. */
const KEEP_ROWS = 2_000;
/** Rows above and below the view fetched ahead of the scrolling. */
const MARGIN_ROWS = 30;
/** How long a row that stopped matching the filter stays, so the tester sees it change first. */
const LEAVE_MS = 1_500;
/**
 * More changes than this in one batch (a Samples run, a bulk action, a mass expiry brings
 * thousands) are not merged row by row, which costs more than reading the rows in view again.
 */
const MERGE_AT_MOST = 500;

export type JumpAlign = 'start' | 'center' | 'end';

export interface LinksState extends LinkFilter, LoadedLinks {
  /** 'reversed': the custom Created range ends before it starts, so nothing is loaded. */
  phase: 'loading' | 'ready' | 'error' | 'reversed';
  /** The row action in flight, per link. */
  busy: Record<string, LinkAction>;
  /** The row Go to asks the table to scroll to; `seq` tells one ask from the next. */
  jump: { index: number; align: JumpAlign; seq: number } | null;
  /** The rows in view, 0-based and inclusive, so the toolbar can say where the table is. */
  shownRows: { first: number; last: number };
  /** The link Go to reached by its row number, marked as the current row until the list changes. */
  reachedId: string | null;
}

export interface LinksSlice {
  links: LinksState;
  setLinkFilter(filter: Partial<Omit<LinkFilter, 'bounds'>>): void;
  loadLinks(): Promise<void>;
  /** The rows in view, 0-based; the blocks they need are fetched once scrolling rests. */
  showLinkRows(first: number, last: number): void;
  goToLinkRow(index: number, align: JumpAlign): void;
  markReachedLink(id: string | null): void;
  /** Scrolls to the link and opens it; throws the console API's error when it is not in the view. */
  goToLink(id: string): Promise<void>;
  applyLinkChanges(changed: PaymentLink[]): void;
  runLinkAction(id: string, action: LinkAction): Promise<void>;
  /** Throws the API's error, so the form can show it next to its field. */
  createLink(input: NewLinkInput): Promise<PaymentLink>;
}

const initial: LinksState = {
  rows: new Map(),
  byId: {},
  total: 0,
  status: 'all',
  q: '',
  ...DEFAULT_ORDER,
  created: ANY_TIME,
  bounds: {},
  phase: 'loading',
  busy: {},
  jump: null,
  shownRows: { first: 0, last: 0 },
  reachedId: null,
};

const statusParam = (status: StatusFilter) => (status === 'all' ? undefined : status);

/** The console API query for a filter; the default order is the API's own, so it is left out. */
export const filterQuery = (filter: LinkFilter): LinkListQuery => ({
  status: statusParam(filter.status),
  q: filter.q.trim() || undefined,
  created_after: filter.bounds.after,
  created_before: filter.bounds.before,
  ...(isDefaultOrder(filter) ? {} : { sort: filter.sort, order: filter.order }),
});

export const createLinksSlice: StateCreator<ConsoleState, [], [], LinksSlice> = (set, get) => {
  const patch = (update: Partial<LinksState>) => set((state) => ({ links: { ...state.links, ...update } }));
  let jumps = 0;
  let leaveTimer: ReturnType<typeof setTimeout> | undefined;

  const applyChanges = (changed: PaymentLink[]) => {
    if (changed.length > MERGE_AT_MOST) {
      windowed.refreshSoon();
      return;
    }
    const links = get().links;
    const { unsure, left, ...merged } = mergeChanges(links, changed, links);
    patch(merged);
    if (left)
      leaveTimer ??= setTimeout(() => {
        leaveTimer = undefined;
        windowed.refreshSoon();
      }, LEAVE_MS);
    if (unsure) windowed.refreshSoon();
  };

  const windowed = createWindowedRows<PaymentLink, PaymentLink>({
    blockSize: LINK_BLOCK,
    keepRows: KEEP_ROWS,
    margin: MARGIN_ROWS,
    read: (block) =>
      consoleClient
        .listLinks({ ...filterQuery(get().links), page: block + 1, per_page: LINK_BLOCK })
        .then((page) => ({ data: page.data, total: page.pagination.total })),
    current: () => get().links,
    shown: () => get().links.shownRows,
    commit(update) {
      patch({ ...update, phase: 'ready' });
    },
    replay: applyChanges,
    failed: (error) => get().pushToast('error', `Could not load links: ${messageOf(error)}`),
  });

  return {
    links: initial,

    setLinkFilter(filter) {
      patch({ ...filter, reachedId: null });
      // A selection made in one view would be acted on unseen in the next.
      get().clearSelection();
      void get().loadLinks();
    },

    async loadLinks() {
      // A reversed range matches nothing: asking the server would only leave the old rows showing.
      if (rangeProblem(get().links.created)) {
        patch({ phase: 'reversed' });
        return;
      }
      patch({ phase: 'loading', bounds: createdBounds(get().links.created, sandboxNow()) });
      try {
        await windowed.load();
      } catch (error) {
        patch({ phase: 'error' });
        get().pushToast('error', `Could not load the links: ${messageOf(error)}`);
      }
    },

    showLinkRows(first, last) {
      const { shownRows, phase } = get().links;
      if (shownRows.first !== first || shownRows.last !== last) patch({ shownRows: { first, last } });
      if (phase === 'ready') windowed.show(first, last);
    },

    goToLinkRow(index, align) {
      const total = get().links.total;
      if (total === 0) return;
      const row = Math.min(total - 1, Math.max(0, index));
      patch({ jump: { index: row, align, seq: ++jumps }, shownRows: { first: row, last: row } });
      windowed.showNow();
    },

    markReachedLink(id) {
      patch({ reachedId: id });
    },

    async goToLink(id) {
      const superseded = windowed.watch();
      const position = await consoleClient.findLinkPosition(id.trim(), filterQuery(get().links));
      if (superseded()) return;
      patch({ total: position.total });
      get().goToLinkRow(position.index, 'center');
      get().openLinkDetail(position.id);
    },

    applyLinkChanges(changed) {
      windowed.record(changed);
      applyChanges(changed);
      get().followSelectedLinks(changed);
    },

    async runLinkAction(id, action) {
      if (get().links.busy[id]) return;
      set((state) => ({ links: { ...state.links, busy: { ...state.links.busy, [id]: action } } }));
      try {
        const link =
          action === 'cancel'
            ? await consoleClient.cancelLink(id)
            : await consoleClient.simulateLink(id, action, get().paidMethod);
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
