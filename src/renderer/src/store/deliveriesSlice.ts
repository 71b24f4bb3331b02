// The delivery history: all of it behind the scrollbar, the blocks of rows around the view loaded
// as the table scrolls, filtered, and kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { WebhookDelivery } from '../../../shared/types';
import { consoleClient, type DeliveryDetail, type DeliveryRow } from '../api/consoleClient';
import { createBlockLoader } from '../lib/blockLoader';
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
import { blocksOf, evictFar, placeBlock, type RowMap } from '../lib/rowWindow';
import type { ConsoleState } from './consoleStore';

export type DeliveryAction = 'resend' | 'retry' | 'delete';

/** The console API's largest page: one block of rows. */
export const DELIVERY_PAGE = 100;
/** At most this many rows stay loaded, the nearest to the view. */
const KEEP_ROWS = 1_000;
const MARGIN_ROWS = 30;
/** Live changes are gathered for this long, so a burst (a clear, a resume) costs one render. */
const BATCH_MS = 50;
/** After a change that may have moved rows out of sight, the rows in view are read again. */
const REFRESH_MS = 300;

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
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let shown = { first: 0, last: 0 };
  let newestSeq = 0;
  // While a block is on its way, changes are also kept here and replayed on top of it: the block
  // may have been read before them, and must not undo them.
  let loadsInFlight = 0;
  let recorded: DeliveryChange[] = [];
  const patch = (update: Partial<DeliveriesState>) =>
    set((state) => ({ deliveries: { ...state.deliveries, ...update } }));

  const readBlock = (block: number) =>
    consoleClient.listDeliveries({
      ...filterQuery(get().deliveries.filter),
      page: block + 1,
      per_page: DELIVERY_PAGE,
    });

  const applyChanges = (changes: DeliveryChange[]) => {
    const { filter, ...list } = get().deliveries;
    const { unsure, newestSeq: newest, ...merged } = mergeChanges(list, changes, filter, newestSeq);
    newestSeq = newest;
    patch(merged);
    if (unsure) refreshSoon();
  };

  /** Reads blocks, and puts them in their places over `base`, then the changes made meanwhile. */
  const readInto = async (base: () => RowMap, blocks: number[], superseded: () => boolean) => {
    if (loadsInFlight++ === 0) recorded = [];
    try {
      const pages = await Promise.all(blocks.map(readBlock));
      if (superseded()) return;
      let rows = base();
      const byId: Record<string, DeliveryRow> = {};
      let total = get().deliveries.total;
      pages.forEach((page, i) => {
        rows = placeBlock(
          rows,
          (blocks[i] as number) * DELIVERY_PAGE,
          page.data.map((row) => row.id),
          page.pagination.total,
        );
        for (const row of page.data) byId[row.id] = row;
        newestSeq = Math.max(newestSeq, newestOf(page.data));
        total = page.pagination.total;
      });
      rows = evictFar(rows, Math.round((shown.first + shown.last) / 2), KEEP_ROWS);
      const known = { ...get().deliveries.byId, ...byId };
      const kept: Record<string, DeliveryRow> = {};
      for (const id of rows.values()) if (known[id]) kept[id] = known[id];
      patch({ rows, byId: kept, total, phase: 'ready' });
      applyChanges(recorded);
    } finally {
      if (--loadsInFlight === 0) recorded = [];
    }
  };

  const loader = createBlockLoader({
    blockSize: DELIVERY_PAGE,
    margin: MARGIN_ROWS,
    current: () => get().deliveries,
    fetchBlock: (block, superseded) =>
      readInto(() => get().deliveries.rows, [block], superseded).catch((error: unknown) => {
        if (!superseded()) get().pushToast('error', `Could not load deliveries: ${messageOf(error)}`);
      }),
  });

  function refreshSoon() {
    refreshTimer ??= setTimeout(() => {
      refreshTimer = undefined;
      const blocks = blocksOf(
        Math.max(0, shown.first - MARGIN_ROWS),
        shown.last + MARGIN_ROWS,
        DELIVERY_PAGE,
      );
      readInto(() => new Map(), blocks, loader.reset()).catch(() => undefined);
    }, REFRESH_MS);
  }

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
    deliveries: { ...EMPTY_DELIVERIES, filter: NO_DELIVERY_FILTER, phase: 'loading', busy: {} },

    async loadDeliveries() {
      const superseded = loader.reset();
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
      newestSeq = 0;
      try {
        await readInto(() => new Map(), [0], superseded);
        if (!superseded()) loader.now();
      } catch (error) {
        if (superseded()) return;
        patch({ phase: 'error' });
        get().pushToast('error', `Could not load the deliveries: ${messageOf(error)}`);
      }
    },

    showDeliveryRows(first, last) {
      shown = { first, last };
      if (get().deliveries.phase === 'ready') loader.show(first, last);
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
