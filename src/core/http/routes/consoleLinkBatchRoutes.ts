import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { BULK_ACTIONS, PaymentMethodParam } from '../../../shared/types';
import { SAMPLE_RUN_PATTERN } from '../../../shared/consoleSchemas';
import { MAX_BATCH_LINKS, MAX_SAMPLE_NUMBER } from '../../linkBatches';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { sendData } from '../respond';

const TAG = ['Console'];

const SamplesBody = Type.Object(
  {
    count: Type.Integer({
      minimum: 1,
      maximum: MAX_BATCH_LINKS,
      description: `an integer from 1 to ${MAX_BATCH_LINKS}`,
    }),
    from: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SAMPLE_NUMBER,
        description: `the number of this call's first sample, an integer from 1 to ${MAX_SAMPLE_NUMBER} (1 when absent): a run made in parts numbers on from part to part`,
      }),
    ),
    run: Type.Optional(
      Type.String({
        pattern: SAMPLE_RUN_PATTERN,
        description:
          "the tag of the run this call continues (six hex digits, as an earlier part's answer gave it); a new one when absent",
      }),
    ),
  },
  { additionalProperties: false },
);

/** Room for the most ids a bulk action takes (39 bytes each in JSON), and no more. */
const BULK_BODY_LIMIT = 512 * 1024;

const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.String({ format: 'uuid', description: 'a link id (UUID)' }), {
      minItems: 1,
      // The most is checked after parsing, to say how many were sent; the body limit bounds it.
      description: `1 to ${MAX_BATCH_LINKS} link ids`,
    }),
    action: Type.Enum(BULK_ACTIONS, { description: 'one of paid, failed, expired, cancel' }),
    payment_method: PaymentMethodParam,
  },
  { additionalProperties: false },
);

/** Many links at once from the console: sample links, and one action on a selection. */
export function consoleLinkBatchRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/links/samples',
    {
      schema: {
        tags: TAG,
        summary: 'Create sample links in a mix of states',
        description:
          "count links, four in ten left pending and the rest paid, failed, expired or canceled, each change recording its webhook event; committed in batches. A longer run goes in parts, each call continuing the last one's numbering (from) under its tag (run), so the console can show how far it is and stop between parts.",
        body: SamplesBody,
        response: consoleResponses({ 201: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const { count, from, run } = request.body;
      return sendData(reply, 201, await request.workspace.linkBatches.samples(count, { from, run }));
    },
  );

  api.post(
    '/links/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags: TAG,
        summary: 'Apply paid, failed, expired or cancel to many links',
        description:
          'Each link that allows the action changes and records its webhook event, as a single action would; the others are skipped, counted by reason.',
        body: BulkBody,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const { ids, action, payment_method } = request.body;
      return sendData(reply, 200, await request.workspace.linkBatches.bulk(ids, action, payment_method));
    },
  );
}
