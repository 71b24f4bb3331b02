import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ClockResetSchema, ClockSchema } from '../../../shared/consoleSchemas';
import { MetaSchema } from '../../../shared/types';
import { apiResponses } from '../apiSchemas';
import { AdvanceBodySchema } from '../../../shared/clockAdvance';
import { advanceOf, respondWithAdvance } from '../clockAdvance';
import { emptyBodyAsObject, sendData } from '../respond';

export const ClockEnvelope = Type.Object({ data: ClockSchema, meta: MetaSchema });
export const ClockResetEnvelope = Type.Object({ data: ClockResetSchema, meta: MetaSchema });

const schema = (summary: string, description: string) => ({
  tags: ['Sandbox'],
  security: [{ bearerAuth: [] }],
  summary,
  description,
  response: apiResponses({ 200: ClockEnvelope }, { 413: 'body_too_large', 415: 'unsupported_media_type' }),
});

/** docs/contract.md §11: the sandbox clock, beside /sandbox/simulate and behind the same key. */
export function clockRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/sandbox/clock',
    { schema: schema('Read the sandbox clock', 'The sandbox time, the real time, and how they differ.') },
    (request, reply) => sendData(reply, 200, request.workspace.time.view()),
  );
  api.post(
    '/sandbox/clock/advance',
    {
      preValidation: emptyBodyAsObject,
      config: { idempotent: true },
      schema: {
        ...schema(
          'Advance the sandbox clock',
          `Moves the clock forward by \`seconds\` or to the moment \`to\` (send exactly one). Answers once every change that fell due meanwhile (expiries, settlements) is applied in time order, each stamped with the moment it fell due, and their webhooks are queued in that order.`,
        ),
        body: AdvanceBodySchema,
        response: apiResponses(
          { 200: ClockEnvelope },
          { 413: 'body_too_large', 415: 'unsupported_media_type' },
        ),
      },
    },
    (request, reply) => respondWithAdvance(request, reply, request.workspace, advanceOf(request.body)),
  );
  const move = (
    path: string,
    summary: string,
    description: string,
    act: (sandbox: FastifyRequest['workspace']) => Promise<unknown>,
  ) =>
    api.post(path, { schema: schema(summary, description) }, async (request, reply) =>
      sendData(reply, 200, await act(request.workspace)),
    );
  move(
    '/sandbox/clock/freeze',
    'Freeze the sandbox clock',
    'Stops the clock at the current sandbox time until resumed; advancing still moves it. Freezing a frozen clock changes nothing.',
    (sandbox) => sandbox.time.freeze(),
  );
  move(
    '/sandbox/clock/resume',
    'Resume the sandbox clock',
    'Lets a frozen clock run again from the moment it stands at, without jumping. Resuming a running clock changes nothing.',
    (sandbox) => sandbox.time.resume(),
  );
  api.post(
    '/sandbox/clock/reset',
    {
      schema: {
        ...schema(
          'Bring the sandbox clock back to real time',
          'Sets the clock to real time, running, and keeps the data. Nothing is rewritten: links and deliveries stamped after the new now keep their times, and a retry or expiry due later waits until real time reaches it. Answers the clock and what it left ahead. Repeating it changes nothing.',
        ),
        response: apiResponses(
          { 200: ClockResetEnvelope },
          { 413: 'body_too_large', 415: 'unsupported_media_type' },
        ),
      },
    },
    async (request, reply) => sendData(reply, 200, await request.workspace.time.reset()),
  );
}
