// Links picked in the table (a click, a shift-click range, or every link the filter matches) and
// the bulk actions on them; and the payment method a Paid action uses, one or many.
import type { StateCreator } from 'zustand';
import type { BulkAction, BulkResult } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';
import { filterQuery } from './linksSlice';

/** The console API takes at most this many ids in one bulk action. */
export const MAX_SELECTED = 10_000;
const PAGE = 1_000;
/** A bulk action on more links than this asks first, saying how many (no bulk action can be undone). */
export const CONFIRM_OVER = 100;

export interface SelectionState {
  ids: ReadonlySet<string>;
  /** The row a shift-click range starts from. */
  anchor: number | null;
  busy: BulkAction | 'selecting' | null;
  /** How many the filter matched when "Select all" stopped at MAX_SELECTED; null when it took all. */
  cappedOf: number | null;
}

export interface SelectionSlice {
  selection: SelectionState;
  /** What Paid sends as payment_method, for one link or many. */
  paidMethod: string;
  setPaidMethod(method: string): void;
  /** A click on a row's box; with `range`, every loaded row from the last click to this one. */
  toggleLinkSelected(id: string, index: number, range: boolean): void;
  /** Every link the current filter matches, up to MAX_SELECTED. */
  selectAllMatching(): Promise<void>;
  clearSelection(): void;
  runBulkAction(action: BulkAction): Promise<BulkResult | null>;
}

function bulkSummary(result: BulkResult): string {
  const done = `${result.changed.toLocaleString('en')} of ${result.requested.toLocaleString('en')} changed`;
  if (result.skipped === 0) return `${done}.`;
  const why = result.reasons.map((r) => `${r.count.toLocaleString('en')} ${r.message}`).join('; ');
  return `${done}; ${result.skipped.toLocaleString('en')} skipped (${why}).`;
}

export const createSelectionSlice: StateCreator<ConsoleState, [], [], SelectionSlice> = (set, get) => {
  const patch = (update: Partial<SelectionState>) =>
    set((state) => ({ selection: { ...state.selection, ...update } }));

  return {
    selection: { ids: new Set(), anchor: null, busy: null, cappedOf: null },
    paidMethod: 'card',
    setPaidMethod: (paidMethod) => set({ paidMethod }),

    toggleLinkSelected(id, index, range) {
      const { ids, anchor } = get().selection;
      const next = new Set(ids);
      const selecting = !ids.has(id);
      if (range && anchor !== null) {
        const rows = get().links.rows;
        for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) {
          const at = rows.get(i);
          if (at && selecting) next.add(at);
          else if (at) next.delete(at);
        }
      } else if (selecting) next.add(id);
      else next.delete(id);
      if (next.size > MAX_SELECTED) {
        get().pushToast('error', `Select at most ${MAX_SELECTED.toLocaleString('en')} links at once.`);
        return;
      }
      patch({ ids: next, anchor: index, cappedOf: null });
    },

    async selectAllMatching() {
      patch({ busy: 'selecting' });
      try {
        const query = filterQuery(get().links);
        const ids = new Set<string>();
        for (let page = 1; ids.size < MAX_SELECTED; page++) {
          const { data, pagination } = await consoleClient.listLinks({ ...query, page, per_page: PAGE });
          for (const link of data) ids.add(link.id);
          if (page >= pagination.last_page) break;
        }
        const total = get().links.total;
        // The bulk bar says so while this selection stands (a toast would be gone before the action).
        patch({ ids, anchor: null, cappedOf: ids.size >= MAX_SELECTED && total > ids.size ? total : null });
      } catch (error) {
        get().pushToast('error', `Could not select the links: ${messageOf(error)}`);
      } finally {
        patch({ busy: null });
      }
    },

    clearSelection: () => patch({ ids: new Set(), anchor: null, cappedOf: null }),

    async runBulkAction(action) {
      const { ids, busy } = get().selection;
      if (busy || ids.size === 0) return null;
      patch({ busy: action });
      try {
        // The changed links arrive on the event stream, as a single action's do.
        const result = await consoleClient.bulkLinkAction([...ids], action, get().paidMethod);
        get().pushToast(result.changed > 0 ? 'success' : 'info', bulkSummary(result));
        return result;
      } catch (error) {
        get().pushToast('error', `Could not apply ${action}: ${messageOf(error)}`);
        return null;
      } finally {
        patch({ busy: null });
      }
    },
  };
};
