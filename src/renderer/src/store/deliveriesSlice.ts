// The delivery history: all of it behind the scrollbar, the blocks of rows around the view loaded
// as the table scrolls, filtered, and kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { WebhookDelivery } from '../../../shared/types';
import { parsePayloadSearch } from '../../../shared/payloadSearch';
import { consoleClient, type DeliveryDetail, type DeliveryRow } from '../api/consoleClient';
import {
  filterQuery,
  mergeChanges,
  NO_DELIVERY_FILTER,
  toRow,
  type DeliveryChange,
  type DeliveryFilter,
  type LoadedDeliveries,
} from '../lib/deliveryList';
import { LIVE_BATCH, createBatcher } from '../lib/batcher';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';
import { createWindowedRows } from './windowedRows';

export type DeliveryAction = 'resend' | 'retry' | 'delete';

/** The console API's largest page: one block of rows. */
export const DELIVERY_PAGE = 100;
/** At most this many rows stay loaded, the nearest to the view. */
const KEEP_ROWS = 1_000;
const MARGIN_ROWS = 30;
/** The table's rows by position; each delivery's record is in deliveryRecords, its one home. */
export interface DeliveriesState extends Omit<LoadedDeliveries, 'byId'> {
  filter: DeliveryFilter;
  phase: 'loading' | 'ready' | 'error';
  /** What is wrong with the search typed, and what a search may be; it is not run until fixed. */
  searchProblem: string | null;
  /** The row action in flight, per delivery. */
  busy: Record<string, DeliveryAction>;
}

export interface DeliveriesSlice {
  deliveries: DeliveriesState;
  loadDeliveries(): Promise<void>;
  /** The rows in view, 0-based; the blocks they need are fetched once scrolling rests. */
  showDeliveryRows(first: number, last: number): void;
  setDeliveryFilter(filter: Partial<DeliveryFilter>): void;
  runDeliveryAction(id: string, action: DeliveryAction): Promise<void>;
  clearDeliveryHistory(): Promise<void>;
  applyDeliveryChange(delivery: WebhookDelivery | DeliveryDetail): void;
  applyDeliveryDeleted(id: string): void;
}

const ACTION_DONE: Record<DeliveryAction, string> = {
  resend: 'Resent: a new attempt series is on its way.',
  retry: 'Retrying now.',
  delete: 'Delivery deleted.',
};
/** A resend while the queue is paused is held with the rest: its answer shows it paused. */
const RESENT_PAUSED = 'Resent: the new attempt series waits until the queue is resumed.';

const newestOf = (rows: DeliveryRow[]) => rows.reduce((seq, row) => Math.max(seq, row.seq), 0);

/** A live change as it streams in; a burst (a clear, a resume) is applied in one batch. */
type StreamedChange =
  { kind: 'changed'; delivery: WebhookDelivery | DeliveryDetail } | { kind: 'deleted'; id: string };

