import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { deliverySummary } from '../../../shared/deliverySummary';
import { DELIVERY_STATUSES, PageParam, WEBHOOK_EVENT_TYPES } from '../../../shared/types';
import { IdParams } from '../../../shared/endpointSchemas';
import {
  DeliveriesEnvelope,
  DeliveryDetailEnvelope,
  DeliveryEnvelope,
  DeliveryListEnvelope,
  EventListEnvelope,
  keyedSchema,
} from '../keyedSchemas';
import { clientGone, MAX_WAIT_SECONDS, waitParam } from '../longPoll';
import { sendData, sendJson } from '../respond';
import { perPageParam } from '../../../shared/types';
import { PayloadSearchParam } from '../../../shared/listQueries';
import { paginate } from '../../pagination';

const DeliveryQuery = Type.Object(
  {
    q: PayloadSearchParam,
    endpoint: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'an endpoint id (we_…)' }),
    ),
    link: Type.Optional(Type.String({ format: 'uuid', description: 'a payment link id (UUID)' })),
    type: Type.Optional(
      Type.Enum(WEBHOOK_EVENT_TYPES, {
        description:
          'one of payment_link.paid, payment_link.failed, payment_link.expired, payment_link.canceled',
      }),
    ),
    status: Type.Optional(
      Type.Enum(DELIVERY_STATUSES, { description: `one of ${DELIVERY_STATUSES.join(', ')}` }),
    ),
    wait: waitParam(
      'when nothing matches yet, answer once the first match exists (or with an empty list after this long)',
    ),
    page: PageParam,
    per_page: perPageParam(100),
  },
  { additionalProperties: false },
);

const EventQuery = Type.Object(
  {
    link: DeliveryQuery.properties.link,
    type: DeliveryQuery.properties.type,
    page: PageParam,
    per_page: perPageParam(100),
  },
  { additionalProperties: false },
);

const RESEND_ERRORS = {
  404: 'resource_not_found',
  409: 'invalid_state_transition: an attempt is on the wire right now; resend once it ends',
};

/** Webhook deliveries for code in any language: list (and wait for) them, resend them. */
export function keyedDeliveryRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/sandbox/deliveries',
    {
      schema: {
        ...keyedSchema(
          'List webhook deliveries',
          `Newest first, without attempt bodies; filter by endpoint, link, type and status, and search what each carries with q: free text matched anywhere in the body (q=INV-1001), or \`path = value\` on its JSON body (q=data.reference_id%20%3D%20INV-1001). With wait=SECONDS (at most ${MAX_WAIT_SECONDS}) and nothing matching yet, the answer comes once the first matching delivery exists, or as an empty list after that long (or when the sandbox shuts down): a test waits for its webhook without polling.`,
          { 200: DeliveryListEnvelope },
        ),
        querystring: DeliveryQuery,
      },
    },
    async (request, reply) => {
      const { endpoint, link, type, status, q, wait, page, per_page } = request.query;
      const waits = request.workspace.deliveryWaits;
      const { rows, pagination } = await waits.list(
        { endpoint_id: endpoint, link_id: link, event_type: type, status, q, page, per_page },
        (wait ?? 0) * 1000,
        clientGone(reply),
      );
      if (waits.closing) reply.header('connection', 'close');
      return sendJson(
        reply,
        200,
        JSON.stringify({ data: rows, pagination, meta: { request_id: request.id } }),
      );
    },
  );
  api.get(
    '/sandbox/deliveries/:id',
    {
      schema: {
        ...keyedSchema(
          'Read a webhook delivery with every attempt',
          "Each attempt with the request as sent (URL, headers, body), the answer (status, headers, the first 64 KiB of its body) or the error, its duration, and signature_verified: whether its webhook-signature holds for a secret the endpoint has had (null once the endpoint is deleted). What startTestSandbox's waitForDelivery answers.",
          { 200: DeliveryDetailEnvelope },
          { 404: 'resource_not_found' },
        ),
        params: IdParams,
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.webhooks.detail(request.params.id)),
  );
  api.post(
    '/sandbox/deliveries/:id/resend',
    {
      schema: {
        ...keyedSchema(
          'Resend a delivery',
          'A new attempt series for the same event (same webhook-id), from the first delay of the retry schedule.',
          { 200: DeliveryEnvelope },
          RESEND_ERRORS,
        ),
        params: IdParams,
      },
    },
    async (request, reply) =>
      sendData(reply, 200, deliverySummary(await request.workspace.webhooks.resend(request.params.id))),
  );
  api.get(
    '/sandbox/events',
    {
      schema: {
        ...keyedSchema(
          'List webhook events',
          'The recorded webhook events, newest first, each as its deliveries send it (the body of every delivery of it): filter by link and type. An event is recorded whether or not an endpoint wanted it, so a test can see what a change sent before any endpoint exists.',
          { 200: EventListEnvelope },
        ),
        querystring: EventQuery,
      },
    },
    (request, reply) => {
      const { link, type } = request.query;
      const page = paginate(request.query, 25);
      const { rows, total } = request.workspace.webhooks.eventList({ link_id: link, type }, page);
      return sendJson(
        reply,
        200,
        JSON.stringify({ data: rows, pagination: page.pagination(total), meta: { request_id: request.id } }),
      );
    },
  );
  api.post(
    '/sandbox/events/:id/resend',
    {
      schema: {
        ...keyedSchema(
          'Resend every delivery of a webhook event',
          'Each delivery of the event (one per endpoint that wanted it) starts a new attempt series, all or none. An event no endpoint wanted answers an empty list.',
          { 200: DeliveriesEnvelope },
          RESEND_ERRORS,
        ),
        params: IdParams,
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        200,
        (await request.workspace.webhooks.resendEvent(request.params.id)).map(deliverySummary),
      ),
  );
}
