import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDelivery } from '../../../shared/types';
import type { SandboxCore } from '../../sandboxCore';
import type { Op } from '../../store/ops';
import { deliveryControls, findDelivery } from '../../webhooks/deliveryControls';
import { endpointControls, findEndpoint } from '../../webhooks/endpointControls';
import { signatureVerifies } from '../../webhooks/signing';
import { ConsoleEnvelope, ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { envelopeBody } from '../envelope';
import { sendJson } from '../respond';

const TAG = ['Console'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'an id' }) });
const EventTypes = Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES), {
  minItems: 1,
  uniqueItems: true,
  description:
    'a non-empty list of payment_link.paid, payment_link.failed, payment_link.expired, payment_link.canceled',
});
const EndpointFields = {
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'an absolute http:// or https:// URL' }),
  description: Type.String({ maxLength: 500, description: 'a string of at most 500 characters' }),
  enabled: Type.Boolean({ description: 'true or false' }),
  event_types: EventTypes,
};
const EndpointCreate = Type.Object(
  {
    url: EndpointFields.url,
    description: Type.Optional(EndpointFields.description),
    enabled: Type.Optional(EndpointFields.enabled),
    event_types: Type.Optional(EndpointFields.event_types),
  },
  { additionalProperties: false },
);
const EndpointPatch = Type.Partial(Type.Object(EndpointFields), { additionalProperties: false });
const DeliveryQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(DELIVERY_STATUSES, { description: `one of ${DELIVERY_STATUSES.join(', ')}` }),
    ),
    event_type: Type.Optional(Type.Enum(WEBHOOK_EVENT_TYPES, { description: 'a webhook event type' })),
    link_id: Type.Optional(Type.String({ format: 'uuid', description: 'a payment link id (UUID)' })),
    endpoint_id: Type.Optional(Type.String({ minLength: 1, description: 'an endpoint id' })),
    page: Type.Optional(Type.Integer({ minimum: 1, description: 'an integer of at least 1' })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'an integer from 1 to 100' }),
    ),
  },
  { additionalProperties: false },
);

/** A list row: the delivery without its attempts' bodies, which can be large. */
function summary(delivery: WebhookDelivery) {
  const { attempts, ...rest } = delivery;
  const last = attempts.at(-1);
  return {
    ...rest,
    attempt_count: attempts.length,
    last_status: last?.response?.status ?? null,
    last_error: last?.error ?? null,
  };
}

/** Webhook endpoints and deliveries: what QA testers inspect and drive. */
export function consoleWebhookRoutes(app: FastifyInstance, core: SandboxCore): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const state = core.store.state;
  const now = () => core.clock.now();
  const ok = (status: number, data: unknown) => (reply: Parameters<typeof sendJson>[0], requestId: string) =>
    sendJson(reply, status, envelopeBody(data, requestId));

  api.get(
    '/_console/api/endpoints',
    {
      schema: {
        tags: TAG,
        summary: 'List webhook endpoints',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => ok(200, [...state.endpoints.values()])(reply, request.id),
  );
  api.post(
    '/_console/api/endpoints',
    {
      schema: {
        tags: TAG,
        summary: 'Add a webhook endpoint',
        description:
          'A whsec_ secret is generated; every event type is sent unless event_types says otherwise.',
        body: EndpointCreate,
        response: consoleResponses({ 201: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const { endpoint, ops } = endpointControls.create(request.body, now());
      await core.store.commit(ops);
      return ok(201, endpoint)(reply, request.id);
    },
  );
  api.get(
    '/_console/api/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Read a webhook endpoint',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => ok(200, findEndpoint(state, request.params.id))(reply, request.id),
  );
  api.patch(
    '/_console/api/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Change a webhook endpoint',
        params: IdParams,
        body: EndpointPatch,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      const { endpoint, ops } = endpointControls.update(state, request.params.id, request.body);
      await core.store.commit(ops);
      return ok(200, endpoint)(reply, request.id);
    },
  );
  api.delete(
    '/_console/api/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete a webhook endpoint and its waiting deliveries',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      await core.store.commit(endpointControls.remove(state, request.params.id));
      return ok(200, { id: request.params.id, deleted: true })(reply, request.id);
    },
  );
  api.post(
    '/_console/api/endpoints/:id/rotate-secret',
    {
      schema: {
        tags: TAG,
        summary: "Rotate an endpoint's secret",
        description:
          'The old secret keeps signing beside the new one for 24 hours (Standard Webhooks multi-signature).',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      const { endpoint, ops } = endpointControls.rotateSecret(state, request.params.id, now());
      await core.store.commit(ops);
      return ok(200, endpoint)(reply, request.id);
    },
  );

  api.get(
    '/_console/api/deliveries',
    {
      schema: {
        tags: TAG,
        summary: 'List webhook deliveries',
        description: 'Newest first, without attempt bodies (read one delivery for those).',
        querystring: DeliveryQuery,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    (request, reply) => {
      const q = request.query;
      const page = q.page ?? 1;
      const perPage = q.per_page ?? 25;
      const matching = [...state.deliveries.values()]
        .reverse()
        .map((d) => core.presentDelivery(d))
        .filter(
          (d) =>
            (!q.status || d.status === q.status) &&
            (!q.event_type || d.event_type === q.event_type) &&
            (!q.link_id || d.link_id === q.link_id.toLowerCase()) &&
            (!q.endpoint_id || d.endpoint_id === q.endpoint_id),
        );
      const rows = matching
        .slice((page - 1) * perPage, page * perPage)
        .map((d) => summary(d as WebhookDelivery));
      const pagination = {
        current_page: page,
        per_page: perPage,
        total: matching.length,
        last_page: Math.max(1, Math.ceil(matching.length / perPage)),
      };
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
      return ok(200, { deleted: ops.length })(reply, request.id);
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
      return ok(200, { ...delivery, attempts })(reply, request.id);
    },
  );
  const control = (path: string, summaryText: string, description: string, make: (id: string) => Op[]) =>
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
        return ok(200, core.presentDelivery(state.deliveries.get(request.params.id) as WebhookDelivery))(
          reply,
          request.id,
        );
      },
    );
  control('resend', 'Resend a delivery', 'A new attempt series for the same event (same webhook-id).', (id) =>
    deliveryControls.resend(state, id, now()),
  );
  control(
    'retry',
    'Retry a waiting delivery now',
    'Brings a queued or retrying delivery forward to now.',
    (id) => deliveryControls.retryNow(state, id, now()),
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
      await core.store.commit(deliveryControls.remove(state, request.params.id));
      return ok(200, { id: request.params.id, deleted: true })(reply, request.id);
    },
  );
}
