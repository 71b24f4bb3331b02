// The Webhooks screen's Events list: what the sandbox recorded, read while the list is shown and
// read again shortly after a change (an event, a delivery), at most once per burst.
import type { StateCreator } from 'zustand';
import type { WebhookEventRow } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

const SHOWN = 200;
const SETTLE_MS = 250;

export interface WebhookEventsSlice {
  webhookEvents: {
    rows: WebhookEventRow[];
    total: number;
    phase: 'idle' | 'loading' | 'ready';
    shown: boolean;
  };
  showWebhookEvents(shown: boolean): void;
  /** An event or a delivery changed: the list is read again soon, if it is shown. */
  noteWebhookEventsChanged(): void;
}

export const createWebhookEventsSlice: StateCreator<ConsoleState, [], [], WebhookEventsSlice> = (
  set,
  get,
) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patch = (update: Partial<WebhookEventsSlice['webhookEvents']>) =>
    set((state) => ({ webhookEvents: { ...state.webhookEvents, ...update } }));
  const load = async () => {
    try {
      const { events, total } = await consoleClient.listWebhookEvents(SHOWN);
      patch({ rows: events, total, phase: 'ready' });
    } catch (error) {
      get().pushToast('error', `Could not load the events: ${messageOf(error)}`);
    }
  };
  return {
    webhookEvents: { rows: [], total: 0, phase: 'idle', shown: false },
    showWebhookEvents(shown) {
      patch(shown ? { shown, phase: get().webhookEvents.phase === 'idle' ? 'loading' : 'ready' } : { shown });
      if (shown) void load();
    },
    noteWebhookEventsChanged() {
      if (!get().webhookEvents.shown) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void load();
      }, SETTLE_MS);
    },
  };
};
