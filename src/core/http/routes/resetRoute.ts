import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ResetCountsSchema } from '../../../shared/dataFolder';
import { MetaSchema } from '../../../shared/types';
import { apiResponses } from '../apiSchemas';
import { sendData } from '../respond';

/** POST /sandbox/reset: isolation between tests, for code in any language (docs/configuration.md). */
export function resetRoute(app: FastifyInstance): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/sandbox/reset',
    {
      schema: {
        tags: ['Sandbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Reset the sandbox between tests',
        description:
          'Removes every link, webhook delivery, webhook event, idempotency record, the request log and the messages of the built-in inboxes; brings the sandbox clock home (real time, running); then applies the configuration file again (its fixture links, settings, endpoints, fault rules and clock). Settings, webhook endpoints and fault rules stay unless the configuration declares them. Answers with how many of each were removed, once the reset is durable. Resetting again gives the same sandbox, so it takes no Idempotency-Key.',
        response: apiResponses(
          { 200: Type.Object({ data: ResetCountsSchema, meta: MetaSchema }) },
          { 413: 'body_too_large', 415: 'unsupported_media_type' },
        ),
      },
    },
    async (request, reply) => sendData(reply, 200, await request.workspace.data.reset({ inboxes: true })),
  );
}
