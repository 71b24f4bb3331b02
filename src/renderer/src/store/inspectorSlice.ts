// The delivery open in the inspector, with every attempt, re-read whenever it changes. Its record,
// attempts included, is in deliveryRecords (see selectInspected).
import type { StateCreator } from 'zustand';
import { ConsoleApiError, consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface InspectorState {
  id: string | null;
}

export interface InspectorSlice {
  inspector: InspectorState;
  inspectDelivery(id: string | null): void;
  /** Re-reads the inspected delivery when it is among `ids`. */
  refreshInspected(ids: Iterable<string>): void;
  closeInspectedIfGone(ids: Iterable<string>): void;
}

export const createInspectorSlice: StateCreator<ConsoleState, [], [], InspectorSlice> = (set, get) => {
  let generation = 0;
  const load = async (id: string) => {
    const current = ++generation;
    const stillWanted = () => current === generation && get().inspector.id === id;
    try {
      const detail = await consoleClient.getDelivery(id);
      if (stillWanted()) get().putInspectedDelivery(detail);
    } catch (error) {
      if (!stillWanted()) return;
      // Deleted, cleared or from another run (an old address): the drawer closes, saying so,
      // instead of "Loading…" for ever.
      if (error instanceof ConsoleApiError && error.status === 404) {
        get().inspectDelivery(null);
        get().pushToast('error', `Delivery ${id} is no longer in the history.`);
        return;
      }
      get().pushToast('error', `Could not load the delivery: ${messageOf(error)}`);
    }
  };

  return {
    inspector: { id: null },

    inspectDelivery(id) {
      generation++;
      set({ inspector: { id } });
      // The attempts read for the one inspected before go, and with them "Loading…" comes back.
      get().pruneDeliveryRecords();
      if (id) void load(id);
    },

    refreshInspected(ids) {
      const id = get().inspector.id;
      if (id && new Set(ids).has(id)) void load(id);
    },

    closeInspectedIfGone(ids) {
      const id = get().inspector.id;
      if (id && new Set(ids).has(id)) get().inspectDelivery(null);
    },
  };
};
