// Links picked in the table (a click, a shift-click range, or every link the filter matches) and
// the bulk actions on them; and the payment method a Paid action uses, one or many. The selection
// follows its links: one that changes so that the filter no longer shows it leaves the selection,
// as it leaves the table, so what is selected is never more than the table could show.
import type { StateCreator } from 'zustand';
import type { BulkAction, BulkResult, PaymentLink } from '../../../shared/types';
import { BULK_ACTIONS } from '../../../shared/types';
import { actionLabel, canApply, statusAfter } from '../../../shared/linkStates';
import { consoleClient } from '../api/consoleClient';
import { addBulkResults, bulkSummary, noBulkResult } from '../lib/bulkResults';
import { messageOf } from '../lib/errorMessage';
import { inTableView, type LinkFilter } from '../lib/linkList';
import { PART_SIZE, workInParts, type WorkProgress } from '../lib/workInParts';
import type { ConsoleState } from './consoleStore';
import { filterQuery } from './linksSlice';

/** The most a selection holds, and one bulk action takes (in parts of PART_SIZE). */
export const MAX_SELECTED = 10_000;
const PAGE = 1_000;
/** A bulk action on more links than this asks first, saying how many (no bulk action can be undone). */
export const CONFIRM_OVER = 100;

export type SelectedLinks = ReadonlyMap<string, PaymentLink>;

export interface SelectionState {
  /** The selected links by id, as last seen: in a row, a page "Select all" read, a change. */
  links: SelectedLinks;
  /** The row a shift-click range starts from. */
  anchor: number | null;
  busy: BulkAction | 'selecting' | null;
  /** How many the filter matched when "Select all" stopped at MAX_SELECTED; null when it took all. */
  cappedOf: number | null;
  /** How far a bulk action over more than PART_SIZE links (sent in parts) has come. */
  progress: WorkProgress | null;
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
  /** Changed links: a selected one is kept as it now is, or leaves once the filter leaves it out. */
  followSelectedLinks(changed: PaymentLink[]): void;
  runBulkAction(action: BulkAction): Promise<BulkResult | null>;
  /** Stops a bulk action sent in parts once the part under way is done; what was done stays. */
  cancelBulkAction(): void;
}

/** How many of the selected links each action applies to; one that applies to none is disabled. */
export function actionCounts(links: SelectedLinks): Record<BulkAction, number> {
  const counts = Object.fromEntries(BULK_ACTIONS.map((action) => [action, 0])) as Record<BulkAction, number>;
  for (const link of links.values())
    for (const action of BULK_ACTIONS) if (canApply(action, link.status)) counts[action]++;
  return counts;
}

/**
 * The selection after links changed: a selected one that the filter still shows is kept as it now
 * is, one it no longer shows is let go. Null when no selected link changed.
 */
export function followChanges(
  links: SelectedLinks,
  changed: readonly PaymentLink[],
  filter: LinkFilter,
): Map<string, PaymentLink> | null {
  let next: Map<string, PaymentLink> | null = null;
  for (const link of changed) {
    if (!links.has(link.id)) continue;
    next ??= new Map(links);
    if (inTableView(link, filter)) next.set(link.id, link);
    else next.delete(link.id);
  }
  return next;
}

/**
 * The selection after a bulk part, from its answer alone (the event stream may skip changes in a
 * burst this large): each id not among the skipped took the action's status and is followed as a
 * change; an id the sandbox does not have leaves. Null when nothing changed.
 */
export function afterBulkPart(
  links: SelectedLinks,
  ids: readonly string[],
  result: BulkResult,
  filter: LinkFilter,
): Map<string, PaymentLink> | null {
  const skipped = new Set(result.reasons.flatMap((reason) => reason.ids));
  const status = statusAfter(result.action);
  const changed: PaymentLink[] = [];
  for (const id of ids) {
    const link = links.get(id);
    if (link && !skipped.has(id)) changed.push({ ...link, status });
  }
  let next = followChanges(links, changed, filter);
  for (const reason of result.reasons) {
    if (reason.status !== null) continue;
    next ??= new Map(links);
    for (const id of reason.ids) next.delete(id);
  }
  return next;
}

