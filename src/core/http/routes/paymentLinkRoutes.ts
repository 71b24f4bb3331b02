import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreateLinkBodySchema, LinkIdParamsSchema, ListQuerySchema } from '../../../shared/types';
import { apiResponses, LinkEnvelope, ListEnvelope } from '../apiSchemas';
import { dataBody, listBody } from '../envelope';
import { respondWithChange } from '../linkChangeAnswer';
import { afterDueChanges, emptyBodyAsObject, sendJson } from '../respond';

const TAG = ['Payment links'];
const security = [{ bearerAuth: [] }];

export function paymentLinkRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/payment-links',
    {
      preValidation: emptyBodyAsObject,
      config: { idempotent: true },
      schema: {
        tags: TAG,
        security,
        summary: 'Create a payment link',
        description: 'Creates a pending link with its checkout URL.',
        body: CreateLinkBodySchema,
        response: apiResponses(
          { 201: LinkEnvelope },
          { 413: 'body_too_large', 415: 'unsupported_media_type' },
        ),
      },
    },
    (request, reply) =>
      respondWithChange(
        request,
        reply,
        request.workspace,
        201,
        undefined,
        (links) => links.create(request.body),
        request.workspace.settings.require_idempotency_key,
      ),
  );

  api.get(
    '/payment-links/:id',
    {
      schema: {
        tags: TAG,
        security,
        summary: 'Retrieve a payment link',
        description: 'The current state of a link; an expiry that is due is applied first.',
        params: LinkIdParamsSchema,
        response: apiResponses({ 200: LinkEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) =>
      afterDueChanges(
        request.workspace,
        () => sendJson(reply, 200, dataBody(request.workspace.links.find(request.params.id), request.id)),
        request.params.id,
      ),
  );

  api.get(
    '/payment-links',
    {
      schema: {
        tags: TAG,
        security,
        summary: 'List payment links',
        description:
          'Newest first (created_at, then id, descending). created_after and created_before are exclusive. A page past the last is empty, with the true total.',
        querystring: ListQuerySchema,
        response: apiResponses({ 200: ListEnvelope }, {}),
      },
    },
    (request, reply) =>
      afterDueChanges(request.workspace, () => {
        const { links, pagination } = request.workspace.links.list(request.query);
        return sendJson(reply, 200, listBody(links, pagination, request.id));
      }),
  );

  api.post(
    '/payment-links/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: TAG,
        security,
        summary: 'Cancel a payment link',
        description:
          'Cancels a pending or failed link; succeeded, expired and canceled links answer 409 payment_link_not_cancelable.',
        params: LinkIdParamsSchema,
        response: apiResponses(
          { 200: LinkEnvelope },
          {
            404: 'resource_not_found',
            409: 'payment_link_not_cancelable',
            413: 'body_too_large',
            415: 'unsupported_media_type',
          },
        ),
      },
    },
    (request, reply) =>
      respondWithChange(request, reply, request.workspace, 200, request.params.id, (links) =>
        links.cancel(request.params.id),
      ),
  );
}
