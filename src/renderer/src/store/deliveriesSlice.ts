// The delivery history: all of it behind the scrollbar, the blocks of rows around the view loaded
// as the table scrolls, filtered, and kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { WebhookDelivery } from '../../../shared/types';
import { consoleClient, type DeliveryDetail, type DeliveryRow } from '../api/consoleClient';
import {
  EMPTY_DELIVERIES,
  filterQuery,
  mergeChanges,
  NO_DELIVERY_FILTER,
  toRow,
  type DeliveryChange,
  type DeliveryFilter,
  type LoadedDeliveries,
} from '../lib/deliveryList';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';
import { createWindowedRows } from './windowedRows';

export type DeliveryAction = 'resend' | 'retry' | 'delete';

/** The console API's largest page: one block of rows. */
export const DELIVERY_PAGE = 100;
/** At most this many rows stay loaded, the nearest to the view. */
const KEEP_ROWS = 1_000;
const MARGIN_ROWS = 30;
/** Live changes are gathered for this long, so a burst (a clear, a resume) costs one render. */
const BATCH_MS = 50;

export interface DeliveriesState extends LoadedDeliveries {
  filter: DeliveryFilter;
  phase: 'loading' | 'ready' | 'error';
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

const newestOf = (rows: DeliveryRow[]) => rows.reduce((seq, row) => Math.max(seq, row.seq), 0);

export const createDeliveriesSlice: StateCreator<ConsoleState, [], [], DeliveriesSlice> = (set, get) => {
  let pending: DeliveryChange[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let shown = { first: 0, last: 0 };
  let newestSeq = 0;
  const patch = (update: Partial<DeliveriesState>) =>
    set((state) => ({ deliveries: { ...state.deliveries, ...update } }));

  const applyChanges = (changes: DeliveryChange[]) => {
    const { filter, ...list } = get().deliveries;
    const { unsure, newestSeq: newest, ...merged } = mergeChanges(list, changes, filter, newestSeq);
    newestSeq = newest;
    patch(merged);
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
    current: () => get().deliveries,
    shown: () => shown,
    commit: (update) => patch({ ...update, phase: 'ready' }),
    replay: applyChanges,
    failed: (error) => get().pushToast('error', `Could not load deliveries: ${messageOf(error)}`),
  });

  const flush = () => {
    flushTimer = undefined;
    const changes = pending;
    pending = [];
    windowed.record(changes);
    applyChanges(changes);
    const changed = changes.flatMap((c) => (c.kind === 'changed' ? [c.row.id] : []));
    get().refreshInspected(changed);
    get().closeInspectedIfGone(changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : [])));
    get().refreshQueueSoon();
  };
  const enqueue = (change: DeliveryChange) => {
    pending.push(change);
    flushTimer ??= setTimeout(flush, BATCH_MS);
  };

  return {
    deliveries: { ...EMPTY_DELIVERIES, filter: NO_DELIVERY_FILTER, phase: 'loading', busy: {} },

    async loadDeliveries() {
      newestSeq = 0;
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
      patch({ filter: { ...get().deliveries.filter, ...filter }, phase: 'loading' });
      void get().loadDeliveries();
    },

    async runDeliveryAction(id, action) {
      if (get().deliveries.busy[id]) return;
      patch({ busy: { ...get().deliveries.busy, [id]: action } });
      try {
        // The changed row comes with the event stream: by the time this answer arrives the stream
        // may already have reported a later attempt, which the answer must not undo.
        if (action === 'delete') {
          await consoleClient.deleteDelivery(id);
          get().applyDeliveryDeleted(id);
        } else if (action === 'resend') {
          await consoleClient.resendDelivery(id);
        } else {
          await consoleClient.retryDelivery(id);
        }
        get().pushToast('success', ACTION_DONE[action]);
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

    applyDeliveryChange: (delivery) => enqueue({ kind: 'changed', row: toRow(delivery) }),

    applyDeliveryDeleted: (id) => enqueue({ kind: 'deleted', id }),
  };
};
