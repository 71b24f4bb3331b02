// The request log: the API calls a developer's app makes (or every request, when asked), newest
// first and live from the event stream.
import type { StateCreator } from 'zustand';
import type { RequestLogSummary } from '../../../shared/types';
import { ConsoleApiError, consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { saveDownload } from '../lib/saveDownload';
import { REQUEST_LOG_CAP, type RequestRow } from '../lib/requestLog';
import type { ConsoleState } from './consoleStore';

export interface RequestsState {
  rows: RequestRow[];
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
  /** Downloads the ticked requests (or, with none ticked, the whole log) as a scenario file. */
  exportScenario(): Promise<void>;
  /** Newest last, as the stream delivers them. */
  applyRequestsLogged(entries: RequestLogSummary[]): void;
}

const initial: RequestsState = {
  rows: [],
  phase: 'loading',
  showAll: false,
  query: '',
  selected: null,
  bodies: { phase: 'loading' },
  checked: [],
};

export const createRequestsSlice: StateCreator<ConsoleState, [], [], RequestsSlice> = (set, get) => {
  let generation = 0;
  /** Rows that arrived while a load was under way: the answer may not hold them yet. */
  let arrivedDuringLoad: RequestRow[] | null = null;
  const patch = (update: Partial<RequestsState> | ((r: RequestsState) => Partial<RequestsState>)) =>
    set((state) => ({
      requests: { ...state.requests, ...(typeof update === 'function' ? update(state.requests) : update) },
    }));

  return {
    requests: initial,

    async loadRequests() {
      const current = ++generation;
      arrivedDuringLoad = [];
      const { showAll } = get().requests;
      try {
        const entries = await consoleClient.listRequests(showAll ? 'all' : 'api');
        if (current !== generation) return;
        const early = arrivedDuringLoad ?? [];
        arrivedDuringLoad = null;
        const loaded = new Set(entries.map((entry) => entry.seq));
        const rows = [...early.filter((row) => !loaded.has(row.seq)), ...entries].slice(0, REQUEST_LOG_CAP);
        patch({ rows, phase: 'ready' });
      } catch (error) {
        if (current !== generation) return;
        arrivedDuringLoad = null;
        patch({ phase: 'error' });
        get().pushToast('error', `Could not load the request log: ${messageOf(error)}`);
      }
    },

    setShowAllRequests(showAll) {
      if (showAll === get().requests.showAll) return;
      patch({ showAll, phase: 'loading' });
      void get().loadRequests();
    },

    setRequestQuery: (query) => patch({ query }),

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
      patch({ query: linkId });
      get().setScreen('requests');
    },

    async openRequest(seq, requestId) {
      const gone = () => {
        get().selectRequest(null);
        get().pushToast(
          'error',
          `Request ${seq} is no longer in the log: it keeps API requests within the request_log_mb setting (Settings), the oldest going first, and a reset empties it.`,
        );
      };
      // The number alone may name another request after a restart: the id says it is the same one.
      const same = (row: RequestRow) => requestId === undefined || row.request_id === requestId;
      const row = get().requests.rows.find((r) => r.seq === seq);
      if (row) {
        if (same(row)) get().selectRequest(row);
        else gone();
        return;
      }
      await consoleClient
        .getRequest(seq)
        .then(({ request_body: _request, response_body: _response, ...summary }) => {
          if (same(summary)) get().selectRequest(summary);
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
          ...row
        } = entry;
        get().applyRequestsLogged([row]);
        get().selectRequest(row);
        get().pushToast('success', `Replayed request ${seq}: ${entry.status} ${entry.method} ${entry.path}`);
      } catch (error) {
        get().pushToast('error', `Could not replay request ${seq}: ${messageOf(error)}`);
      }
    },

    async exportScenario() {
      const { checked } = get().requests;
      try {
        const { scenario, leftOut } = await consoleClient.exportScenario(
          checked.length > 0 ? checked : undefined,
        );
        const text = `${JSON.stringify(scenario, null, 2)}\n`;
        saveDownload(new Blob([text], { type: 'application/json' }), 'scenario.json');
        get().pushToast(
          'success',
          `Exported ${scenario.steps.length} ${scenario.steps.length === 1 ? 'request' : 'requests'}: run it with npx payment-links-sandbox run scenario.json${leftOut.length === 0 ? '' : `. Left out ${leftOut.length}: ${leftOut.map((e) => `${e.seq} ${e.method} ${e.path} (${e.reason})`).join('; ')}`}`,
        );
      } catch (error) {
        get().pushToast('error', `Could not export a scenario: ${messageOf(error)}`);
      }
    },

    applyRequestsLogged(entries) {
      const { showAll, rows } = get().requests;
      // A batch held back while a load ran may already be in its answer.
      const known = new Set(rows.map((row) => row.seq));
      const fresh = entries.filter((entry) => (showAll || entry.api) && !known.has(entry.seq)).reverse();
      if (fresh.length === 0) return;
      if (arrivedDuringLoad) arrivedDuringLoad = [...fresh, ...arrivedDuringLoad];
      patch((r) => ({ rows: [...fresh, ...r.rows].slice(0, REQUEST_LOG_CAP) }));
    },
  };
};
