import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { SandboxCore } from '../../sandboxCore';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { sendData } from '../respond';

const RequestQuery = Type.Object(
  {
    scope: Type.Optional(
      Type.Enum(['api', 'all'], {
        description: 'api (default): Payment Links API calls only; all: every request',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The request log: what a developer's app actually sent, and what it got back. */
export function consoleRequestRoutes(app: FastifyInstance, core: SandboxCore): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/_console/api/requests',
    {
      schema: {
        tags: ['Console'],
        summary: 'The newest requests (up to 1,000), newest first',
        description:
          'Method, path, status, duration, key prefix, Idempotency-Key, replayed, and for API calls the request and response bodies (first 64 KiB). Kept in memory; new ones arrive on the event stream as request.logged.',
        querystring: RequestQuery,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => {
      const all = core.requests.list();
      const entries = request.query.scope === 'all' ? all : all.filter((e) => e.api);
      return sendData(reply, 200, entries);
    },
  );
}
