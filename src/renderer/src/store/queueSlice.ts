// The delivery queue: running or paused, and how many deliveries are in flight and waiting.
import type { StateCreator } from 'zustand';
import { consoleClient, type QueueState } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface DeliveryQueueState {
  state: QueueState | null;
  busy: boolean;
}

export interface QueueSlice {
  deliveryQueue: DeliveryQueueState;
  loadQueue(): Promise<void>;
  setQueuePaused(paused: boolean): Promise<void>;
  applyQueuePaused(paused: boolean): void;
  /** Counts change with every delivery; one read per burst is enough. */
  refreshQueueSoon(): void;
}

export const createQueueSlice: StateCreator<ConsoleState, [], [], QueueSlice> = (set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patch = (update: Partial<DeliveryQueueState>) =>
    set((state) => ({ deliveryQueue: { ...state.deliveryQueue, ...update } }));

  return {
    deliveryQueue: { state: null, busy: false },

    async loadQueue() {
      try {
        patch({ state: await consoleClient.getQueue() });
      } catch (error) {
        get().pushToast('error', `Could not read the delivery queue: ${messageOf(error)}`);
      }
    },

    async setQueuePaused(paused) {
      patch({ busy: true });
      try {
        patch({ state: await consoleClient.setQueuePaused(paused) });
      } catch (error) {
        get().pushToast('error', `Could not ${paused ? 'pause' : 'resume'} the queue: ${messageOf(error)}`);
      } finally {
        patch({ busy: false });
      }
    },

    // Waiting deliveries arrive on the event stream as they now show; only the counts need a read.
    applyQueuePaused(paused) {
      const current = get().deliveryQueue.state;
      if (current) patch({ state: { ...current, paused } });
      get().refreshQueueSoon();
    },

    refreshQueueSoon() {
      timer ??= setTimeout(() => {
        timer = undefined;
        void get().loadQueue();
      }, 150);
    },
  };
};
