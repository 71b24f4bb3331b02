import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/types';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { EndpointCreate, EndpointPatch, IdParams } from '../../../shared/endpointSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const TAG = ['Console'];
const TestEventBody = Type.Object(
  {
    event_type: Type.Optional(
      Type.Enum(WEBHOOK_EVENT_TYPES, {
        description:
          'one of payment_link.paid, payment_link.failed, payment_link.expired, payment_link.canceled (default payment_link.paid)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Webhook endpoints: add, change, rotate, delete, and send one a test event. */
export function consoleWebhookRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/endpoints',
    {
      schema: {
        tags: TAG,
        summary: 'List webhook endpoints',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.endpoints.list()),
  );
  api.post(
    '/endpoints',
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
    async (request, reply) => sendData(reply, 201, await request.workspace.endpoints.create(request.body)),
  );
  api.get(
    '/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Read a webhook endpoint',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.endpoints.find(request.params.id)),
  );
  api.patch(
    '/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Change a webhook endpoint',
        params: IdParams,
        body: EndpointPatch,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) =>
      sendData(reply, 200, await request.workspace.endpoints.update(request.params.id, request.body)),
  );
  api.delete(
    '/endpoints/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete a webhook endpoint and its waiting deliveries',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      await request.workspace.endpoints.remove(request.params.id);
      return sendData(reply, 200, { id: request.params.id, deleted: true });
    },
  );
  api.post(
    '/endpoints/:id/rotate-secret',
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
    async (request, reply) =>
      sendData(reply, 200, await request.workspace.endpoints.rotateSecret(request.params.id)),
  );
  api.post(
    '/endpoints/:id/test',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Send a test event to one endpoint',
        description:
          'A signed event (default payment_link.paid) for a sample link that is not in the store (reference_id sandbox_test_event), to this endpoint only, whatever its event filter. It is delivered, retried and recorded like any delivery, marked test: true. 409 when the endpoint is disabled.',
        params: IdParams,
        body: TestEventBody,
        response: consoleResponses(
          { 201: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'invalid_state_transition' },
        ),
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        201,
        await request.workspace.webhooks.sendTest(
          request.params.id,
          request.body.event_type ?? 'payment_link.paid',
        ),
      ),
  );
}
