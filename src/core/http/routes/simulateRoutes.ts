import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SimulateBodySchema } from '../../../shared/types';
import { apiResponses, LinkEnvelope } from '../apiSchemas';
import { respondWithChange } from '../linkChangeAnswer';
import { emptyBodyAsObject } from '../respond';

export function simulateRoutes(app: FastifyInstance): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/sandbox/simulate',
    {
      preValidation: emptyBodyAsObject,
      config: { idempotent: true },
      schema: {
        tags: ['Sandbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Simulate a payment event',
        description:
          'Drives a pending link to succeeded (paid), failed or expired, and records the matching webhook event.',
        body: SimulateBodySchema,
        response: apiResponses(
          { 200: LinkEnvelope },
          {
            404: 'resource_not_found',
            409: 'invalid_state_transition',
            413: 'body_too_large',
            415: 'unsupported_media_type',
          },
        ),
      },
    },
    (request, reply) => {
      const { payment_link_id, event, payment_method } = request.body;
      return respondWithChange(request, reply, request.workspace, 200, payment_link_id, (links) =>
        links.simulate(payment_link_id, event, payment_method),
      );
    },
  );
}
