import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CHECKS_RUNNING_429,
  ENDPOINT_CHECKS_KEPT,
  EndpointCheckStartSchema,
} from '../../../shared/endpointCheck';
import { IdParams } from '../../../shared/endpointSchemas';
import { EndpointCheckEnvelope, keyedSchema } from '../keyedSchemas';
import { clientGone, MAX_WAIT_SECONDS, waitParam } from '../longPoll';
import { emptyBodyAsObject, sendData } from '../respond';

const CheckQuery = Type.Object(
  {
    wait: waitParam(
      'while the check is running, answer once it is done (or as it is after this long, or when the sandbox shuts down)',
    ),
  },
  { additionalProperties: false },
);

/** Endpoint checks behind the API key (docs/endpoint-check.md): start one, then wait for its report. */
export function keyedEndpointCheckRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/sandbox/endpoint-checks',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        ...keyedSchema(
          'Check a webhook endpoint',
          'Starts the probes of docs/endpoint-check.md against url, signed with secret (or deliberately not), one after another, and answers 202 at once with the check (every probe pending): read GET /sandbox/endpoint-checks/{id}?wait=60 until status is done. The probes send synthetic events (link ids starting endpoint_check_); nothing is stored and no delivery is recorded. With link_id, state_url and state_path (all three), three effect checks follow: the pending link is made failed, then canceled, through the sandbox (as a simulate and a cancel do), its events are sent to url, and state_url is read around each to see that a refused event changed nothing, a duplicate was applied once and a late event did not move the final state back. It takes no Idempotency-Key.',
          { 202: EndpointCheckEnvelope },
          {
            400: 'parameter_invalid or parameter_missing: url, secret, or the effect fields (link_id unknown or not pending, state_url without {reference_id} or {link_id}); param names the field',
            429: CHECKS_RUNNING_429,
          },
        ),
        body: EndpointCheckStartSchema,
      },
    },
    (request, reply) => sendData(reply, 202, request.workspace.endpointChecks.start(request.body)),
  );
  api.get(
    '/sandbox/endpoint-checks/:id',
    {
      schema: {
        ...keyedSchema(
          'Read an endpoint check',
          `While status is running, progress says how many probes are done and each probe shows pending, running or its verdict; once done, result is fail if any probe failed, else warn if any warned, else pass. With wait=SECONDS (at most ${MAX_WAIT_SECONDS}) the answer comes once the check is done, or as it is after that long: a client waits for the report without polling. Every running check and the last ${ENDPOINT_CHECKS_KEPT} finished are kept in memory until the sandbox stops.`,
          { 200: EndpointCheckEnvelope },
          { 404: 'resource_not_found: no check with this id (or it is no longer kept)' },
        ),
        params: IdParams,
        querystring: CheckQuery,
      },
    },
    async (request, reply) => {
      const checks = request.workspace.endpointChecks;
      const check = await checks.whenDone(
        request.params.id,
        (request.query.wait ?? 0) * 1000,
        clientGone(reply),
      );
      if (checks.closing) reply.header('connection', 'close');
      return sendData(reply, 200, check);
    },
  );
}
