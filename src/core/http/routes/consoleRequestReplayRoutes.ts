import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SandboxError } from '../../errors';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { replayRequest } from '../requestReplay';
import { sendData } from '../respond';
import { GONE } from './consoleRequestRoutes';
import { bodyWasLost, lostBodyReason } from '../../../shared/missingBodies';

const SeqParams = Type.Object({
  seq: Type.String({
    pattern: '^[1-9][0-9]{0,14}$',
    description: 'a whole number of at least 1, in digits: the entry’s seq',
  }),
});

/** The Requests screen's Replay: a logged API request sent again, logged as a replay of it. */
export function consoleRequestReplayRoutes(app: FastifyInstance): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/requests/:seq/replay',
    {
      schema: {
        tags: ['Console'],
        summary: 'Send a logged API request again',
        description:
          'Sends the entry’s method, path, headers and body again through the whole API (key check, fault rules, Idempotency-Key), with the accepted key that has the logged prefix. Answers with the new entry, whose replay_of is the seq replayed.',
        params: SeqParams,
        response: consoleResponses(
          { 200: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'invalid_state_transition' },
        ),
      },
    },
    async (request, reply) => {
      const seq = Number(request.params.seq);
      const entry = await request.workspace.requests.get(seq);
      if (!entry) {
        throw new SandboxError('resource_not_found', `No logged request numbered ${seq}: ${GONE}`, 'seq');
      }
      if (!entry.api) {
        throw new SandboxError(
          'parameter_invalid',
          `Request ${seq} (${entry.method} ${entry.path}) is not a Payment Links API call; only those can be replayed.`,
          'seq',
        );
      }
      if (bodyWasLost(entry)) {
        throw new SandboxError(
          'invalid_state_transition',
          `Request ${seq} had a body the log could not keep (${lostBodyReason(entry)}): a replay would send another request. Copy it as curl and add the body.`,
          'seq',
        );
      }
      const before = request.workspace.requests.latestSeq;
      await replayRequest(app, entry, request.workspace.settings);
      const replay = await request.workspace.requests.replayOf(seq, before);
      return sendData(reply, 200, replay ?? null);
    },
  );
}
