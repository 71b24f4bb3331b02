// Shapes of the workspace routes (docs/contract.md §15): one definition validates, documents
// (OpenAPI) and types each of them, for the server, the CLI and the console.
import Type, { type Static } from 'typebox';
import { ClockSchema } from './consoleSchemas';
import { StoreCountsSchema } from './dataFolder';
import { WORKSPACE_NAME_WORDS } from './workspaceKey';

const Name = Type.String({ description: `the workspace's name: ${WORKSPACE_NAME_WORDS}, in lower case` });

/** A workspace in the list: GET /sandbox/workspaces. */
export const WorkspaceSummarySchema = Type.Object({
  name: Name,
  links: Type.Integer({ minimum: 0, description: 'how many payment links it holds' }),
  changed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'when it last changed (real time, not its sandbox clock); null when it has not changed since the sandbox started',
  }),
});
export type WorkspaceSummary = Static<typeof WorkspaceSummarySchema>;

/** The caller's own workspace: GET /sandbox/workspace. */
export const WorkspaceSchema = Type.Object({
  name: Name,
  made: Type.Boolean({
    description: 'false until a request with its key writes to it (a read makes nothing, and sees it empty)',
  }),
  counts: StoreCountsSchema,
  clock: ClockSchema,
  changed_at: WorkspaceSummarySchema.properties.changed_at,
});
export type WorkspaceView = Static<typeof WorkspaceSchema>;
