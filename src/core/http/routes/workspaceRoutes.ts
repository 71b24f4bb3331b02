import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ResetCountsSchema } from '../../../shared/dataFolder';
import { MetaSchema, PageParam, PaginationSchema, perPageParam } from '../../../shared/types';
import { WORKSPACE_KEY_WORDS } from '../../../shared/workspaceKey';
import { WorkspaceSchema, WorkspaceSummarySchema } from '../../../shared/workspaces';
import { paginate } from '../../pagination';
import { keyedSchema } from '../keyedSchemas';
import { sendData, sendJson } from '../respond';

const ListQuery = Type.Object(
  { page: PageParam, per_page: perPageParam(1000) },
  { additionalProperties: false },
);

/** docs/contract.md §15: the caller's workspace, every workspace, and removing one. */
export function workspaceRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/sandbox/workspace',
    {
      schema: keyedSchema(
        "Read the caller's workspace",
        `The workspace the API key names (a key ${WORKSPACE_KEY_WORDS}; any other key names default): its name, whether it has been made, how many records it holds, its sandbox clock and when it last changed. A workspace not made yet reads as empty and is not made by this.`,
        { 200: Type.Object({ data: WorkspaceSchema, meta: MetaSchema }) },
      ),
    },
    (request, reply) =>
      sendData(reply, 200, request.workspaces.view(request.workspaceName, request.workspace)),
  );
  api.get(
    '/sandbox/workspaces',
    {
      schema: {
        ...keyedSchema(
          'List every workspace',
          'Every workspace this sandbox has made, default among them, the one changed last first: its name, how many links it holds and when it last changed. Any accepted key may list them: workspaces keep tests apart, not secrets (docs/security.md).',
          {
            200: Type.Object({
              data: Type.Array(WorkspaceSummarySchema),
              pagination: PaginationSchema,
              meta: MetaSchema,
            }),
          },
        ),
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const all = await request.workspaces.summaries();
      const page = paginate(request.query, 100);
      return sendJson(
        reply,
        200,
        JSON.stringify({
          data: page.slice(all),
          pagination: page.pagination(all.length),
          meta: { request_id: request.id },
        }),
      );
    },
  );
  api.delete(
    '/sandbox/workspace',
    {
      config: { makesNoWorkspace: true },
      schema: keyedSchema(
        "Remove the caller's workspace",
        'Removes the workspace the API key names, with everything in it (its links, endpoints, deliveries, clock, fault rules, request log and its folder in the data folder), and answers with what it held. The next write with its key makes it anew, as a first one did. Deliveries on their way finish unrecorded. On default it resets instead, answering as POST /sandbox/reset does; on a workspace not made yet it removes nothing. It takes no Idempotency-Key.',
        { 200: Type.Object({ data: ResetCountsSchema, meta: MetaSchema }) },
      ),
    },
    async (request, reply) => sendData(reply, 200, await request.workspaces.remove(request.workspaceName)),
  );
}
