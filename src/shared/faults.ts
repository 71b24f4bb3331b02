// Faults on purpose (docs/contract.md §13): the shapes of an API fault rule and of an endpoint's webhook
// faults. One definition validates the API and console bodies, the export file, and documents them.
import Type, { type Static, type TInteger } from 'typebox';
import {
  FAULT_ACTION_TYPES,
  FAULT_METHODS,
  FAULTABLE_ROUTES,
  MAX_FAULT_LATENCY_MS,
  MAX_FAULT_SEED,
  type FaultActionType,
} from './faultBasics';
import { API_KEY_PATTERN } from './apiKey';

export * from './faultBasics';

export const FaultMatchSchema = Type.Object(
  {
    method: Type.Optional(
      Type.Enum(FAULT_METHODS, { description: 'GET or POST, the methods the API has (absent: any method)' }),
    ),
    path: Type.Optional(
      Type.Enum(FAULTABLE_ROUTES, {
        description: `one of the route patterns ${FAULTABLE_ROUTES.join(', ')} (absent: any of them)`,
      }),
    ),
    api_key: Type.Optional(
      Type.String({
        maxLength: 255,
        pattern: API_KEY_PATTERN,
        description: 'an sk_test_ key: only requests made with it (absent: any key)',
      }),
    ),
  },
  { additionalProperties: false, description: 'which requests the rule hits; an empty match hits every one' },
);

/**
 * One flat object rather than a union of four: a union's validation errors name no field, and
 * which fields each type takes is checked by faultRuleProblem, which says so in words.
 */
export const FaultActionSchema = Type.Object(
  {
    type: Type.Enum(FAULT_ACTION_TYPES, { description: 'one of status, latency, drop, lose_response' }),
    status: Type.Optional(
      Type.Integer({
        minimum: 400,
        maximum: 599,
        description: 'an HTTP status from 400 to 599 (status only)',
      }),
    ),
    code: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9_]{0,63}$',
        description: 'an error code of 1 to 64 lowercase letters, digits or _ (status only)',
      }),
    ),
    retry_after_seconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 86_400,
        description: 'a whole number of seconds from 0 to 86400, sent as Retry-After (status only)',
      }),
    ),
    ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_FAULT_LATENCY_MS,
        description: `a whole number of milliseconds from 0 to ${MAX_FAULT_LATENCY_MS} (latency only)`,
      }),
    ),
    jitter_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_FAULT_LATENCY_MS,
        description: `a whole number of milliseconds from 0 to ${MAX_FAULT_LATENCY_MS}, added at random (latency only)`,
      }),
    ),
  },
  { additionalProperties: false, description: 'what happens to a request the rule hits' },
);
export type FaultAction = Static<typeof FaultActionSchema>;

const actionOf = <K extends keyof typeof FaultActionSchema.properties>(
  type: (typeof FAULT_ACTION_TYPES)[number],
  fields: K[],
  needs: K[],
) =>
  Type.Object(
    {
      type: Type.Literal(type),
      ...Object.fromEntries(
        fields.map((key) => {
          const { '~optional': _optional, ...field } = FaultActionSchema.properties[key] as unknown as Record<
            string,
            unknown
          >;
          return [key, needs.includes(key) ? field : Type.Optional(field as never)];
        }),
      ),
    },
    { additionalProperties: false },
  );

/**
 * The same action as the tagged union it is, for the document (a generated client narrows on
 * `type`); requests are checked against the flat schema above and faultActionProblem.
 */
export const FaultActionUnionSchema = Type.Union(
  [
    actionOf('status', ['status', 'code', 'retry_after_seconds'], ['status']),
    actionOf('latency', ['ms', 'jitter_ms'], ['ms']),
    actionOf('drop', [], []),
    actionOf('lose_response', [], []),
  ],
  { description: 'what happens to a request the rule hits, by type' },
);

/** A seed's schema; `what` says which draws it fixes. */
const seedWords = (what: string): string =>
  `a whole number from 0 to ${MAX_FAULT_SEED} (2^32-1): ${what} the same on every run (absent: random)`;
const seedSchema = (what: string): TInteger =>
  Type.Integer({ minimum: 0, maximum: MAX_FAULT_SEED, description: seedWords(what) });
const ENDPOINT_SEED_USE = "makes shuffle's waits, one per delivery made for the endpoint,";

const ruleFields = {
  action: FaultActionSchema,
  remaining: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      description:
        'a whole number from 1 to 1000000: the rule hits the next N matching requests, then is removed',
    }),
  ),
  probability: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'a number from 0 to 1 (default 1): the chance a matching request is hit',
    }),
  ),
  seed: Type.Optional(
    seedSchema(
      'makes the draws for probability and jitter_ms, one per matching request for each that applies,',
    ),
  ),
  enabled: Type.Optional(
    Type.Boolean({ description: 'true or false (default true): a disabled rule is kept but hits nothing' }),
  ),
};

