// The link open in the detail panel: the link, its timeline events and its deliveries, loaded
// once when opened and then kept live by the event stream.
import type { StateCreator } from 'zustand';
import type { PaymentLink, WebhookDelivery, WebhookEvent } from '../../../shared/types';
import { consoleClient, type DeliveryDetail } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface LinkDetailState {
  id: string | null;
  phase: 'loading' | 'ready' | 'error';
  link: PaymentLink | null;
  events: WebhookEvent[];
  deliveries: DeliveryDetail[];
  error: string | null;
}

export interface LinkDetailSlice {
  linkDetail: LinkDetailState;
  openLinkDetail(id: string | null): void;
  applyLinkDetailChange(link: PaymentLink): void;
  applyLinkDetailEvent(event: WebhookEvent): void;
  applyLinkDetailDelivery(delivery: WebhookDelivery): void;
}

const closed: LinkDetailState = {
  id: null,
  phase: 'ready',
  link: null,
  events: [],
  deliveries: [],
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
        return;
      }
      const known = get().links.byId[id] ?? null;
      set({ linkDetail: { ...closed, id, phase: 'loading', link: known } });
      consoleClient.getLinkDetail(id).then(
        (detail) =>
          patchIfOpen(id, (current) => ({
            phase: 'ready',
            // A change that streamed in while loading is newer than the loaded copy.
            link: current.link && current.link !== known ? current.link : detail.link,
            events: mergeById(detail.events, current.events),
            deliveries: mergeById(detail.deliveries, current.deliveries),
          })),
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

    applyLinkDetailDelivery(delivery) {
      patchIfOpen(delivery.link_id, (current) => ({
        deliveries: mergeById(current.deliveries, [delivery as DeliveryDetail]),
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
