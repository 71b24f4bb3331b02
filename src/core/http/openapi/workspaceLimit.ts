import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { ErrorBodySchema } from '../../../shared/types';

const LIMIT =
  'workspace_limit_reached: the key names a workspace not made yet, and the sandbox already holds its most workspaces (--max-workspaces)';

type Responses = Record<string, { description?: string }>;

/**
 * Documents the one 403 a keyed write can answer (docs/contract.md §15): a write with a key that
 * names a workspace not made yet makes it, unless the server holds its limit. Reads make nothing,
 * and neither does a route flagged makesNoWorkspace.
 */
export function documentWorkspaceLimit(
  { schema, url }: { schema: FastifySchema; url: string },
  route: { config?: unknown; method?: unknown },
): { schema: FastifySchema; url: string } {
  // The inbox declares `security: []`: open to anyone, it takes no key and makes no workspace.
  const keyed = ((schema as { security?: unknown[] } | undefined)?.security?.length ?? 0) > 0;
  const method = String(route.method).toUpperCase();
  const makes = (route.config as FastifyContextConfig | undefined)?.makesNoWorkspace !== true;
  if (!keyed || !makes || method === 'GET' || method === 'HEAD') return { schema, url };
  const responses = (schema.response ?? {}) as Responses;
  const given = responses['403'];
  return {
    schema: {
      ...schema,
      response: {
        ...responses,
        403: given?.description
          ? { ...given, description: `${given.description}; ${LIMIT}` }
          : { ...ErrorBodySchema, description: LIMIT },
      },
    },
    url,
  };
}
