// Webhook endpoints, deliveries, the delivery queue and the inspected delivery, kept live by the
// event stream.
import type { StateCreator } from 'zustand';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../../../shared/types';
import {
  consoleClient,
  type DeliveryDetail,
  type DeliveryRow,
  type EndpointPatch,
  type NewEndpointInput,
  type QueueState,
} from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export type DeliveryFilter = DeliveryStatus | 'all';
export type DeliveryAction = 'resend' | 'retry' | 'delete';
export type EndpointAction = 'toggle' | 'rotate' | 'delete';

/** The server's largest page; the table shows the newest this many. */
export const DELIVERY_PAGE = 100;

export interface WebhooksState {
  endpoints: WebhookEndpoint[];
  endpointsPhase: 'loading' | 'ready' | 'error';
  endpointBusy: Record<string, EndpointAction>;
  deliveries: DeliveryRow[];
  deliveriesPhase: 'loading' | 'ready' | 'error';
  deliveryTotal: number;
  filter: DeliveryFilter;
  deliveryBusy: Record<string, DeliveryAction>;
  queue: QueueState | null;
  queueBusy: boolean;
  inspectedId: string | null;
  inspected: DeliveryDetail | null;
}

export interface WebhooksSlice {
  webhooks: WebhooksState;
  loadWebhooks(): Promise<void>;
  loadEndpoints(): Promise<void>;
  loadDeliveries(): Promise<void>;
  loadQueue(): Promise<void>;
  setDeliveryFilter(filter: DeliveryFilter): void;
  /** Throws the API's error, so the form can show it beside its field. */
  createEndpoint(input: NewEndpointInput): Promise<WebhookEndpoint>;
  updateEndpoint(id: string, patch: EndpointPatch, action?: EndpointAction): Promise<void>;
  rotateEndpointSecret(id: string): Promise<void>;
  deleteEndpoint(id: string): Promise<void>;
  runDeliveryAction(id: string, action: DeliveryAction): Promise<void>;
  setQueuePaused(paused: boolean): Promise<void>;
  inspectDelivery(id: string | null): void;
  applyEndpointChange(endpoint: WebhookEndpoint): void;
  applyEndpointDeleted(id: string): void;
  applyDeliveryChange(delivery: WebhookDelivery | DeliveryDetail): void;
  applyDeliveryDeleted(id: string): void;
  applyQueuePaused(paused: boolean): void;
}

const initial: WebhooksState = {
  endpoints: [],
  endpointsPhase: 'loading',
  endpointBusy: {},
  deliveries: [],
  deliveriesPhase: 'loading',
  deliveryTotal: 0,
  filter: 'all',
  deliveryBusy: {},
  queue: null,
  queueBusy: false,
  inspectedId: null,
  inspected: null,
};

/** The list row for a full delivery, as the list endpoint would have answered. */
export function toRow(delivery: WebhookDelivery | DeliveryDetail): DeliveryRow {
  const { attempts, ...rest } = delivery;
  const last = attempts.at(-1);
  return {
    ...rest,
    attempt_count: attempts.length,
    last_status: last?.response?.status ?? null,
    last_error: last?.error ?? null,
  };
}

/** Newest first, as the server lists them. */
const newestFirst = (a: DeliveryRow, b: DeliveryRow) => b.seq - a.seq;

const ACTION_DONE: Record<DeliveryAction, string> = {
  resend: 'Resent: a new attempt series is on its way.',
  retry: 'Retrying now.',
  delete: 'Delivery deleted.',
};

