import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FAULTABLE_ROUTES, NewFaultRuleSchema } from '../../../shared/faults';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const TAG = ['Console'];
const RuleParams = Type.Object({
  id: Type.String({ pattern: '^flt_[0-9a-f]{16}$', description: 'a rule id: flt_ and 16 hex digits' }),
});
const TogglePatch = Type.Object(
  { enabled: Type.Boolean({ description: 'true or false: a disabled rule is kept but hits nothing' }) },
  { additionalProperties: false },
);

/**
 * The Faults screen's API: the same rules as /sandbox/faults (docs/contract.md §13), without the key, and
 * with a switch that keeps a rule while it is off.
 */
export function consoleFaultRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/faults',
    {
      schema: {
        tags: TAG,
        summary: 'Fault rules, and the routes they can hit',
        description: '`{rules, routes}`: every rule oldest first, and the route patterns a rule can match.',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) =>
      sendData(reply, 200, { rules: request.workspace.faults.list(), routes: FAULTABLE_ROUTES }),
  );
  api.post(
    '/faults',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Add a fault rule',
        description: 'As POST /sandbox/faults.',
        body: NewFaultRuleSchema,
        response: consoleResponses({ 201: ConsoleEnvelope }),
      },
    },
    async (request, reply) => sendData(reply, 201, await request.workspace.faults.add(request.body)),
  );
  api.patch(
    '/faults/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Switch a fault rule on or off',
        params: RuleParams,
        body: TogglePatch,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        200,
        await request.workspace.faults.setEnabled(request.params.id, request.body.enabled),
      ),
  );
  api.delete(
    '/faults/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Remove a fault rule',
        params: RuleParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) => {
      await request.workspace.faults.remove(request.params.id);
      return sendData(reply, 200, { id: request.params.id, deleted: true });
    },
  );
}
