// The links the console shows, filtered and sorted: a list of any length, of which only the blocks
// of rows around where the tester looks are loaded, kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { PaymentLink } from '../../../shared/types';
import { consoleClient, type LinkListQuery, type NewLinkInput } from '../api/consoleClient';
import { createBlockLoader } from '../lib/blockLoader';
import { ANY_TIME, createdBounds } from '../lib/createdRange';
import { messageOf } from '../lib/errorMessage';
import {
  loadedOnly,
  mergeChanges,
  type LinkFilter,
  type LoadedLinks,
  type StatusFilter,
} from '../lib/linkList';
import { DEFAULT_ORDER, isDefaultOrder } from '../lib/linkOrder';
import type { LinkAction } from '../lib/linkRules';
import { blocksOf, evictFar, placeBlock, type RowMap } from '../lib/rowWindow';
import type { ConsoleState } from './consoleStore';

/** Rows per request: one page of the console API. */
export const LINK_BLOCK = 100;
/** At most this many rows stay loaded, the nearest to the view; the rest are fetched again. */
const KEEP_ROWS = 2_000;
/** Rows above and below the view fetched ahead of the scrolling. */
const MARGIN_ROWS = 30;
/** After a change that may have moved rows out of sight, the rows in view are read again. */
const REFRESH_MS = 300;

export type JumpAlign = 'start' | 'center' | 'end';

export interface LinksState extends LinkFilter, LoadedLinks {
  phase: 'loading' | 'ready' | 'error';
  /** The row action in flight, per link. */
  busy: Record<string, LinkAction>;
  /** Changes that arrived while the first block was loading, applied once it is in. */
  buffered: PaymentLink[] | null;
  /** The row the table is asked to scroll to (Go to, Home, End); `seq` tells one ask from the next. */
  jump: { index: number; align: JumpAlign; seq: number } | null;
  /** The rows in view, 0-based and inclusive, so the toolbar can say where the table is. */
  shownRows: { first: number; last: number };
}

export interface LinksSlice {
  links: LinksState;
  setLinkFilter(filter: Partial<Omit<LinkFilter, 'bounds'>>): void;
  loadLinks(): Promise<void>;
  /** The rows in view, 0-based; the blocks they need are fetched once scrolling rests. */
  showLinkRows(first: number, last: number): void;
  goToLinkRow(index: number, align: JumpAlign): void;
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
  buffered: null,
  jump: null,
  shownRows: { first: 0, last: 0 },
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

export const createLinksSlice: StateCreator<ConsoleState, [], [], LinksSlice> = (set, get) => {
  const patch = (update: Partial<LinksState>) => set((state) => ({ links: { ...state.links, ...update } }));
  let jumps = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let stale = () => false;
  /** New links counted into rows not loaded (see mergeChanges); forgotten when rows are read again. */
  let counted = new Set<string>();

  const readBlock = (block: number) =>
    consoleClient.listLinks({ ...filterQuery(get().links), page: block + 1, per_page: LINK_BLOCK });

  /** Puts fetched blocks in their places; links already loaded keep their streamed versions. */
  const place = (base: RowMap, blocks: { block: number; data: PaymentLink[]; total: number }[]) => {
    const links = get().links;
    let rows = base;
    let total = links.total;
    const fetched: Record<string, PaymentLink> = {};
    for (const { block, data, total: answered } of blocks) {
      rows = placeBlock(
        rows,
        block * LINK_BLOCK,
        data.map((link) => link.id),
        answered,
      );
      for (const link of data) fetched[link.id] = link;
      total = answered;
    }
    const shown = links.shownRows;
    rows = evictFar(rows, Math.round((shown.first + shown.last) / 2), KEEP_ROWS);
    const keepStreamed = base === links.rows ? links.byId : {};
    if (base !== links.rows) counted = new Set();
    patch({ rows, total, byId: loadedOnly(rows, { ...fetched, ...keepStreamed }) });
  };

  const loader = createBlockLoader({
    blockSize: LINK_BLOCK,
    margin: MARGIN_ROWS,
    current: () => get().links,
    async fetchBlock(block, superseded) {
      try {
        const page = await readBlock(block);
        if (!superseded())
          place(get().links.rows, [{ block, data: page.data, total: page.pagination.total }]);
      } catch (error) {
        if (!superseded()) get().pushToast('error', `Could not load links: ${messageOf(error)}`);
      }
    },
  });

  /** Reads the rows in view again, and forgets the others: the server knows where rows went. */
  const refreshSoon = () => {
    refreshTimer ??= setTimeout(async () => {
      refreshTimer = undefined;
      const superseded = (stale = loader.reset());
      const shown = get().links.shownRows;
      const blocks = blocksOf(Math.max(0, shown.first - MARGIN_ROWS), shown.last + MARGIN_ROWS, LINK_BLOCK);
      try {
        const pages = await Promise.all(blocks.map(readBlock));
        if (superseded()) return;
        place(
          new Map(),
          pages.map((page, i) => ({
            block: blocks[i] as number,
            data: page.data,
            total: page.pagination.total,
          })),
        );
      } catch {
        // The rows stay as they were; the next change or scroll tries again.
      }
    }, REFRESH_MS);
  };

  return {
    links: initial,

    setLinkFilter(filter) {
      patch(filter);
      void get().loadLinks();
    },

    async loadLinks() {
      const superseded = (stale = loader.reset());
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
      patch({ phase: 'loading', buffered: [], bounds: createdBounds(get().links.created, Date.now()) });
      try {
        const page = await readBlock(0);
        if (superseded()) return;
        const buffered = get().links.buffered ?? [];
        patch({ rows: new Map(), byId: {}, phase: 'ready', buffered: null });
        place(new Map(), [{ block: 0, data: page.data, total: page.pagination.total }]);
        if (buffered.length) get().applyLinkChanges(buffered);
        loader.now();
      } catch (error) {
        if (superseded()) return;
        patch({ phase: 'error', buffered: null });
        get().pushToast('error', `Could not load the links: ${messageOf(error)}`);
      }
    },

    showLinkRows(first, last) {
      const { shownRows, phase } = get().links;
      if (shownRows.first !== first || shownRows.last !== last) patch({ shownRows: { first, last } });
      if (phase === 'ready') loader.show(first, last);
    },

    goToLinkRow(index, align) {
      const total = get().links.total;
      if (total === 0) return;
      const row = Math.min(total - 1, Math.max(0, index));
      patch({ jump: { index: row, align, seq: ++jumps } });
      get().showLinkRows(row, row);
      loader.now();
    },

    async goToLink(id) {
      const superseded = stale;
      const position = await consoleClient.findLinkPosition(id.trim(), filterQuery(get().links));
      if (superseded()) return;
      patch({ total: position.total });
      get().goToLinkRow(position.index, 'center');
      get().openLinkDetail(position.id);
    },

    applyLinkChanges(changed) {
      const links = get().links;
      if (links.buffered) {
        patch({ buffered: [...links.buffered, ...changed] });
        return;
      }
      const { unsure, counted: more, ...merged } = mergeChanges(links, changed, links, counted);
      for (const id of more) counted.add(id);
      patch(merged);
      // Past a few thousand, reading the rows in view again is cheaper than remembering more.
      if (unsure || counted.size > KEEP_ROWS) refreshSoon();
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