export const createWebhooksSlice: StateCreator<ConsoleState, [], [], WebhooksSlice> = (set, get) => {
  let deliveriesGeneration = 0;
  let inspectGeneration = 0;
  let queueTimer: ReturnType<typeof setTimeout> | undefined;
  const patch = (update: Partial<WebhooksState> | ((w: WebhooksState) => Partial<WebhooksState>)) =>
    set((state) => ({
      webhooks: { ...state.webhooks, ...(typeof update === 'function' ? update(state.webhooks) : update) },
    }));
  /** Counts change with every delivery; one read per burst is enough. */
  const refreshQueueSoon = () => {
    queueTimer ??= setTimeout(() => {
      queueTimer = undefined;
      void get().loadQueue();
    }, 150);
  };
  const refreshInspected = async (id: string) => {
    const current = ++inspectGeneration;
    try {
      const detail = await consoleClient.getDelivery(id);
      if (current === inspectGeneration && get().webhooks.inspectedId === id) patch({ inspected: detail });
    } catch (error) {
      if (current === inspectGeneration && get().webhooks.inspectedId === id)
        get().pushToast('error', `Could not load the delivery: ${messageOf(error)}`);
    }
  };
  const upsertEndpoint = (endpoint: WebhookEndpoint) =>
    patch((w) => {
      const index = w.endpoints.findIndex((e) => e.id === endpoint.id);
      const endpoints = [...w.endpoints];
      if (index >= 0) endpoints[index] = endpoint;
      else endpoints.push(endpoint);
      return { endpoints };
    });

  return {
    webhooks: initial,

    async loadWebhooks() {
      await Promise.all([get().loadEndpoints(), get().loadDeliveries(), get().loadQueue()]);
    },

    async loadEndpoints() {
      try {
        const endpoints = await consoleClient.listEndpoints();
        patch({ endpoints, endpointsPhase: 'ready' });
      } catch (error) {
        patch({ endpointsPhase: 'error' });
        get().pushToast('error', `Could not load the webhook endpoints: ${messageOf(error)}`);
      }
    },

    async loadDeliveries() {
      const current = ++deliveriesGeneration;
      const { filter } = get().webhooks;
      try {
        const page = await consoleClient.listDeliveries({
          status: filter === 'all' ? undefined : filter,
          per_page: DELIVERY_PAGE,
        });
        if (current !== deliveriesGeneration) return;
        patch({ deliveries: page.data, deliveryTotal: page.pagination.total, deliveriesPhase: 'ready' });
      } catch (error) {
        if (current !== deliveriesGeneration) return;
        patch({ deliveriesPhase: 'error' });
        get().pushToast('error', `Could not load the deliveries: ${messageOf(error)}`);
      }
    },

    async loadQueue() {
      try {
        patch({ queue: await consoleClient.getQueue() });
      } catch (error) {
        get().pushToast('error', `Could not read the delivery queue: ${messageOf(error)}`);
      }
    },

    setDeliveryFilter(filter) {
      patch({ filter, deliveriesPhase: 'loading' });
      void get().loadDeliveries();
    },

    async createEndpoint(input) {
      const endpoint = await consoleClient.createEndpoint(input);
      upsertEndpoint(endpoint);
      return endpoint;
    },

    async updateEndpoint(id, changes, action = 'toggle') {
      if (get().webhooks.endpointBusy[id]) return;
      patch((w) => ({ endpointBusy: { ...w.endpointBusy, [id]: action } }));
      try {
        upsertEndpoint(await consoleClient.updateEndpoint(id, changes));
      } catch (error) {
        get().pushToast('error', `Could not change the endpoint: ${messageOf(error)}`);
      } finally {
        patch((w) => {
          const { [id]: _done, ...endpointBusy } = w.endpointBusy;
          return { endpointBusy };
        });
      }
    },

    async rotateEndpointSecret(id) {
      patch((w) => ({ endpointBusy: { ...w.endpointBusy, [id]: 'rotate' } }));
      try {
        upsertEndpoint(await consoleClient.rotateEndpointSecret(id));
        get().pushToast(
          'success',
          'Secret rotated. The old one keeps signing beside it for 24 hours, so receivers can switch over.',
        );
      } catch (error) {
        get().pushToast('error', `Could not rotate the secret: ${messageOf(error)}`);
      } finally {
        patch((w) => {
          const { [id]: _done, ...endpointBusy } = w.endpointBusy;
          return { endpointBusy };
        });
      }
    },

    async deleteEndpoint(id) {
      patch((w) => ({ endpointBusy: { ...w.endpointBusy, [id]: 'delete' } }));
      try {
        await consoleClient.deleteEndpoint(id);
        get().applyEndpointDeleted(id);
        get().pushToast('success', 'Endpoint deleted, with its waiting deliveries.');
      } catch (error) {
        get().pushToast('error', `Could not delete the endpoint: ${messageOf(error)}`);
      } finally {
        patch((w) => {
          const { [id]: _done, ...endpointBusy } = w.endpointBusy;
          return { endpointBusy };
        });
      }
    },

    async runDeliveryAction(id, action) {
      if (get().webhooks.deliveryBusy[id]) return;
      patch((w) => ({ deliveryBusy: { ...w.deliveryBusy, [id]: action } }));
      try {
        if (action === 'delete') {
          await consoleClient.deleteDelivery(id);
          get().applyDeliveryDeleted(id);
        } else {
          const detail = await (action === 'resend'
            ? consoleClient.resendDelivery(id)
            : consoleClient.retryDelivery(id));
          get().applyDeliveryChange(detail);
        }
        get().pushToast('success', ACTION_DONE[action]);
      } catch (error) {
        get().pushToast('error', messageOf(error));
      } finally {
        patch((w) => {
          const { [id]: _done, ...deliveryBusy } = w.deliveryBusy;
          return { deliveryBusy };
        });
      }
    },

    async setQueuePaused(paused) {
      patch({ queueBusy: true });
      try {
        patch({ queue: await consoleClient.setQueuePaused(paused) });
        void get().loadDeliveries();
      } catch (error) {
        get().pushToast('error', `Could not ${paused ? 'pause' : 'resume'} the queue: ${messageOf(error)}`);
      } finally {
        patch({ queueBusy: false });
      }
    },

    inspectDelivery(id) {
      inspectGeneration++;
      patch({ inspectedId: id, inspected: null });
      if (id) void refreshInspected(id);
    },

    applyEndpointChange: (endpoint) => upsertEndpoint(endpoint),

    applyEndpointDeleted(id) {
      patch((w) => ({ endpoints: w.endpoints.filter((e) => e.id !== id) }));
    },

    applyDeliveryChange(delivery) {
      const row = toRow(delivery);
      patch((w) => {
        const matches = w.filter === 'all' || w.filter === row.status;
        const index = w.deliveries.findIndex((d) => d.id === row.id);
        if (index < 0 && !matches) return {};
        let deliveries: DeliveryRow[];
        let total = w.deliveryTotal;
        if (index >= 0 && matches) {
          deliveries = [...w.deliveries];
          deliveries[index] = row;
        } else if (index >= 0) {
          deliveries = w.deliveries.filter((d) => d.id !== row.id);
          total -= 1;
        } else {
          deliveries = [row, ...w.deliveries].sort(newestFirst).slice(0, DELIVERY_PAGE);
          total += 1;
        }
        return { deliveries, deliveryTotal: total };
      });
      if (get().webhooks.inspectedId === delivery.id) void refreshInspected(delivery.id);
      refreshQueueSoon();
    },

    applyDeliveryDeleted(id) {
      patch((w) => {
        const deliveries = w.deliveries.filter((d) => d.id !== id);
        return {
          deliveries,
          deliveryTotal: w.deliveryTotal - (w.deliveries.length - deliveries.length),
          ...(w.inspectedId === id ? { inspectedId: null, inspected: null } : {}),
        };
      });
      refreshQueueSoon();
    },

    applyQueuePaused(paused) {
      patch((w) => ({ queue: w.queue ? { ...w.queue, paused } : w.queue }));
      // Waiting deliveries show as paused (or not) now, without a change of their own.
      void get().loadDeliveries();
      refreshQueueSoon();
      const inspected = get().webhooks.inspectedId;
      if (inspected) void refreshInspected(inspected);
    },
  };
};
