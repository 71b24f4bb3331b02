import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SandboxCore } from '../../sandboxCore';
import Type from 'typebox';
import type { PresentedDelivery } from '../../../shared/deliverySummary';
import { ConsoleEnvelope, ConsoleListEnvelope, consoleResponses } from '../apiSchemas';
import { sendData, sendJson } from '../respond';
import { ConsoleDeliveryListQuerySchema } from '../../../shared/listQueries';

const TAG = ['Console'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'an id' }) });

const EventQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'an integer from 1 to 1000' }),
    ),
  },
  { additionalProperties: false },
);

/** Webhook deliveries: the history and the waiting ones, and the controls QA testers drive them with. */
export function consoleDeliveryRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/webhook-events',
    {
      schema: {
        tags: TAG,
        summary: 'Recorded webhook events, newest first, each with its deliveries',
        description:
          'Every event the sandbox recorded (up to the event retention), including those no endpoint wanted (an empty deliveries list). `limit` (default 200) caps the page; the answer says how many there are.',
        querystring: EventQuery,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.webhooks.events(request.query.limit ?? 200)),
  );

  api.get(
    '/deliveries',
    {
      schema: {
        tags: TAG,
        summary: 'List webhook deliveries',
        description:
          "Newest first, or with order=updated last change first; without attempt bodies (read one delivery for those). In created order, page on with before_seq = the last row's seq, which new deliveries do not shift.",
        querystring: ConsoleDeliveryListQuerySchema,
        response: consoleResponses({ 200: ConsoleListEnvelope }),
      },
    },
    (request, reply) => {
      const { rows, pagination } = request.workspace.webhooks.list(request.query);
      return sendJson(
        reply,
        200,
        JSON.stringify({ data: rows, pagination, meta: { request_id: request.id } }),
      );
    },
  );
  api.delete(
    '/deliveries',
    {
      schema: {
        tags: TAG,
        summary: 'Clear the delivery history (finished deliveries)',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    async (request, reply) =>
      sendData(reply, 200, { deleted: await request.workspace.webhooks.clearHistory() }),
  );
  api.get(
    '/deliveries/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Read a delivery with every attempt',
        params: IdParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.webhooks.detail(request.params.id)),
  );
  const control = (
    path: string,
    summaryText: string,
    description: string,
    act: (workspace: SandboxCore, id: string) => Promise<PresentedDelivery>,
  ) =>
    api.post(
      `/deliveries/:id/${path}`,
      {
        schema: {
          tags: TAG,
          summary: summaryText,
          description,
          params: IdParams,
          response: consoleResponses(
            { 200: ConsoleEnvelope },
            { 404: 'resource_not_found', 409: 'invalid_state_transition' },
          ),
        },
      },
      async (request, reply) => sendData(reply, 200, await act(request.workspace, request.params.id)),
    );
  control(
    'resend',
    'Resend a delivery',
    'A new attempt series for the same event (same webhook-id).',
    (workspace, id) => workspace.webhooks.resend(id),
  );
  control(
    'retry',
    'Retry a waiting delivery now',
    'Brings a queued or retrying delivery forward to now. While the queue is paused this one delivery still goes; the rest stay paused.',
    (workspace, id) => workspace.webhooks.retryNow(id),
  );
  api.delete(
    '/deliveries/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete a waiting delivery',
        params: IdParams,
        response: consoleResponses(
          { 200: ConsoleEnvelope },
          { 404: 'resource_not_found', 409: 'invalid_state_transition' },
        ),
      },
    },
    async (request, reply) => {
      await request.workspace.webhooks.remove(request.params.id);
      return sendData(reply, 200, { id: request.params.id, deleted: true });
    },
  );
}
