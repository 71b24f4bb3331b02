import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { WorkspaceSummarySchema } from '../../../shared/workspaces';
import { MetaSchema } from '../../../shared/types';
import { consoleResponses } from '../apiSchemas';
import { sendData } from '../respond';

/** The console's workspace picker (docs/contract.md §15): every workspace, the one changed last first. */
export function consoleWorkspaceRoutes(app: FastifyInstance): void {
  app.get(
    '/workspaces',
    {
      schema: {
        tags: ['Console'],
        summary: 'List every workspace',
        description:
          'Every workspace the sandbox has made, default among them, the one changed last first, with its link count and when it last changed. Every console route takes ?workspace=<name> to act on that workspace (default without it); a name not made yet is 404, since the console never makes a workspace.',
        response: consoleResponses({
          200: Type.Object({ data: Type.Array(WorkspaceSummarySchema), meta: MetaSchema }),
        }),
      },
    },
    async (request, reply) => sendData(reply, 200, await request.workspaces.summaries()),
  );
}
