import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  DELIVERY_STATUSES,
  PageParam,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
} from '../../../shared/types';
import type { SandboxCore } from '../../sandboxCore';
import type { Op } from '../../store/ops';
import { deliveryControls, findDelivery } from '../../webhooks/deliveryControls';
import { listDeliveries } from '../../webhooks/deliveryListing';
import { DELIVERY_ORDERS } from '../../../shared/deliveryOrder';
import { listEvents } from '../../webhooks/eventListing';
import { SandboxError } from '../../errors';
import { signatureVerifies } from '../../webhooks/signing';
import { ConsoleEnvelope, ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { sendData, sendJson } from '../respond';

const TAG = ['Console'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'an id' }) });
const DeliveryQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(DELIVERY_STATUSES, { description: `one of ${DELIVERY_STATUSES.join(', ')}` }),
    ),
    event_type: Type.Optional(Type.Enum(WEBHOOK_EVENT_TYPES, { description: 'a webhook event type' })),
    link_id: Type.Optional(Type.String({ format: 'uuid', description: 'a payment link id (UUID)' })),
    endpoint_id: Type.Optional(Type.String({ minLength: 1, description: 'an endpoint id' })),
    before_seq: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'an integer of at least 1: only deliveries older than the one with this seq (a cursor for the next page)',
      }),
    ),
    order: Type.Optional(
      Type.Enum(DELIVERY_ORDERS, {
        description:
          'created (newest first, the default) or updated (last change first: a resent delivery comes to the top)',
      }),
    ),
    page: PageParam,
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'an integer from 1 to 100' }),
    ),
  },
  { additionalProperties: false },
);

const EventQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'an integer from 1 to 1000' }),
    ),
  },
  { additionalProperties: false },
);

/** Webhook deliveries: the history and the waiting ones, and the controls QA testers drive them with. */
export function consoleDeliveryRoutes(app: FastifyInstance, core: SandboxCore): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/_console/api/webhook-events',
    {
      schema: {
        tags: TAG,
        summary: 'Recorded webhook events, newest first, each with its deliveries',
        description:
          'Every event the sandbox recorded (up to the event retention), including those no endpoint wanted (an empty deliveries list). `limit` (default 200) caps the page; the answer says how many there are.',
        querystring: EventQuery,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => {
      const { rows, total } = listEvents(
        core.store.state,
        request.query.limit ?? 200,
        (d) => core.presentDelivery(d).status,
      );
      return sendData(reply, 200, { events: rows, total });
    },
  );
  const state = core.store.state;
  const now = () => core.clock.now();

  api.get(
    '/_console/api/deliveries',
    {
      schema: {
        tags: TAG,
        summary: 'List webhook deliveries',
        description:
          "Newest first, or with order=updated last change first; without attempt bodies (read one delivery for those). In created order, page on with before_seq = the last row's seq, which new deliveries do not shift.",
        querystring: DeliveryQuery,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    (request, reply) => {
      if (request.query.order === 'updated' && request.query.before_seq !== undefined) {
        throw new SandboxError(
          'parameter_invalid',
          'before_seq pages the created order; with order=updated, page by page number.',
          'before_seq',
        );
      }
      const { rows, pagination } = listDeliveries(state, (d) => core.presentDelivery(d), request.query);
      return sendJson(
        reply,
        200,
        JSON.stringify({ data: rows, pagination, meta: { request_id: request.id } }),
      );
    },
  );
  api.delete(
    '/_console/api/deliveries',
    {
      schema: {
        tags: TAG,
        summary: 'Clear the delivery history (finished deliveries)',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const ops = deliveryControls.clearHistory(state);
      await core.store.commit(ops);
      return sendData(reply, 200, { deleted: ops.length });
    },
  );
  api.get(
    '/_console/api/deliveries/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Read a delivery with every attempt',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => {
      const delivery = core.presentDelivery(findDelivery(state, request.params.id));
      const endpoint = state.endpoints.get(delivery.endpoint_id);
      const secrets = endpoint ? [endpoint.secret, ...endpoint.previous_secrets.map((p) => p.secret)] : null;
      const attempts = delivery.attempts.map((a) => ({
        ...a,
        signature_verified: secrets ? signatureVerifies(a.request.headers, a.request.body, secrets) : null,
      }));
      return sendData(reply, 200, { ...delivery, attempts });
    },
  );
  const onWire = (id: string) => core.deliveries.isOnWire(id);
  const control = (
    path: string,
    summaryText: string,
    description: string,
    make: (id: string) => Op[],
    then?: (id: string) => void,
  ) =>
    api.post(
      `/_console/api/deliveries/:id/${path}`,
      {
        schema: {
          tags: TAG,
          summary: summaryText,
          description,
          params: IdParams,
          response: consoleResponses(
            { 200: ConsoleEnvelope },
            { 404: 'resource_not_found', 409: 'invalid_state_transition' },
          ),
        },
      },
      async (request, reply) => {
        await core.store.commit(make(request.params.id));
        then?.(request.params.id);
        return sendData(
          reply,
          200,
          core.presentDelivery(state.deliveries.get(request.params.id) as WebhookDelivery),
        );
      },
    );
  control('resend', 'Resend a delivery', 'A new attempt series for the same event (same webhook-id).', (id) =>
    deliveryControls.resend(state, id, now(), onWire, core.settings),
  );
  control(
    'retry',
    'Retry a waiting delivery now',
    'Brings a queued or retrying delivery forward to now. While the queue is paused this one delivery still goes; the rest stay paused.',
    (id) => deliveryControls.retryNow(state, id, now(), onWire, (d) => core.deliveries.heldBehind(d)),
    (id) => core.deliveries.letThrough(id),
  );
  api.delete(
    '/_console/api/deliveries/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete a waiting delivery',
        params: IdParams,
        response: consoleResponses(
          { 200: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'invalid_state_transition' },
        ),
      },
    },
    async (request, reply) => {
      await core.store.commit(deliveryControls.remove(state, request.params.id, onWire));
      return sendData(reply, 200, { id: request.params.id, deleted: true });
    },
  );
}