/** What POST /sandbox/faults takes: a rule without its id. */
export const NewFaultRuleSchema = Type.Object(
  { match: Type.Optional(FaultMatchSchema), ...ruleFields },
  { additionalProperties: false },
);
export type NewFaultRule = Static<typeof NewFaultRuleSchema>;

export const FAULT_RULE_ID_PATTERN = '^flt_[0-9a-f]{16}$';

/** A stored rule, as the API answers it and an export carries it. */
export const FaultRuleSchema = Type.Object(
  {
    id: Type.String({
      pattern: FAULT_RULE_ID_PATTERN,
      description: 'flt_ followed by 16 lowercase hex digits',
    }),
    match: FaultMatchSchema,
    ...ruleFields,
    enabled: Type.Boolean({ description: 'a disabled rule is kept but hits nothing' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type FaultRule = Static<typeof FaultRuleSchema>;

/** How a request's history marks the rule that hit it. */
export const FaultMarkSchema = Type.Object(
  {
    rule_id: Type.String(),
    action: Type.Enum(FAULT_ACTION_TYPES),
    latency_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'a latency rule: how long the request was held, its ms plus the jitter drawn',
      }),
    ),
  },
  { additionalProperties: false, description: 'the fault rule that hit the request' },
);

/** Which fields each action type takes, and which it needs. */
const ACTION_FIELDS: Record<FaultActionType, { needs: string[]; takes: string[] }> = {
  status: { needs: ['status'], takes: ['status', 'code', 'retry_after_seconds'] },
  latency: { needs: ['ms'], takes: ['ms', 'jitter_ms'] },
  drop: { needs: [], takes: [] },
  lose_response: { needs: [], takes: [] },
};

/** What the schema alone cannot see in a rule: the fields of its action type. */
export function faultActionProblem(
  action: FaultAction,
): { param: string; problem: string; missing?: true } | null {
  const fields = ACTION_FIELDS[action.type];
  for (const key of fields.needs) {
    if (!(key in action)) {
      const rule = (FaultActionSchema.properties as Record<string, { description?: string }>)[key]
        ?.description;
      return {
        param: `action.${key}`,
        problem: `a ${action.type} action needs action.${key}: ${rule}`,
        missing: true,
      };
    }
  }
  for (const key of Object.keys(action)) {
    if (key !== 'type' && !fields.takes.includes(key)) {
      const takes = fields.takes.length ? fields.takes.join(', ') : 'no other field';
      return { param: `action.${key}`, problem: `a ${action.type} action takes ${takes}, not ${key}` };
    }
  }
  return null;
}

const endpointSeed = seedSchema(ENDPOINT_SEED_USE);

/** Per endpoint webhook faults; absent on an endpoint means none. */
export const EndpointFaultsSchema = Type.Object(
  {
    duplicate: Type.Boolean({
      description: 'true or false: deliver each event twice, with the same webhook-id',
    }),
    delay_seconds: Type.Integer({
      minimum: 0,
      maximum: 86_400,
      description:
        'a whole number of seconds from 0 to 86400: wait this long (sandbox time) before the first attempt',
    }),
    shuffle: Type.Boolean({
      description:
        "true or false: a link's events may arrive out of order (each waits a random 0 to 5 s, and none waits for another)",
    }),
    bad_signature: Type.Boolean({
      description: 'true or false: send a webhook-signature that does not verify',
    }),
    seed: Type.Optional(endpointSeed),
  },
  { additionalProperties: false },
);
export type EndpointFaults = Static<typeof EndpointFaultsSchema>;

/** A change to an endpoint's faults: fields left out keep their value, and a null seed removes it. */
export const EndpointFaultsPatchSchema = Type.Object(
  {
    ...Type.Partial(Type.Omit(EndpointFaultsSchema, ['seed'])).properties,
    seed: Type.Optional(
      Type.Union([endpointSeed, Type.Null()], {
        description: `${seedWords(ENDPOINT_SEED_USE)}; null removes it`,
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'webhook faults on purpose (docs/contract.md §13), any of duplicate, delay_seconds, shuffle, bad_signature, seed; fields left out keep their value',
  },
);
export type EndpointFaultsPatch = Static<typeof EndpointFaultsPatchSchema>;

/** A fault rule's id in a path: the keyed routes' and the MCP tools'. */
export const RuleParams = Type.Object({
  id: Type.String({ pattern: '^flt_[0-9a-f]{16}$', description: 'a rule id: flt_ and 16 hex digits' }),
});
