// The link open in the detail panel: the link, its timeline events and its deliveries (their ids:
// the records are in deliveryRecords), loaded once when opened and then kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { PaymentLink, WebhookEvent } from '../../../shared/types';
import { consoleClient, type DeliveryRow } from '../api/consoleClient';
import { toRow } from '../lib/deliveryList';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface LinkDetailState {
  id: string | null;
  phase: 'loading' | 'ready' | 'error';
  link: PaymentLink | null;
  events: WebhookEvent[];
  /** In order of first appearance. */
  deliveryIds: string[];
  error: string | null;
}

export interface LinkDetailSlice {
  linkDetail: LinkDetailState;
  openLinkDetail(id: string | null): void;
  applyLinkDetailChange(link: PaymentLink): void;
  applyLinkDetailEvent(event: WebhookEvent): void;
  /** Streamed delivery changes: new deliveries of the open link join it, deleted ones leave. */
  noteLinkDeliveries(changed: DeliveryRow[], deleted: string[]): void;
}

const closed: LinkDetailState = {
  id: null,
  phase: 'ready',
  link: null,
  events: [],
  deliveryIds: [],
  error: null,
};

export const createLinkDetailSlice: StateCreator<ConsoleState, [], [], LinkDetailSlice> = (set, get) => {
  // Called for every streamed change: when it is not about the open link, the store is not touched,
  // so a burst of changes does not wake every subscriber once more per change.
  const patchIfOpen = (id: string, update: (state: LinkDetailState) => Partial<LinkDetailState>) => {
    if (get().linkDetail.id !== id) return;
    set((state) => ({ linkDetail: { ...state.linkDetail, ...update(state.linkDetail) } }));
  };

  return {
    linkDetail: closed,

    openLinkDetail(id) {
      if (id === null) {
        set({ linkDetail: closed });
        get().pruneDeliveryRecords();
        return;
      }
      const known = get().links.byId[id] ?? null;
      set({ linkDetail: { ...closed, id, phase: 'loading', link: known } });
      const since = get().deliveryStreamMark();
      consoleClient.getLinkDetail(id).then(
        (detail) => {
          if (get().linkDetail.id !== id) return;
          // A change that streamed in while loading is newer than the loaded copy.
          get().putReadDeliveries(detail.deliveries.map(toRow), since);
          patchIfOpen(id, (current) => ({
            phase: 'ready',
            link: current.link && current.link !== known ? current.link : detail.link,
            events: mergeById(detail.events, current.events),
            deliveryIds: [...new Set([...detail.deliveries.map((d) => d.id), ...current.deliveryIds])],
          }));
        },
        (error: unknown) => {
          patchIfOpen(id, () => ({ phase: 'error', error: messageOf(error) }));
          get().pushToast('error', `Could not open the link: ${messageOf(error)}`);
        },
      );
    },

    applyLinkDetailChange(link) {
      patchIfOpen(link.id, () => ({ link }));
    },

    applyLinkDetailEvent(event) {
      patchIfOpen(event.data.id, (current) => ({ events: mergeById(current.events, [event]) }));
    },

    noteLinkDeliveries(changed, deleted) {
      const { id, deliveryIds } = get().linkDetail;
      if (!id) return;
      const gone = new Set(deleted);
      const held = new Set(deliveryIds);
      const joining = changed.filter((row) => row.link_id === id && !held.has(row.id)).map((row) => row.id);
      if (joining.length === 0 && !deliveryIds.some((d) => gone.has(d))) return;
      patchIfOpen(id, () => ({
        deliveryIds: [...new Set([...deliveryIds, ...joining])].filter((d) => !gone.has(d)),
      }));
    },
  };
};

/** Later copies replace earlier ones with the same id; order of first appearance is kept. */
function mergeById<T extends { id: string }>(base: T[], later: T[]): T[] {
  if (later.length === 0) return base;
  const byId = new Map(base.map((item) => [item.id, item]));
  for (const item of later) byId.set(item.id, item);
  return [...byId.values()];
}
