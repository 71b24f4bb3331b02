import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CancelBodySchema,
  CreateLinkBodySchema,
  LinkIdParamsSchema,
  ListQuerySchema,
} from '../../../shared/types';
import { isoTime } from '../../clock';
import type { SandboxCore } from '../../sandboxCore';
import { apiResponses, IDEMPOTENCY_NOTE, LinkEnvelope, ListEnvelope } from '../apiSchemas';
import { dataBody, listBody } from '../envelope';
import { afterDueChanges, emptyBodyAsObject, respondWithChange, sendJson } from '../respond';

const TAG = ['Payment links'];
const security = [{ bearerAuth: [] }];

export function paymentLinkRoutes(app: FastifyInstance, core: SandboxCore): void {
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
        description: `Creates a pending link with its checkout URL. ${IDEMPOTENCY_NOTE}`,
        body: CreateLinkBodySchema,
        response: apiResponses(
          { 201: LinkEnvelope },
          {
            409: 'idempotency_request_in_progress',
            422: 'idempotency_key_reused',
            413: 'body_too_large',
            415: 'unsupported_media_type',
          },
        ),
      },
    },
    (request, reply) => {
      const settings = core.settings;
      return respondWithChange(
        request,
        reply,
        core,
        201,
        () => core.links.create(request.body, settings, core.publicBaseUrl(), core.settlementAccountId),
        settings.require_idempotency_key,
      );
    },
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
        core,
        () => sendJson(reply, 200, dataBody(core.links.find(request.params.id), request.id)),
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
      afterDueChanges(core, () => {
        const q = request.query;
        const page = q.page ?? 1;
        const perPage = q.per_page ?? 25;
        const { total, links } = core.store.state.links.list({
          status: q.status,
          createdAfter: q.created_after === undefined ? undefined : isoTime(Date.parse(q.created_after)),
          createdBefore: q.created_before === undefined ? undefined : isoTime(Date.parse(q.created_before)),
          offset: (page - 1) * perPage,
          limit: perPage,
        });
        const pagination = {
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        };
        return sendJson(reply, 200, listBody(links, pagination, request.id));
      }),
  );

  api.post(
    '/payment-links/:id/cancel',
    {
      preValidation: emptyBodyAsObject,
      config: { idempotent: true },
      schema: {
        tags: TAG,
        security,
        summary: 'Cancel a payment link',
        description: `Cancels a pending or failed link; succeeded, expired and canceled links answer 409 payment_link_not_cancelable. ${IDEMPOTENCY_NOTE}`,
        params: LinkIdParamsSchema,
        body: CancelBodySchema,
        response: apiResponses(
          { 200: LinkEnvelope },
          {
            404: 'resource_not_found',
            409: 'payment_link_not_cancelable, idempotency_request_in_progress',
            413: 'body_too_large',
            415: 'unsupported_media_type',
            422: 'idempotency_key_reused',
          },
        ),
      },
    },
    (request, reply) =>
      afterDueChanges(
        core,
        () => respondWithChange(request, reply, core, 200, () => core.links.cancel(request.params.id)),
        request.params.id,
      ),
  );
}
