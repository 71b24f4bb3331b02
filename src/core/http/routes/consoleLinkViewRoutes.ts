import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LinkPositionSchema } from '../../../shared/consoleSchemas';
import { MetaSchema } from '../../../shared/types';
import { SandboxError } from '../../errors';
import { whyNotInView } from '../../../shared/linkView';
import { viewOf } from '../../linkViews/linkView';
import { paginate } from '../../pagination';
import { ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { afterDueChanges, sendData, sendJson } from '../respond';
import { ConsoleLinkListQuerySchema, LINK_VIEW_PARAMETERS } from '../../../shared/listQueries';

const TAG = ['Console'];
const PositionQuery = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'a payment link id (a UUID)' }),
    ...LINK_VIEW_PARAMETERS,
  },
  { additionalProperties: false },
);
const PositionEnvelope = Type.Object({ data: LinkPositionSchema, meta: MetaSchema });

/**
 * The Links table's reads: any window of any view (filters, search, sort) and where a link
 * stands in it, fast at a million links (see LinkViews).
 */
export function consoleLinkViewRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/links',
    {
      schema: {
        tags: TAG,
        summary: 'List links for the console',
        description:
          'Newest first unless sorted otherwise; q searches id, title and reference_id; up to 1000 a page. Page n of per_page is the window of rows from (n - 1) × per_page: the console reads any part of a view this way.',
        querystring: ConsoleLinkListQuerySchema,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    (request, reply) =>
      afterDueChanges(request.workspace, () => {
        const page = paginate(request.query, 100);
        const { total, links } = request.workspace.linkViews.window(
          viewOf(request.query),
          page.offset,
          page.limit,
        );
        return sendJson(
          reply,
          200,
          JSON.stringify({
            data: links,
            pagination: page.pagination(total),
            meta: { request_id: request.id },
          }),
        );
      }),
  );

  api.get(
    '/links/position',
    {
      schema: {
        tags: TAG,
        summary: "A link's row in a view of the links",
        description:
          "Where the link stands (0-based) among the links the same filters and sort list, and how many they are: the console's Go to. 404 link_not_in_view says which filter leaves it out.",
        querystring: PositionQuery,
        response: consoleResponses(
          { 200: PositionEnvelope },
          { 404: 'resource_not_found (no such link), link_not_in_view (the filters leave it out)' },
        ),
      },
    },
    (request, reply) =>
      afterDueChanges(
        request.workspace,
        () => {
          const { id, ...query } = request.query;
          const link = request.workspace.links.find(id);
          const view = viewOf(query);
          const why = whyNotInView(link, view);
          const at = why === null ? request.workspace.linkViews.position(view, link) : null;
          if (!at) {
            throw new SandboxError(
              'link_not_in_view',
              `Link ${link.id} is not in this view: ${why ?? 'it changed while it was looked up'}. Clear the filters and search to find it.`,
              'id',
            );
          }
          return sendData(reply, 200, { id: link.id, ...at });
        },
        request.query.id,
      ),
  );
}
