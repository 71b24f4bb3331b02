// Webhook endpoints, kept live by the event stream, and the actions that change them.
import type { StateCreator } from 'zustand';
import type { WebhookEndpoint, WebhookEventType } from '../../../shared/types';
import { consoleClient, type EndpointPatch, type NewEndpointInput } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { readFolded, saveFolded, withFolded } from '../lib/foldedEndpoints';
import type { ConsoleState } from './consoleStore';

export type EndpointAction = 'toggle' | 'rotate' | 'delete' | 'test';

export interface EndpointsState {
  list: WebhookEndpoint[];
  phase: 'loading' | 'ready' | 'error';
  /** The action in flight, per endpoint. */
  busy: Record<string, EndpointAction>;
  /** The endpoints whose cards are folded to one line (kept across reloads). */
  folded: string[];
}

export interface EndpointsSlice {
  endpoints: EndpointsState;
  loadEndpoints(): Promise<void>;
  /** Throws the API's error, so the form can show it beside its field. */
  createEndpoint(input: NewEndpointInput): Promise<WebhookEndpoint>;
  /** Throws the API's error, so the form can show it beside its field. */
  editEndpoint(id: string, patch: EndpointPatch): Promise<WebhookEndpoint>;
  setEndpointEnabled(id: string, enabled: boolean): Promise<void>;
  rotateEndpointSecret(id: string): Promise<void>;
  deleteEndpoint(id: string): Promise<void>;
  /** Sends a test event and opens its delivery in the inspector; false when it could not. */
  sendTestEvent(id: string, eventType: WebhookEventType): Promise<boolean>;
  applyEndpointChange(endpoint: WebhookEndpoint): void;
  applyEndpointDeleted(id: string): void;
  foldEndpoints(ids: string[], folded: boolean): void;
}

export const createEndpointsSlice: StateCreator<ConsoleState, [], [], EndpointsSlice> = (set, get) => {
  const patch = (update: (e: EndpointsState) => Partial<EndpointsState>) =>
    set((state) => ({ endpoints: { ...state.endpoints, ...update(state.endpoints) } }));
  const upsert = (endpoint: WebhookEndpoint) =>
    patch((e) => {
      const index = e.list.findIndex((known) => known.id === endpoint.id);
      const list = [...e.list];
      if (index >= 0) list[index] = endpoint;
      else list.push(endpoint);
      return { list };
    });
  /** Runs one action per endpoint at a time, marking it busy; failures become a toast. */
  const run = async (id: string, action: EndpointAction, failure: string, work: () => Promise<void>) => {
    if (get().endpoints.busy[id]) return false;
    patch((e) => ({ busy: { ...e.busy, [id]: action } }));
    try {
      await work();
      return true;
    } catch (error) {
      get().pushToast('error', `${failure}: ${messageOf(error)}`);
      return false;
    } finally {
      patch((e) => {
        const { [id]: _done, ...busy } = e.busy;
        return { busy };
      });
    }
  };

  return {
    endpoints: { list: [], phase: 'loading', busy: {}, folded: readFolded() },

    async loadEndpoints() {
      try {
        const list = await consoleClient.listEndpoints();
        patch(() => ({ list, phase: 'ready' }));
      } catch (error) {
        patch(() => ({ phase: 'error' }));
        get().pushToast('error', `Could not load the webhook endpoints: ${messageOf(error)}`);
      }
    },

    async createEndpoint(input) {
      const endpoint = await consoleClient.createEndpoint(input);
      upsert(endpoint);
      return endpoint;
    },

    async editEndpoint(id, changes) {
      const endpoint = await consoleClient.updateEndpoint(id, changes);
      upsert(endpoint);
      return endpoint;
    },

    async setEndpointEnabled(id, enabled) {
      await run(id, 'toggle', 'Could not change the endpoint', async () =>
        upsert(await consoleClient.updateEndpoint(id, { enabled })),
      );
    },

    async rotateEndpointSecret(id) {
      await run(id, 'rotate', 'Could not rotate the secret', async () => {
        upsert(await consoleClient.rotateEndpointSecret(id));
        get().pushToast(
          'success',
          'Secret rotated. The old one keeps signing beside it for 24 hours, so receivers can switch over.',
        );
      });
    },

    async deleteEndpoint(id) {
      await run(id, 'delete', 'Could not delete the endpoint', async () => {
        await consoleClient.deleteEndpoint(id);
        get().applyEndpointDeleted(id);
        get().pushToast('success', 'Endpoint deleted, with its waiting deliveries.');
      });
    },

    sendTestEvent: (id, eventType) =>
      run(id, 'test', 'Could not send the test event', async () => {
        // The row comes with the event stream: this answer may be older than what the stream said.
        const delivery = await consoleClient.sendTestEvent(id, eventType);
        get().inspectDelivery(delivery.id);
      }),

    applyEndpointChange: (endpoint) => upsert(endpoint),

    applyEndpointDeleted(id) {
      patch((e) => ({ list: e.list.filter((known) => known.id !== id) }));
      if (get().endpoints.folded.includes(id)) get().foldEndpoints([id], false);
    },

    foldEndpoints(ids, folded) {
      const next = withFolded(get().endpoints.folded, ids, folded);
      saveFolded(next);
      patch(() => ({ folded: next }));
    },
  };
};
