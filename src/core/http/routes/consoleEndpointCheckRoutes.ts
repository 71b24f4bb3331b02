import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CHECKS_RUNNING_429 } from '../../../shared/endpointCheck';
import { ENDPOINT_REPORTS_KEPT } from '../../../shared/endpointCheckReports';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { IdParams } from '../../../shared/endpointSchemas';
import { clientGone, MAX_WAIT_SECONDS, waitParam } from '../longPoll';
import { sendData } from '../respond';

const TAG = ['Console'];
const CheckParams = Type.Object({
  id: IdParams.properties.id,
  check_id: Type.String({ minLength: 1, maxLength: 100, description: 'the check’s id (chk_…)' }),
});
const KEPT = `Each endpoint keeps its running checks and its last ${ENDPOINT_REPORTS_KEPT} reports in memory until the sandbox stops.`;

/** "Check this endpoint": endpoint checks of a registered endpoint, kept with it (docs/endpoint-check.md). */
export function consoleEndpointCheckRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/endpoints/:id/checks',
    {
      schema: {
        tags: TAG,
        summary: 'Check a webhook endpoint',
        description: `Starts the probes of docs/endpoint-check.md against this endpoint's URL, signed with its current secret, and answers 202 at once with the check (every probe pending): read GET /_console/api/endpoints/{id}/checks/{check_id} until status is done. ${KEPT}`,
        params: IdParams,
        response: consoleResponses(
          { 202: ConsoleEnvelope },
          { 404: 'resource_not_found', 429: CHECKS_RUNNING_429 },
        ),
      },
    },
    (request, reply) => sendData(reply, 202, request.workspace.endpointReports.start(request.params.id)),
  );
  api.get(
    '/endpoints/:id/checks',
    {
      schema: {
        tags: TAG,
        summary: "List an endpoint's checks",
        description: `Newest first: running checks as they are now, then the finished reports. ${KEPT}`,
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.endpointReports.list(request.params.id)),
  );
  api.get(
    '/endpoints/:id/checks/:check_id',
    {
      schema: {
        tags: TAG,
        summary: "Read one of an endpoint's checks",
        description: `While status is running, progress says how many probes are done; with wait=SECONDS (at most ${MAX_WAIT_SECONDS}) the answer comes once the check is done, or as it is after that long. ${KEPT}`,
        params: CheckParams,
        querystring: Type.Object(
          {
            wait: waitParam(
              'while the check is running, answer once it is done (or as it is after this long)',
            ),
          },
          { additionalProperties: false },
        ),
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      const { id, check_id } = request.params;
      const check = await request.workspace.endpointReports.whenDone(
        id,
        check_id,
        (request.query.wait ?? 0) * 1000,
        clientGone(reply),
      );
      if (request.workspace.endpointChecks.closing) reply.header('connection', 'close');
      return sendData(reply, 200, check);
    },
  );
}
