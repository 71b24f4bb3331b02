import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CreateLinkBodySchema,
  LINK_STATUSES,
  LinkIdParamsSchema,
  SIMULATE_EVENTS,
  type PaymentLink,
} from '../../../shared/types';
import type { SandboxCore } from '../../sandboxCore';
import { ConsoleEnvelope, ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { afterDueChanges, emptyBodyAsObject, sendData, sendJson } from '../respond';

const TAG = ['Console'];
const SORTS = ['created_at', 'amount', 'expires_at', 'status', 'title'] as const;
const LinkQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(LINK_STATUSES, { description: 'one of pending, succeeded, expired, canceled, failed' }),
    ),
    q: Type.Optional(
      Type.String({ maxLength: 255, description: 'text found in the id, title or reference_id' }),
    ),
    created_after: Type.Optional(
      Type.String({ format: 'date-time', description: 'an RFC 3339 date-time (exclusive)' }),
    ),
    created_before: Type.Optional(
      Type.String({ format: 'date-time', description: 'an RFC 3339 date-time (exclusive)' }),
    ),
    sort: Type.Optional(Type.Enum(SORTS, { description: `one of ${SORTS.join(', ')}` })),
    order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'asc or desc' })),
    page: Type.Optional(Type.Integer({ minimum: 1, description: 'an integer of at least 1' })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'an integer from 1 to 1000' }),
    ),
  },
  { additionalProperties: false },
);
const SimulateBody = Type.Object(
  {
    event: Type.Enum(SIMULATE_EVENTS, { description: 'one of paid, failed, expired' }),
    payment_method: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'a string of 1 to 50 characters' }),
    ),
  },
  { additionalProperties: false },
);

const compare = (field: (typeof SORTS)[number]) => (a: PaymentLink, b: PaymentLink) => {
  const x = a[field];
  const y = b[field];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** Links for the console: the same rules as the API, without an API key, plus search and sort. */
export function consoleLinkRoutes(app: FastifyInstance, core: SandboxCore): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = core.store.state.links;
  const commitChange = async (change: {
    link: PaymentLink;
    ops: Parameters<typeof core.store.commit>[0];
  }) => {
    await core.store.commit(change.ops);
    return change.link;
  };

  api.get(
    '/_console/api/links',
    {
      schema: {
        tags: TAG,
        summary: 'List links for the console',
        description:
          'Newest first unless sorted otherwise; q searches id, title and reference_id; up to 1000 a page.',
        querystring: LinkQuery,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    (request, reply) =>
      afterDueChanges(core, () => {
        const q = request.query;
        const page = q.page ?? 1;
        const perPage = q.per_page ?? 100;
        const after = q.created_after ? new Date(q.created_after).toISOString() : undefined;
        const before = q.created_before ? new Date(q.created_before).toISOString() : undefined;
        const needle = q.q?.trim().toLowerCase();
        let rows: PaymentLink[];
        let total: number;
        if (!needle && (q.sort ?? 'created_at') === 'created_at' && q.order !== 'asc') {
          // The common case reads a page straight off the index.
          ({ links: rows, total } = links.list({
            status: q.status,
            createdAfter: after,
            createdBefore: before,
            offset: (page - 1) * perPage,
            limit: perPage,
          }));
        } else {
          const matching = links
            .list({
              status: q.status,
              createdAfter: after,
              createdBefore: before,
              offset: 0,
              limit: Infinity,
            })
            .links.filter(
              (l) =>
                !needle ||
                l.id.includes(needle) ||
                l.title.toLowerCase().includes(needle) ||
                (l.reference_id ?? '').toLowerCase().includes(needle),
            );
          matching.sort(compare(q.sort ?? 'created_at'));
          if (q.order !== 'asc') matching.reverse();
          total = matching.length;
          rows = matching.slice((page - 1) * perPage, page * perPage);
        }
        const pagination = {
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        };
        return sendJson(
          reply,
          200,
          JSON.stringify({ data: rows, pagination, meta: { request_id: request.id } }),
        );
      }),
  );

  api.post(
    '/_console/api/links',
    {
      schema: {
        tags: TAG,
        summary: 'Create a link from the console',
        body: CreateLinkBodySchema,
        response: consoleResponses({ 201: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      const link = await commitChange(
        core.links.create(request.body, core.settings, core.publicBaseUrl(), core.settlementAccountId),
      );
      return sendData(reply, 201, link);
    },
  );

  api.get(
    '/_console/api/links/:id',
    {
      schema: {
        tags: TAG,
        summary: 'A link with its history',
        description: 'The link, its recorded webhook events (its status timeline) and its deliveries.',
        params: LinkIdParamsSchema,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) =>
      afterDueChanges(core, () => {
        const link = core.links.find(request.params.id);
        const events = [...core.store.state.events.values()].filter((e) => e.data.id === link.id);
        const deliveries = [...core.store.state.deliveries.values()]
          .filter((d) => d.link_id === link.id)
          .map((d) => core.presentDelivery(d));
        return sendData(reply, 200, { link, events, deliveries });
      }),
  );

  api.post(
    '/_console/api/links/:id/simulate',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Drive a link to paid, failed or expired',
        params: LinkIdParamsSchema,
        body: SimulateBody,
        response: consoleResponses(
          { 200: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'invalid_state_transition' },
        ),
      },
    },
    async (request, reply) => {
      const { event, payment_method } = request.body;
      const link = await commitChange(
        core.links.simulate(request.params.id, event, core.settings, payment_method),
      );
      return sendData(reply, 200, link);
    },
  );

  api.post(
    '/_console/api/links/:id/cancel',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Cancel a link',
        params: LinkIdParamsSchema,
        response: consoleResponses(
          { 200: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'payment_link_not_cancelable' },
        ),
      },
    },
    async (request, reply) => {
      const link = await commitChange(core.links.cancel(request.params.id));
      return sendData(reply, 200, link);
    },
  );
}
