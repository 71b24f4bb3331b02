import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SettingsPatchSchema, type SettingsPatch } from '../../../shared/types';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { sendData } from '../respond';

const TAG = ['Console'];

/** Settings and the delivery queue's pause switch. */
export function consoleSettingsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/settings',
    {
      schema: {
        tags: TAG,
        summary: 'Read the settings',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.settings),
  );

  api.patch(
    '/settings',
    {
      schema: {
        tags: TAG,
        summary: 'Change some settings',
        description:
          'Send only the settings to change; fees may be changed one field at a time. New values apply to links created from then on.',
        body: SettingsPatchSchema,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const settings = await request.workspace.updateSettings(request.body as SettingsPatch);
      return sendData(reply, 200, settings);
    },
  );

  api.get(
    '/queue',
    {
      schema: {
        tags: TAG,
        summary: 'The delivery queue',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.webhooks.queue()),
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    api.post(
      `/queue/${action}`,
      {
        schema: {
          tags: TAG,
          summary: paused ? 'Pause the delivery queue' : 'Resume the delivery queue',
          description: paused
            ? 'Nothing is sent while paused; waiting deliveries show as paused. An attempt already on the wire finishes.'
            : 'Waiting deliveries are sent again, oldest first.',
          response: consoleResponses({ 200: ConsoleEnvelope }),
        },
      },
      async (request, reply) => sendData(reply, 200, await request.workspace.webhooks.pause(paused)),
    );
  }
}
