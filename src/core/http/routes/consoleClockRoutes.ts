import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SandboxCore } from '../../sandboxCore';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { AdvanceBodySchema } from '../../../shared/clockAdvance';
import { advanceOf } from '../clockAdvance';
import { emptyBodyAsObject, sendData } from '../respond';

const TAG = ['Console'];

/** The sandbox clock for the console (docs/contract.md §11), through the same controls as /sandbox/clock. */
export function consoleClockRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/clock',
    {
      schema: {
        tags: TAG,
        summary: 'The sandbox clock',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.time.view()),
  );
  api.post(
    '/clock/advance',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Advance the sandbox clock by seconds or to a moment',
        body: AdvanceBodySchema,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    async (request, reply) =>
      sendData(reply, 200, await request.workspace.time.advance(advanceOf(request.body))),
  );
  const move = (path: string, summary: string, act: (workspace: SandboxCore) => Promise<unknown>) =>
    api.post(
      path,
      { schema: { tags: TAG, summary, response: consoleResponses({ 200: ConsoleEnvelope }) } },
      async (request, reply) => sendData(reply, 200, await act(request.workspace)),
    );
  move('/clock/freeze', 'Freeze the sandbox clock', (workspace) => workspace.time.freeze());
  move('/clock/resume', 'Resume the sandbox clock', (workspace) => workspace.time.resume());
  api.get(
    '/clock/home',
    {
      schema: {
        tags: TAG,
        summary: 'What bringing the clock back to real time would leave stamped ahead',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.time.home()),
  );
  move('/clock/reset', 'Bring the sandbox clock back to real time', (workspace) => workspace.time.reset());
}
