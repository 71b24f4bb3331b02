// The sandbox's settings as the API, the console's form and a configuration file take them: one
// schema, whose bounds and words the console's hints and checks read too (lib/settingsChecks.ts).
import Type, { type Static } from 'typebox';
import { MAX_AMOUNT } from './amountLimit';
import { API_KEY_PATTERN, API_KEY_WORDS } from './apiKey';

export const FeeSettingsSchema = Type.Object(
  {
    transaction_percent: Type.Number({ minimum: 0, maximum: 100, description: 'a percentage from 0 to 100' }),
    transaction_fixed: Type.Integer({
      minimum: 0,
      maximum: MAX_AMOUNT,
      description: `a whole number of minor units from 0 to ${MAX_AMOUNT}`,
    }),
    instant_settlement: Type.Boolean({ description: 'true or false' }),
    instant_settlement_percent: Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'a percentage from 0 to 100',
    }),
    paid_by: Type.Enum(['merchant', 'payer'], { description: 'merchant or payer' }),
  },
  { additionalProperties: false },
);

export const SettingsSchema = Type.Object(
  {
    currency: Type.String({
      pattern: '^[A-Z]{3}$',
      description: 'a three-letter ISO 4217 code such as IDR or USD (amounts are in its minor unit)',
    }),
    public_url: Type.Union([Type.String({ format: 'uri', pattern: '^https?://[^\\s/]+' }), Type.Null()], {
      description:
        "an absolute http:// or https:// URL (the base of checkout URLs), or null for the server's own origin",
    }),
    api_keys: Type.Array(
      Type.String({
        pattern: API_KEY_PATTERN,
        description: `a key of the form ${API_KEY_WORDS}`,
      }),
      { description: 'a list of sk_test_ keys; when not empty, only these keys are accepted' },
    ),
    fees: FeeSettingsSchema,
    link_lifetime_seconds: Type.Integer({
      minimum: 60,
      maximum: 90 * 86400,
      description: 'a whole number of seconds from 60 (1 minute) to 7776000 (90 days)',
    }),
    settlement_delay_seconds: Type.Integer({
      minimum: 0,
      maximum: 365 * 86400,
      description: 'a whole number of seconds from 0 to 31536000 (365 days)',
    }),
    lenient_validation: Type.Boolean({
      description: 'true or false: true ignores unknown body and query fields instead of answering 400',
    }),
    require_idempotency_key: Type.Boolean({
      description: 'true or false: true rejects creates without an Idempotency-Key',
    }),
    webhook_retry_schedule_seconds: Type.Array(
      Type.Integer({
        minimum: 0,
        maximum: 7 * 86400,
        description: 'a whole number of seconds from 0 to 604800 (7 days)',
      }),
      {
        minItems: 1,
        maxItems: 20,
        description:
          'a list of 1 to 20 delays in seconds: the delay before each attempt of a delivery, first attempt first; after the last, the delivery fails',
      },
    ),
    delivery_concurrency: Type.Integer({
      minimum: 1,
      maximum: 64,
      description:
        'a whole number from 1 to 64: deliveries in flight at once to each endpoint (an endpoint that hangs holds only its own)',
    }),
    delivery_retention: Type.Integer({
      minimum: 100,
      maximum: 1_000_000,
      description:
        'a whole number from 100 to 1000000: how many deliveries are kept; the oldest finished ones go first',
    }),
    attempt_bodies_mb: Type.Integer({
      minimum: 16,
      maximum: 8192,
      description:
        'a whole number of MiB from 16 to 8192: webhook response bodies kept in memory, waiting deliveries included; past it the oldest attempts keep the first 1 KiB of their response body, then none, marked body_truncated',
    }),
    event_retention: Type.Integer({
      minimum: 100,
      maximum: 1_000_000,
      description:
        'a whole number from 100 to 1000000: how many webhook events are kept (each holds a copy of its link); the oldest go first, except those a kept delivery still sends',
    }),
    idempotency_retention: Type.Integer({
      minimum: 1000,
      maximum: 10_000_000,
      description:
        'a whole number from 1000 to 10000000: how many Idempotency-Key responses are kept, each for at most 24 hours; past it the oldest are forgotten early',
    }),
    // The kept requests are held in memory and read back at start (docs/storage.md, "The request
    // log"): 256 MiB keeps both within the store's own memory and start-up budget.
    request_log_mb: Type.Integer({
      minimum: 1,
      maximum: 256,
      description:
        'a whole number of MiB from 1 to 256: the API requests the Requests screen keeps, bodies included, in the data folder across restarts; past it the oldest go first',
    }),
    preferred_port: Type.Union([Type.Integer({ minimum: 1024, maximum: 65535 }), Type.Null()], {
      description:
        'a port from 1024 to 65535, or null for 4545: where the sandbox listens from its next start when no --port or PORT is given',
    }),
  },
  { additionalProperties: false },
);
export type Settings = Static<typeof SettingsSchema>;

/**
 * A change to some settings: what the console's PATCH and a configuration file's "settings" take.
 * Fees may be changed one field at a time.
 */
export const SettingsPatchSchema = Type.Partial(
  Type.Object({
    ...SettingsSchema.properties,
    fees: Type.Partial(FeeSettingsSchema, { additionalProperties: false }),
  }),
  { additionalProperties: false },
);
export type SettingsPatch = Static<typeof SettingsPatchSchema>;
