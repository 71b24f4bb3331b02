import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SandboxError } from '../../errors';
import { scenarioFromRequests } from '../../scenarios/scenarioFromRequests';
import { ConsoleEnvelope, ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData, sendJson } from '../respond';
import { envelopeBody } from '../envelope';
import { MetaSchema } from '../../../shared/types';
import { paginate } from '../../pagination';
import { REQUEST_GONE_WHY } from '../../../shared/requestLogRetention';
import { ConsoleRequestListQuerySchema } from '../../../shared/listQueries';

const SeqParams = Type.Object({
  seq: Type.String({
    pattern: '^[1-9][0-9]{0,14}$',
    description: 'a whole number of at least 1, in digits: the entry’s seq',
  }),
});

const ScenarioEnvelope = Type.Object({
  data: Type.Unknown(),
  left_out: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      method: Type.String(),
      path: Type.String(),
      reason: Type.String({ description: 'why the request has no step' }),
    }),
    { description: 'the chosen requests the scenario has no step for, oldest first' },
  ),
  needs: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      method: Type.String(),
      path: Type.String(),
      needs: Type.Union([Type.Integer(), Type.Null()], {
        description: 'the seq of the logged request it needs, or null when the log holds none',
      }),
      reason: Type.String({ description: 'what it needs and how a replay without it answers otherwise' }),
    }),
    {
      description:
        'the steps that need a request the export leaves out (the first use of an Idempotency-Key they reuse, the create of the link they act on), oldest first: a replay of those answers otherwise',
    },
  ),
  meta: MetaSchema,
});

const ScenarioBody = Type.Object(
  {
    seqs: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 1000,
        description: 'the entries to export (1 to 1,000 seqs); absent: the whole history',
      }),
    ),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'the scenario’s name' })),
  },
  { additionalProperties: false },
);

/** Why an entry may be gone, as a 404 says it. */
export const GONE = REQUEST_GONE_WHY;

/** The request log: what a developer's app actually sent, and what it got back. */
export function consoleRequestRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/requests',
    {
      schema: {
        tags: ['Console'],
        summary: 'A page of the requests kept, newest first, without their bodies',
        description:
          'Seq, method, path, status, duration, key prefix, Idempotency-Key, replayed, and how much of each body was kept (for API calls, the first 64 KiB). API calls are kept in the data folder across restarts within the request_log_mb setting; the console’s own and the checkout page’s (scope=all) in memory, the newest 1,000, apart, so they never push API calls out. New ones arrive on the event stream as request.logged. GET /_console/api/requests/{seq} has the bodies. Page n of per_page (default 1000) is the window of rows from (n - 1) × per_page of those q matches, and pagination.total is how many it matches: the console reads any part of the whole log this way. Answers once the log kept on disk is read in, a moment after start.',
        querystring: ConsoleRequestListQuerySchema,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    async (request, reply) => {
      const page = paginate(request.query, 1000);
      const { total, rows } = await request.workspace.requests.page({
        scope: request.query.scope ?? 'api',
        q: request.query.q ?? '',
        offset: page.offset,
        limit: page.limit,
      });
      return sendJson(
        reply,
        200,
        JSON.stringify({ data: rows, pagination: page.pagination(total), meta: { request_id: request.id } }),
      );
    },
  );
  typed.get(
    '/requests/:seq',
    {
      schema: {
        tags: ['Console'],
        summary: 'One logged request with its bodies',
        description:
          'The entry and the request and response bodies as they went over the wire (first 64 KiB each). 404 once the entry has left the log (past request_log_mb for API calls, the newest 1,000 for others, a reset, or a restart for others).',
        params: SeqParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      const entry = await request.workspace.requests.get(Number(request.params.seq));
      if (!entry) {
        throw new SandboxError(
          'resource_not_found',
          `No logged request numbered ${request.params.seq}: ${GONE}`,
          'seq',
        );
      }
      return sendData(reply, 200, entry);
    },
  );
  typed.post(
    '/requests/scenario',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['Console'],
        summary: 'Export logged API requests as a scenario',
        description:
          'The chosen API requests (or every one kept), oldest first, each with the answer it got, and the settings they ran under: a file `payment-links-sandbox run` replays against a fresh sandbox (docs/scenarios.md). A list’s step expects its status only (its items and total are the store’s). left_out names each chosen request with no step and why: console and checkout requests, and those a fault rule answered or dropped in the API’s place. needs names each step that needs a request the export leaves out (the first use of an Idempotency-Key it reuses, the create of the link it acts on), which a replay would answer otherwise.',
        body: ScenarioBody,
        response: consoleResponses({ 200: ScenarioEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      const { seqs, name } = request.body;
      const entries = seqs
        ? await Promise.all(
            seqs.map(async (seq) => {
              const entry = await request.workspace.requests.get(seq);
              if (!entry)
                throw new SandboxError(
                  'resource_not_found',
                  `No logged request numbered ${seq}: ${GONE}`,
                  'seqs',
                );
              return entry;
            }),
          )
        : await request.workspace.requests.allApi();
      const { scenario, left_out, needs } = scenarioFromRequests(
        entries,
        await request.workspace.requests.apiSummaries(),
        request.workspace.settings,
        name ?? 'Exported session',
      );
      if (scenario.steps.length === 0)
        throw new SandboxError(
          'parameter_invalid',
          `There is nothing to export: ${left_out.length === 0 ? 'the log has no API requests' : left_out.map((e) => `request ${e.seq} (${e.method} ${e.path}): ${e.reason}`).join('; ')}.`,
          'seqs',
        );
      // The scenario stays in `data`, so the answer saved as it came is still a file `run` reads.
      return sendJson(
        reply,
        200,
        `{"left_out":${JSON.stringify(left_out)},"needs":${JSON.stringify(needs)},${envelopeBody(scenario, request.id).slice(1)}`,
      );
    },
  );
}
