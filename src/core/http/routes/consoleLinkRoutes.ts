import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CreateLinkBodySchema,
  LinkIdParamsSchema,
  PaymentMethodParam,
  SIMULATE_EVENTS,
} from '../../../shared/types';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { afterDueChanges, emptyBodyAsObject, sendData } from '../respond';

const TAG = ['Console'];
const SimulateBody = Type.Object(
  {
    event: Type.Enum(SIMULATE_EVENTS, { description: 'one of paid, failed, expired' }),
    payment_method: PaymentMethodParam,
  },
  { additionalProperties: false },
);

/** Links for the console: the same rules as the API, without an API key (the list: consoleLinkViewRoutes). */
export function consoleLinkRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/links',
    {
      schema: {
        tags: TAG,
        summary: 'Create a link from the console',
        body: CreateLinkBodySchema,
        response: consoleResponses({ 201: ConsoleEnvelope }),
      },
    },
    async (request, reply) => {
      return sendData(reply, 201, await request.workspace.linkChanges.create(request.body));
    },
  );

  api.get(
    '/links/:id',
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
      afterDueChanges(
        request.workspace,
        () => sendData(reply, 200, request.workspace.webhooks.linkDetail(request.params.id)),
        request.params.id,
      ),
  );

  api.post(
    '/links/:id/simulate',
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
      return sendData(
        reply,
        200,
        await request.workspace.linkChanges.simulate(request.params.id, event, payment_method),
      );
    },
  );

  api.post(
    '/links/:id/cancel',
    {
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
      return sendData(reply, 200, await request.workspace.linkChanges.cancel(request.params.id));
    },
  );
}
