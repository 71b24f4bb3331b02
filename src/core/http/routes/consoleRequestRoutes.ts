import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SandboxError } from '../../errors';
import { requestSummary } from '../../requestHistory';
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

const SeqParams = Type.Object({
  seq: Type.String({
    pattern: '^[1-9][0-9]{0,14}$',
    description: 'a whole number of at least 1, in digits: the entry’s seq',
  }),
});

/** The request log: what a developer's app actually sent, and what it got back. */
export function consoleRequestRoutes(app: FastifyInstance, core: SandboxCore): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/_console/api/requests',
    {
      schema: {
        tags: ['Console'],
        summary: 'The newest requests (up to 1,000), newest first, without their bodies',
        description:
          'Seq, method, path, status, duration, key prefix, Idempotency-Key, replayed, and how much of each body was kept (for API calls, the first 64 KiB). Kept in memory; new ones arrive on the event stream as request.logged. GET /_console/api/requests/{seq} has the bodies.',
        querystring: RequestQuery,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => {
      const all = core.requests.list();
      const entries = request.query.scope === 'all' ? all : all.filter((e) => e.api);
      return sendData(reply, 200, entries.map(requestSummary));
    },
  );
  typed.get(
    '/_console/api/requests/:seq',
    {
      schema: {
        tags: ['Console'],
        summary: 'One logged request with its bodies',
        description:
          'The entry and the request and response bodies as they went over the wire (first 64 KiB each). 404 once the entry has left the newest 1,000, or after a restart, an import or a reset.',
        params: SeqParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => {
      const entry = core.requests.get(Number(request.params.seq));
      if (!entry) {
        throw new SandboxError(
          'resource_not_found',
          `No logged request numbered ${request.params.seq}: the log keeps the newest 1,000 since the sandbox started (an import or a reset clears it).`,
          'seq',
        );
      }
      return sendData(reply, 200, entry);
    },
  );
}
