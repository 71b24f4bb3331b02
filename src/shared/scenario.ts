import Type, { type Static } from 'typebox';
import { SIMULATE_EVENTS, WEBHOOK_EVENT_TYPES } from './types';

/** What `payment-links-sandbox run FILE` replays, and what the Requests screen exports (docs/scenarios.md). */
export const SCENARIO_FORMAT = 'payment-links-sandbox/scenario';
export const SCENARIO_VERSION = 1;

const Expectation = Type.Object(
  {
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    /** The error's code, for an answer that is an error. */
    code: Type.Optional(Type.String()),
    /**
     * The answer's body. Ids and times are not compared; a body written by hand is a subset (only
     * the fields it names), an exported one is the whole recorded answer.
     */
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

const common = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  expect: Type.Optional(Expectation),
};
/** A link named by the alias an earlier create gave it (`as`), or by its id. */
const LinkRef = Type.String({ minLength: 1, maxLength: 200 });

const RequestStep = Type.Object(
  {
    ...common,
    request: Type.Object(
      {
        method: Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
        path: Type.String({ pattern: '^/' }),
        headers: Type.Optional(Type.Record(Type.String(), Type.String())),
        body: Type.Optional(Type.Unknown()),
        /** A body that is not JSON (a request recorded because it was refused), sent as it is. */
        raw_body: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    /** Exported steps: the whole recorded answer is compared, not a subset. */
    exact: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const CreateStep = Type.Object(
  {
    ...common,
    create: Type.Record(Type.String(), Type.Unknown()),
    as: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
    idempotency_key: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
const RetrieveStep = Type.Object({ ...common, retrieve: LinkRef }, { additionalProperties: false });
const ListStep = Type.Object(
  { ...common, list: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])) },
  { additionalProperties: false },
);
const CancelStep = Type.Object(
  { ...common, cancel: LinkRef, idempotency_key: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
const SimulateStep = Type.Object(
  {
    ...common,
    simulate: LinkRef,
    event: Type.Enum([...SIMULATE_EVENTS]),
    payment_method: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
const AdvanceClockStep = Type.Object(
  {
    ...common,
    advance_clock: Type.Union([
      Type.Object({ seconds: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      Type.Object({ to: Type.String() }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
);
const ExpectWebhookStep = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    /** A webhook event of this type was recorded (for this link, when named) by now. */
    expect_webhook: Type.Object(
      {
        type: Type.Enum([...WEBHOOK_EVENT_TYPES]),
        link: Type.Optional(LinkRef),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** Each kind of step, by the key that names it. */
export const STEP_KINDS = {
  request: RequestStep,
  create: CreateStep,
  retrieve: RetrieveStep,
  list: ListStep,
  cancel: CancelStep,
  simulate: SimulateStep,
  advance_clock: AdvanceClockStep,
  expect_webhook: ExpectWebhookStep,
};
export const ScenarioStepSchema = Type.Union(Object.values(STEP_KINDS));
export type ScenarioStep = {
  [Kind in keyof typeof STEP_KINDS]: Static<(typeof STEP_KINDS)[Kind]>;
}[keyof typeof STEP_KINDS];
export type RequestScenarioStep = Static<typeof RequestStep>;
export type ScenarioExpectation = Static<typeof Expectation>;

export const ScenarioSchema = Type.Object(
  {
    format: Type.Literal(SCENARIO_FORMAT),
    version: Type.Literal(SCENARIO_VERSION),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    /** Settings the fresh sandbox starts with (fees, currency…), as the Settings screen has them. */
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** The key every request is sent with; default sk_test_scenario. */
    api_key: Type.Optional(Type.String({ pattern: '^sk_test_' })),
    steps: Type.Array(ScenarioStepSchema, { minItems: 1, maxItems: 10_000 }),
  },
  { additionalProperties: false },
);
export type Scenario = Omit<Static<typeof ScenarioSchema>, 'steps'> & { steps: ScenarioStep[] };

/** A chosen request the Requests screen's export has no step for, and why (console API `left_out`). */
export interface ScenarioLeftOut {
  seq: number;
  method: string;
  path: string;
  reason: string;
}

/** A step of the export that needs a request the export leaves out, and why (console API `needs`). */
export interface ScenarioNeed extends ScenarioLeftOut {
  /** The logged request it needs, or null when the log holds none (the link was made elsewhere). */
  needs: number | null;
}
