// Compare two webhooks (docs/decisions.md, "Compare two payloads"): at most two picks, deliveries
// or inbox messages or one of each, kept while the tester moves between Webhooks and Inbox; then
// their bodies and headers read and compared by the one rule in shared/payloadDiff.ts.
import type { StateCreator } from 'zustand';
import { comparePayloads, type ComparedWebhook, type PayloadComparison } from '../../../shared/payloadDiff';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export type ComparePick =
  | { kind: 'delivery'; id: string; label: string }
  | { kind: 'inbox'; inbox: string; id: string; label: string };

/** Two picks at most: a comparison has two sides. */
export const MAX_PICKS = 2;

/** One side as read: a delivery not sent yet has no request to compare. */
export type ComparedSide = ({ sent: true } & ComparedWebhook) | { sent: false; label: string };

export type CompareView =
  | { phase: 'closed' | 'loading' }
  | { phase: 'ready'; left: ComparedSide; right: ComparedSide; result: PayloadComparison | null }
  | { phase: 'error'; message: string };

export interface CompareSlice {
  compare: { picks: ComparePick[]; view: CompareView };
  /** Picks it, or unpicks it when picked; a third pick is refused (the box says why). */
  togglePick(pick: ComparePick): void;
  unpick(id: string): void;
  /** Reads both picks and compares them, the first picked on the left. */
  openCompare(): Promise<void>;
  closeCompare(): void;
}

/**
 * What a delivery sent is its newest attempt's request; one not attempted yet sent nothing, so it
 * has no headers, and a signature and webhook-id to compare only once it goes out.
 */
async function readSide(pick: ComparePick): Promise<ComparedSide> {
  if (pick.kind === 'inbox') {
    const message = await consoleClient.getInboxMessage(pick.inbox, pick.id);
    return { sent: true, label: pick.label, headers: message.headers, body: message.body };
  }
  const delivery = await consoleClient.getDelivery(pick.id);
  const newest = delivery.attempts.at(-1);
  if (!newest) return { sent: false, label: pick.label };
  return { sent: true, label: pick.label, headers: newest.request.headers, body: newest.request.body };
}

export const createCompareSlice: StateCreator<ConsoleState, [], [], CompareSlice> = (set, get) => {
  const patch = (update: Partial<CompareSlice['compare']>) =>
    set((state) => ({ compare: { ...state.compare, ...update } }));
  /** A newer Compare supersedes an answer still on its way. */
  let opened = 0;

  return {
    compare: { picks: [], view: { phase: 'closed' } },

    togglePick(pick) {
      const { picks } = get().compare;
      if (picks.some((p) => p.id === pick.id)) return get().unpick(pick.id);
      if (picks.length >= MAX_PICKS) return;
      patch({ picks: [...picks, pick] });
    },

    unpick(id) {
      patch({ picks: get().compare.picks.filter((p) => p.id !== id) });
    },

    async openCompare() {
      const [left, right] = get().compare.picks;
      if (!left || !right) return;
      const mine = ++opened;
      patch({ view: { phase: 'loading' } });
      try {
        const [a, b] = await Promise.all([readSide(left), readSide(right)]);
        if (mine !== opened) return;
        const result = a.sent && b.sent ? comparePayloads(a, b) : null;
        patch({ view: { phase: 'ready', left: a, right: b, result } });
      } catch (error) {
        if (mine !== opened) return;
        patch({ view: { phase: 'error', message: `Could not read both to compare: ${messageOf(error)}` } });
      }
    },

    closeCompare() {
      opened++;
      patch({ view: { phase: 'closed' } });
    },
  };
};