export const createSelectionSlice: StateCreator<ConsoleState, [], [], SelectionSlice> = (set, get) => {
  const patch = (update: Partial<SelectionState>) =>
    set((state) => ({ selection: { ...state.selection, ...update } }));
  /** A selection that shrank is no longer the first MAX_SELECTED of a larger view. */
  const keep = (links: SelectedLinks) => {
    const { cappedOf, links: before } = get().selection;
    patch({ links, cappedOf: links.size < before.size ? null : cappedOf });
  };

  return {
    selection: { links: new Map(), anchor: null, busy: null, cappedOf: null, progress: null },
    paidMethod: 'card',
    setPaidMethod: (paidMethod) => set({ paidMethod }),

    toggleLinkSelected(id, index, range) {
      const { links: selected, anchor } = get().selection;
      const { rows, byId } = get().links;
      const next = new Map(selected);
      const selecting = !selected.has(id);
      const pick = (at: string | undefined) => {
        const link = at === undefined ? undefined : byId[at];
        if (!link) return;
        if (selecting) next.set(link.id, link);
        else next.delete(link.id);
      };
      if (range && anchor !== null)
        for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) pick(rows.get(i));
      else pick(id);
      if (next.size > MAX_SELECTED) {
        get().pushToast('error', `Select at most ${MAX_SELECTED.toLocaleString('en')} links at once.`);
        return;
      }
      patch({ links: next, anchor: index, cappedOf: null });
    },

    async selectAllMatching() {
      patch({ busy: 'selecting' });
      try {
        const query = filterQuery(get().links);
        const links = new Map<string, PaymentLink>();
        for (let page = 1; links.size < MAX_SELECTED; page++) {
          const { data, pagination } = await consoleClient.listLinks({ ...query, page, per_page: PAGE });
          for (const link of data) links.set(link.id, link);
          if (page >= pagination.last_page) break;
        }
        const total = get().links.total;
        // The bulk bar says so while this selection stands (a toast would be gone before the action).
        patch({
          links,
          anchor: null,
          cappedOf: links.size >= MAX_SELECTED && total > links.size ? total : null,
        });
      } catch (error) {
        get().pushToast('error', `Could not select the links: ${messageOf(error)}`);
      } finally {
        patch({ busy: null });
      }
    },

    clearSelection: () => patch({ links: new Map(), anchor: null, cappedOf: null }),

    followSelectedLinks(changed) {
      const next = followChanges(get().selection.links, changed, get().links);
      if (next) keep(next);
    },

    async runBulkAction(action) {
      const { links, busy } = get().selection;
      if (busy || links.size === 0) return null;
      const ids = [...links.keys()];
      const inParts = ids.length > PART_SIZE;
      const total = ids.length.toLocaleString('en');
      patch({ busy: action, progress: inParts ? { done: 0, total: ids.length, cancelling: false } : null });
      let sum = noBulkResult(action);
      try {
        // The changed links also arrive on the event stream, as a single action's do.
        const { done, stopped } = await workInParts(
          ids.length,
          PART_SIZE,
          async (start, count) => {
            const part = ids.slice(start, start + count);
            return { part, result: await consoleClient.bulkLinkAction(part, action, get().paidMethod) };
          },
          (done, { part, result }) => {
            sum = addBulkResults(sum, result);
            const next = afterBulkPart(get().selection.links, part, result, get().links);
            if (next) keep(next);
            const progress = get().selection.progress;
            if (progress) patch({ progress: { ...progress, done } });
          },
          () => get().selection.progress?.cancelling === true,
        );
        const summary = bulkSummary(sum);
        const said = stopped
          ? `${actionLabel(action)} cancelled after ${done.toLocaleString('en')} of ${total} links: ${summary} The other ${(ids.length - done).toLocaleString('en')} were not touched.`
          : summary;
        get().pushToast(sum.changed > 0 ? 'success' : 'info', said);
        return sum;
      } catch (error) {
        // What was done comes last: a toast ending in "not answering" is held back while offline.
        get().pushToast(
          'error',
          sum.requested > 0
            ? `${messageOf(error)} ${actionLabel(action)} stopped after ${sum.requested.toLocaleString('en')} of ${total} links: ${bulkSummary(sum)}`
            : `Could not apply ${action}: ${messageOf(error)}`,
        );
        return null;
      } finally {
        patch({ busy: null, progress: null });
      }
    },

    cancelBulkAction() {
      const progress = get().selection.progress;
      if (progress) patch({ progress: { ...progress, cancelling: true } });
    },
  };
};