export const createDeliveriesSlice: StateCreator<ConsoleState, [], [], DeliveriesSlice> = (set, get) => {
  let shown = { first: 0, last: 0 };
  let newestSeq = 0;
  const patch = (update: Partial<DeliveriesState>) =>
    set((state) => ({ deliveries: { ...state.deliveries, ...update } }));

  /** The loaded rows with their records, as the windowed rows and the merge read them. */
  const loaded = (): LoadedDeliveries => {
    const { rows, total } = get().deliveries;
    const records = get().deliveryRecords;
    const byId: Record<string, DeliveryRow> = {};
    for (const id of rows.values()) if (records[id]) byId[id] = records[id];
    return { rows, byId, total };
  };

  /** Places changes whose records are in deliveryRecords already: a row never shows without one. */
  const applyChanges = (changes: DeliveryChange[]) => {
    const {
      rows,
      total,
      unsure,
      newestSeq: newest,
    } = mergeChanges(loaded(), changes, get().deliveries.filter, newestSeq);
    newestSeq = newest;
    const deleted = changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : []));
    if (deleted.length > 0) get().dropDeliveryRecords(deleted);
    patch({ rows, total });
    get().pruneDeliveryRecords();
    if (unsure) windowed.refreshSoon();
  };

  const windowed = createWindowedRows<DeliveryRow, DeliveryChange>({
    blockSize: DELIVERY_PAGE,
    keepRows: KEEP_ROWS,
    margin: MARGIN_ROWS,
    async read(block) {
      const page = await consoleClient.listDeliveries({
        ...filterQuery(get().deliveries.filter),
        order: 'updated',
        page: block + 1,
        per_page: DELIVERY_PAGE,
      });
      newestSeq = Math.max(newestSeq, newestOf(page.data));
      return { data: page.data, total: page.pagination.total };
    },
    current: loaded,
    shown: () => shown,
    commit({ rows, byId, total }) {
      get().putReadDeliveries(Object.values(byId));
      patch({ rows, total, phase: 'ready' });
      get().pruneDeliveryRecords();
    },
    // The read put older copies of these records, or let them go with rows it did not bring: the
    // changes' own copies go back first.
    replay(changes) {
      get().putReadDeliveries(changes.flatMap((c) => (c.kind === 'changed' ? [c.row] : [])));
      applyChanges(changes);
    },
    failed: (error) => get().pushToast('error', `Could not load deliveries: ${messageOf(error)}`),
  });

  const flush = (streamed: StreamedChange[]) => {
    const changes: DeliveryChange[] = streamed.map((c) =>
      c.kind === 'changed' ? { kind: 'changed', row: toRow(c.delivery) } : c,
    );
    const deleted = changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : []));
    const changed = changes.flatMap((c) => (c.kind === 'changed' ? [c.row] : []));
    get().putStreamedDeliveries(streamed.flatMap((c) => (c.kind === 'changed' ? [c.delivery] : [])));
    get().noteLinkDeliveries(changed, deleted);
    windowed.record(changes);
    applyChanges(changes);
    get().refreshInspected(changed.map((row) => row.id));
    get().closeInspectedIfGone(deleted);
    get().refreshQueueSoon();
  };
  const batch = createBatcher<StreamedChange>(flush, LIVE_BATCH);

  return {
    deliveries: {
      rows: new Map(),
      total: 0,
      filter: NO_DELIVERY_FILTER,
      phase: 'loading',
      searchProblem: null,
      busy: {},
    },

    async loadDeliveries() {
      newestSeq = 0;
      const parsed = parsePayloadSearch(get().deliveries.filter.q);
      if ('problem' in parsed) {
        windowed.forget();
        patch({ rows: new Map(), total: 0, phase: 'ready', searchProblem: parsed.problem });
        return;
      }
      patch({ searchProblem: null });
      try {
        await windowed.load();
      } catch (error) {
        patch({ phase: 'error' });
        get().pushToast('error', `Could not load the deliveries: ${messageOf(error)}`);
      }
    },

    showDeliveryRows(first, last) {
      shown = { first, last };
      if (get().deliveries.phase === 'ready') windowed.show(first, last);
    },

    setDeliveryFilter(filter) {
      const next = { ...get().deliveries.filter, ...filter };
      if (JSON.stringify(next) === JSON.stringify(get().deliveries.filter)) return;
      patch({ filter: next, phase: 'loading' });
      void get().loadDeliveries();
    },

    async runDeliveryAction(id, action) {
      if (get().deliveries.busy[id]) return;
      patch({ busy: { ...get().deliveries.busy, [id]: action } });
      try {
        // The changed row comes with the event stream: by the time this answer arrives the stream
        // may already have reported a later attempt, which the answer must not undo.
        let done = ACTION_DONE[action];
        if (action === 'delete') {
          await consoleClient.deleteDelivery(id);
          get().applyDeliveryDeleted(id);
        } else if (action === 'resend') {
          if ((await consoleClient.resendDelivery(id)).status === 'paused') done = RESENT_PAUSED;
        } else {
          await consoleClient.retryDelivery(id);
        }
        get().pushToast('success', done);
      } catch (error) {
        get().pushToast('error', messageOf(error));
      } finally {
        const { [id]: _done, ...busy } = get().deliveries.busy;
        patch({ busy });
      }
    },

    async clearDeliveryHistory() {
      try {
        const deleted = await consoleClient.clearDeliveryHistory();
        get().pushToast(
          'success',
          `Cleared ${deleted.toLocaleString('en')} finished ${deleted === 1 ? 'delivery' : 'deliveries'}; waiting ones stay.`,
        );
        // Rows went from all over the history: start again from the newest.
        await get().loadDeliveries();
      } catch (error) {
        get().pushToast('error', `Could not clear the history: ${messageOf(error)}`);
      }
    },

    applyDeliveryChange: (delivery) => batch.push({ kind: 'changed', delivery }),

    applyDeliveryDeleted: (id) => batch.push({ kind: 'deleted', id }),
  };
};
