import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import { FaultRuleSchema, NewFaultRuleSchema, RuleParams } from '../../../shared/faults';
import { MetaSchema } from '../../../shared/types';
import { apiResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const RuleEnvelope = Type.Object({ data: FaultRuleSchema, meta: MetaSchema });
const RulesEnvelope = Type.Object({ data: Type.Array(FaultRuleSchema), meta: MetaSchema });
const ClearedEnvelope = Type.Object({
  data: Type.Object({ removed: Type.Integer({ description: 'How many rules there were' }) }),
  meta: MetaSchema,
});
const BODY_ERRORS = { 413: 'body_too_large', 415: 'unsupported_media_type' };

const schema = (
  summary: string,
  description: string,
  success: Record<number, TSchema>,
  notFound = false,
) => ({
  tags: ['Sandbox'],
  security: [{ bearerAuth: [] }],
  summary,
  description,
  response: apiResponses(
    success,
    notFound ? { ...BODY_ERRORS, 404: 'resource_not_found: no rule with this id' } : BODY_ERRORS,
  ),
});

const RULE_NOTE =
  'Rules hit the Payment Links API and /sandbox/simulate, never the sandbox controls (/sandbox/faults, /sandbox/clock, /sandbox/inbox), the console, the inbox, the checkout page or /openapi.json. The first enabled rule that matches a request (method, route pattern, API key) and wins its probability draw acts: status answers an error without doing the request; latency waits ms (+ up to jitter_ms) then does it; drop closes the connection without an answer or a change; lose_response does the request durably (its Idempotency-Key record included) and then closes the connection without an answer, so a retry with the same key gets the replay.';

/** docs/contract.md §13: fault rules, beside /sandbox/clock and behind the same key. */
export function faultRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/sandbox/faults',
    {
      schema: schema('List fault rules', `Every fault rule, oldest first. ${RULE_NOTE}`, {
        200: RulesEnvelope,
      }),
    },
    (request, reply) => sendData(reply, 200, request.workspace.faults.list()),
  );
  api.post(
    '/sandbox/faults',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        ...schema(
          'Add a fault rule',
          `Adds one rule and answers it with its id. remaining: the rule hits the next N matching requests and is then removed (absent: until removed). probability: the chance each matching request is hit (default 1). ${RULE_NOTE}`,
          { 201: RuleEnvelope },
        ),
        body: NewFaultRuleSchema,
      },
    },
    async (request, reply) => sendData(reply, 201, await request.workspace.faults.add(request.body)),
  );
  api.delete(
    '/sandbox/faults/:id',
    {
      schema: {
        ...schema(
          'Remove a fault rule',
          'Removes one rule; answers the rules left.',
          { 200: RulesEnvelope },
          true,
        ),
        params: RuleParams,
      },
    },
    async (request, reply) => {
      await request.workspace.faults.remove(request.params.id);
      return sendData(reply, 200, request.workspace.faults.list());
    },
  );
  api.delete(
    '/sandbox/faults',
    {
      schema: schema('Remove every fault rule', 'Removes all rules; answers how many there were.', {
        200: ClearedEnvelope,
      }),
    },
    async (request, reply) => sendData(reply, 200, { removed: await request.workspace.faults.clear() }),
  );
}
