// The request log: the API calls a developer's app makes (or every request, when asked), newest
// first and live from the event stream. The log may hold hundreds of thousands: like the Links
// table, only the blocks of rows around where the tester looks are loaded (windowedRows.ts), and
// the filter is the server's, over the whole log.
import type { StateCreator } from 'zustand';
import type { RequestLogSummary } from '../../../shared/types';
import { matchesQuery } from '../../../shared/requestQuery';
import { REQUEST_GONE_WHY } from '../../../shared/requestLogRetention';
import { ConsoleApiError, consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { requestRow, type RequestRow } from '../lib/requestLog';
import { insertAt, type LoadedRows } from '../lib/rowWindow';
import type { ConsoleState } from './consoleStore';
import { createWindowedRows } from './windowedRows';

/** Rows per request: one page of the console API. */
const REQUEST_BLOCK = 100;
/** At most this many rows stay loaded, the nearest to the view; the rest are read again. */
const KEEP_ROWS = 2_000;
/** Rows above and below the view read ahead of the scrolling. */
const MARGIN_ROWS = 30;

export interface RequestsState extends LoadedRows<RequestRow> {
  phase: 'loading' | 'ready' | 'error';
  /** Console and checkout-page requests too, not only Payment Links API calls. */
  showAll: boolean;
  query: string;
  /** The row the detail panel shows; kept even once it falls off the list. */
  selected: RequestRow | null;
  /** The selected request's bodies, fetched when it is opened (the list and the stream carry none). */
  bodies: RequestBodies;
  /** Rows ticked for a scenario export, by seq. */
  checked: number[];
  /** The rows in view, 0-based and inclusive. */
  shownRows: { first: number; last: number };
}

export type RequestBodies =
  | { phase: 'loading' | 'gone' | 'error' }
  | {
      phase: 'ready';
      request_body: string | null;
      response_body: string | null;
      request_headers: Record<string, string>;
      response_headers: Record<string, string>;
    };

export interface RequestsSlice {
  requests: RequestsState;
  loadRequests(): Promise<void>;
  /** The rows in view, 0-based; the blocks they need are read once scrolling rests. */
  showRequestRows(first: number, last: number): void;
  setShowAllRequests(showAll: boolean): void;
  setRequestQuery(query: string): void;
  selectRequest(row: RequestRow | null): void;
  /** The Requests screen filtered to the requests whose path names this link. */
  showRequestsFor(linkId: string): void;
  /**
   * Opens a request by its seq (an address names it): from the list, else from the server.
   * Settles once it is open or known to be gone.
   */
  openRequest(seq: number, requestId?: string): Promise<void>;
  toggleRequestChecked(seq: number): void;
  /** Sends the request again through the API and opens the new entry. */
  replayRequest(seq: number): Promise<void>;
  /** Newest last, as the stream delivers them. */
  applyRequestsLogged(entries: RequestLogSummary[]): void;
}

const initial: RequestsState = {
  rows: new Map(),
  byId: {},
  total: 0,
  phase: 'loading',
  showAll: false,
  query: '',
  selected: null,
  bodies: { phase: 'loading' },
  checked: [],
  shownRows: { first: 0, last: 0 },
};

export const createRequestsSlice: StateCreator<ConsoleState, [], [], RequestsSlice> = (set, get) => {
  const patch = (update: Partial<RequestsState> | ((r: RequestsState) => Partial<RequestsState>)) =>
    set((state) => ({
      requests: { ...state.requests, ...(typeof update === 'function' ? update(state.requests) : update) },
    }));

  /** New requests go on top: the loaded rows move down one each, and the count goes up. */
  const addNewest = (entries: RequestLogSummary[]) => {
    const { showAll, query, byId } = get().requests;
    const fresh = entries.filter(
      (entry) => (showAll || entry.api) && matchesQuery(entry, query) && !byId[String(entry.seq)],
    );
    if (fresh.length === 0) return;
    patch((r) => {
      let rows = r.rows;
      const added: Record<string, RequestRow> = {};
      for (const entry of fresh) {
        const row = requestRow(entry);
        rows = insertAt(rows, 0, row.id);
        added[row.id] = row;
      }
      return { rows, byId: { ...r.byId, ...added }, total: r.total + fresh.length };
    });
  };

  const windowed = createWindowedRows<RequestRow, RequestLogSummary>({
    blockSize: REQUEST_BLOCK,
    keepRows: KEEP_ROWS,
    margin: MARGIN_ROWS,
    read: (block) => {
      const { showAll, query } = get().requests;
      return consoleClient
        .listRequests({
          scope: showAll ? 'all' : 'api',
          q: query.trim() || undefined,
          page: block + 1,
          per_page: REQUEST_BLOCK,
        })
        .then((page) => ({ data: page.data.map(requestRow), total: page.pagination.total }));
    },
    current: () => get().requests,
    shown: () => get().requests.shownRows,
    commit: (update) => patch({ ...update, phase: 'ready' }),
    replay: addNewest,
    growsAtTop: true,
    failed: (error) => get().pushToast('error', `Could not load requests: ${messageOf(error)}`),
  });

  return {
    requests: initial,

    async loadRequests() {
      patch({ phase: 'loading' });
      try {
        await windowed.load();
      } catch (error) {
        // Rows read before are of another filter or scope: shown, they would pass for its matches.
        patch({ phase: 'error', rows: new Map(), byId: {}, total: 0 });
        get().pushToast('error', `Could not load the request log: ${messageOf(error)}`);
      }
    },

    showRequestRows(first, last) {
      const { shownRows, phase } = get().requests;
      if (shownRows.first !== first || shownRows.last !== last) patch({ shownRows: { first, last } });
      if (phase === 'ready') windowed.show(first, last);
    },

    setShowAllRequests(showAll) {
      if (showAll === get().requests.showAll) return;
      patch({ showAll });
      void get().loadRequests();
    },

    setRequestQuery(query) {
      if (query === get().requests.query) return;
      patch({ query });
      void get().loadRequests();
    },

    selectRequest(row) {
      patch({ selected: row, bodies: { phase: 'loading' } });
      if (!row) return;
      consoleClient.getRequest(row.seq).then(
        (entry) => {
          if (get().requests.selected?.seq !== row.seq) return;
          const { request_body, response_body, request_headers, response_headers } = entry;
          patch({
            bodies: { phase: 'ready', request_body, response_body, request_headers, response_headers },
          });
        },
        (error: unknown) => {
          if (get().requests.selected?.seq !== row.seq) return;
          const gone = error instanceof ConsoleApiError && error.status === 404;
          patch({ bodies: { phase: gone ? 'gone' : 'error' } });
        },
      );
    },

    showRequestsFor(linkId) {
      get().setRequestQuery(linkId);
      get().setScreen('requests');
    },

    async openRequest(seq, requestId) {
      const gone = () => {
        get().selectRequest(null);
        get().pushToast('error', `Request ${seq} is no longer in the log. ${REQUEST_GONE_WHY}`);
      };
      // The number alone may name another request after a restart: the id says it is the same one.
      const same = (row: RequestLogSummary) => requestId === undefined || row.request_id === requestId;
      const row = get().requests.byId[String(seq)];
      if (row) {
        if (same(row)) get().selectRequest(row);
        else gone();
        return;
      }
      await consoleClient
        .getRequest(seq)
        .then(({ request_body: _request, response_body: _response, ...summary }) => {
          if (same(summary)) get().selectRequest(requestRow(summary));
          else gone();
        }, gone);
    },

    toggleRequestChecked(seq) {
      patch((r) => ({
        checked: r.checked.includes(seq) ? r.checked.filter((s) => s !== seq) : [...r.checked, seq],
      }));
    },

    async replayRequest(seq) {
      try {
        const entry = await consoleClient.replayRequest(seq);
        if (!entry)
          return get().pushToast('error', `Request ${seq} was sent again but its answer was not logged.`);
        const {
          request_body: _body,
          response_body: _answer,
          request_headers: _sent,
          response_headers: _got,
          ...summary
        } = entry;
        get().applyRequestsLogged([summary]);
        get().selectRequest(requestRow(summary));
        get().pushToast('success', `Replayed request ${seq}: ${entry.status} ${entry.method} ${entry.path}`);
      } catch (error) {
        get().pushToast('error', `Could not replay request ${seq}: ${messageOf(error)}`);
      }
    },

    applyRequestsLogged(entries) {
      // A block read meanwhile may be older than these: they are added again on top of it.
      windowed.record(entries);
      addNewest(entries);
    },
  };
};
