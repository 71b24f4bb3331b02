// The delivery history: loaded a page at a time as the table scrolls, filtered, and kept live by
// the event stream.
import type { StateCreator } from 'zustand';
import type { WebhookDelivery } from '../../../shared/types';
import { consoleClient, type DeliveryDetail } from '../api/consoleClient';
import {
  appendPage,
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

export type DeliveryAction = 'resend' | 'retry' | 'delete';

/** The console API's largest page. */
export const DELIVERY_PAGE = 100;
/** Live changes are gathered for this long, so a burst (a clear, a resume) costs one render. */
const BATCH_MS = 50;

export interface DeliveriesState extends LoadedDeliveries {
  filter: DeliveryFilter;
  phase: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** The row action in flight, per delivery. */
  busy: Record<string, DeliveryAction>;
}

export interface DeliveriesSlice {
  deliveries: DeliveriesState;
  loadDeliveries(): Promise<void>;
  loadMoreDeliveries(): Promise<void>;
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

export const createDeliveriesSlice: StateCreator<ConsoleState, [], [], DeliveriesSlice> = (set, get) => {
  let generation = 0;
  let pending: DeliveryChange[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let totalTimer: ReturnType<typeof setTimeout> | undefined;
  // While a page is on its way, changes are also kept here and replayed on top of it: the page may
  // have been read before them, and must not undo them.
  let loadsInFlight = 0;
  let recorded: DeliveryChange[] = [];
  const patch = (update: Partial<DeliveriesState>) =>
    set((state) => ({ deliveries: { ...state.deliveries, ...update } }));

  /** Runs a page load, recording the changes that arrive meanwhile. */
  const loading = async (load: () => Promise<void>) => {
    if (loadsInFlight++ === 0) recorded = [];
    try {
      await load();
    } finally {
      if (--loadsInFlight === 0) recorded = [];
    }
  };

  /** A deletion outside the loaded range leaves the count unsure: one read settles it. */
  const refreshTotalSoon = () => {
    totalTimer ??= setTimeout(() => {
      totalTimer = undefined;
      const current = generation;
      const { filter } = get().deliveries;
      consoleClient.listDeliveries({ ...filterQuery(filter), per_page: 1 }).then(
        (page) => {
          if (current === generation) patch({ total: page.pagination.total });
        },
        () => undefined,
      );
    }, 300);
  };

  const applyChanges = (changes: DeliveryChange[]) => {
    const { filter, ...list } = get().deliveries;
    const { totalUnsure, ...merged } = mergeChanges(list, changes, filter);
    patch(merged);
    if (totalUnsure) refreshTotalSoon();
  };

  const flush = () => {
    flushTimer = undefined;
    const changes = pending;
    pending = [];
    if (loadsInFlight > 0) recorded.push(...changes);
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
    deliveries: {
      ...EMPTY_DELIVERIES,
      filter: NO_DELIVERY_FILTER,
      phase: 'loading',
      loadingMore: false,
      busy: {},
    },

    loadDeliveries: () =>
      loading(async () => {
        const current = ++generation;
        const { filter } = get().deliveries;
        try {
          const page = await consoleClient.listDeliveries({
            ...filterQuery(filter),
            per_page: DELIVERY_PAGE,
          });
          if (current !== generation) return;
          const first = appendPage(
            { ...EMPTY_DELIVERIES, total: page.pagination.total, hasMore: page.pagination.last_page > 1 },
            page.data,
          );
          patch({ ...first, phase: 'ready', loadingMore: false });
          applyChanges(recorded);
        } catch (error) {
          if (current !== generation) return;
          patch({ phase: 'error' });
          get().pushToast('error', `Could not load the deliveries: ${messageOf(error)}`);
        }
      }),

    async loadMoreDeliveries() {
      const list = get().deliveries;
      const oldest = list.byId[list.ids[list.ids.length - 1] ?? ''];
      if (list.phase !== 'ready' || list.loadingMore || !list.hasMore || !oldest) return;
      const current = generation;
      patch({ loadingMore: true });
      await loading(async () => {
        try {
          const page = await consoleClient.listDeliveries({
            ...filterQuery(list.filter),
            before_seq: oldest.seq,
            per_page: DELIVERY_PAGE,
          });
          if (current !== generation) return;
          const more = appendPage(get().deliveries, page.data);
          patch({
            ids: more.ids,
            byId: more.byId,
            hasMore: page.pagination.last_page > 1,
            loadingMore: false,
          });
          applyChanges(recorded);
        } catch (error) {
          if (current !== generation) return;
          patch({ loadingMore: false });
          get().pushToast('error', `Could not load more deliveries: ${messageOf(error)}`);
        }
      });
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
        // Older pages shrank under the loaded ones: start again from the newest.
        await get().loadDeliveries();
      } catch (error) {
        get().pushToast('error', `Could not clear the history: ${messageOf(error)}`);
      }
    },

    applyDeliveryChange: (delivery) => enqueue({ kind: 'changed', row: toRow(delivery) }),

    applyDeliveryDeleted: (id) => enqueue({ kind: 'deleted', id }),
  };
};
