// The one module for every shape that crosses a boundary (HTTP, journal, console, renderer).
// The schemas validate requests, shape responses and generate the OpenAPI document, and the
// TypeScript types are derived from them, so the three can never drift apart.
import Type, { type Static } from 'typebox';
import type { FaultRule } from './faults';
import type {
  ClockView,
  InboxMessageSummary,
  InboxView,
  RequestLogEntry,
  RequestLogSummary,
} from './consoleSchemas';
import type { PresentedDelivery } from './deliverySummary';
import type { WebhookEndpoint } from './webhookSchemas';

// The answers' shapes beyond links and settings live with their schemas; their names stay here.
export type {
  BulkResult,
  BulkSkipReason,
  ClockView,
  InboxForwardResult,
  InboxMessage,
  InboxMessageSummary,
  InboxView,
  RequestLogEntry,
  RequestLogSummary,
  SampleResult,
} from './consoleSchemas';
export type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint, WebhookEventRow } from './webhookSchemas';

export const LINK_STATUSES = ['pending', 'succeeded', 'expired', 'canceled', 'failed'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const SIMULATE_EVENTS = ['paid', 'failed', 'expired'] as const;
export type SimulateEvent = (typeof SIMULATE_EVENTS)[number];

export const WEBHOOK_EVENT_TYPES = [
  'payment_link.paid',
  'payment_link.failed',
  'payment_link.expired',
  'payment_link.canceled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const FeeSchema = Type.Object(
  {
    total: Type.Integer({ description: 'transaction + instant_settlement, in minor units.' }),
    transaction: Type.Integer({ description: 'round_half_up(amount × percent) + fixed.' }),
    instant_settlement: Type.Integer({ description: 'Charged only when instant settlement is on.' }),
    paid_by: Type.Enum(['merchant', 'payer'], {
      description: 'Who pays the fee: merchant (default) or payer.',
    }),
  },
  { additionalProperties: false },
);

export const PaymentLinkSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    reference_id: nullable(Type.String(), "The merchant's own reference."),
    url: Type.String({ format: 'uri', description: 'Public checkout URL: {public_base_url}/pay/{id}.' }),
    status: Type.Enum(LINK_STATUSES, {
      description: 'pending → succeeded | failed | expired | canceled; failed → canceled.',
    }),
    amount: Type.Integer({ description: "Minor units of the sandbox's currency." }),
    fee: FeeSchema,
    payer_amount: Type.Integer({
      description: 'What the payer pays: amount, plus fee.total when paid_by is payer.',
    }),
    net_amount: Type.Integer({
      description: 'What the merchant receives: amount, less fee.total when paid_by is merchant.',
    }),
    title: Type.String(),
    note: nullable(Type.String(), 'Free text shown on the checkout page.'),
    payment_method: nullable(Type.String(), 'Set when the link is paid (default "card").'),
    settlement_account_id: Type.String({ format: 'uuid' }),
    expires_at: DateTime('When a pending link expires by itself.'),
    paid_at: nullable(Type.String({ format: 'date-time' }), 'Set when paid.'),
    settle_at: nullable(
      Type.String({ format: 'date-time' }),
      'When the payment settles: paid_at + settlement delay.',
    ),
    settled_at: nullable(Type.String({ format: 'date-time' }), 'Set once the clock passes settle_at.'),
    created_at: DateTime('Creation time; lists sort by it, newest first.'),
  },
  { additionalProperties: false },
);
export type PaymentLink = Static<typeof PaymentLinkSchema>;
export type Fee = Static<typeof FeeSchema>;

/**
 * The largest amount a link takes, and so the largest fixed fee worth setting (docs/decisions.md,
 * "Money").
 */
export const MAX_AMOUNT = 100_000_000_000;

export const CreateLinkBodySchema = Type.Object(
  {
    amount: Type.Integer({
      minimum: 1,
      maximum: MAX_AMOUNT,
      description: `an integer from 1 to ${MAX_AMOUNT} (minor units)`,
    }),
    title: Type.String({ minLength: 1, maxLength: 255, description: 'a string of 1 to 255 characters' }),
    // null is absent (docs/contract.md §4), for clients that send unset fields as null, and so a body
    // copied from a response, where both show null, is valid.
    reference_id: Type.Optional(
      Type.Union([
        Type.String({
          minLength: 1,
          maxLength: 255,
          description: 'a string of 1 to 255 characters, or null',
        }),
        Type.Null(),
      ]),
    ),
    note: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 1000, description: 'a string of at most 1000 characters, or null' }),
        Type.Null(),
      ]),
    ),
    expires_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'an RFC 3339 date-time with a zone, at least 60 seconds and at most 90 days from now',
      }),
    ),
    settlement_account_id: Type.Optional(Type.String({ format: 'uuid', description: 'a UUID' })),
  },
  { additionalProperties: false },
);
export type CreateLinkBody = Static<typeof CreateLinkBodySchema>;

/**
 * How a paid link was paid, where an action takes it; null is absent (default card), as every
 * link shows `"payment_method": null` until it is paid and a body copied from one must pass.
 */
export const PaymentMethodParam = Type.Optional(
  Type.Union([
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'a string of 1 to 50 characters, or null for card (paid only)',
    }),
    Type.Null(),
  ]),
);

export const SimulateBodySchema = Type.Object(
  {
    payment_link_id: Type.String({
      format: 'uuid',
      description: 'the id (UUID) of an existing payment link',
    }),
    event: Type.Enum(SIMULATE_EVENTS, { description: 'one of paid, failed, expired' }),
    payment_method: PaymentMethodParam,
  },
  { additionalProperties: false },
);
export type SimulateBody = Static<typeof SimulateBodySchema>;

export const CancelBodySchema = Type.Object({}, { additionalProperties: false });

export const LinkIdParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'a UUID' }),
});

/**
 * A page number: any page past the last is an empty page, up to the largest integer a JSON
 * number holds exactly; beyond it the number would no longer be the one sent.
 */
export const PageParam = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: `an integer from 1 to ${Number.MAX_SAFE_INTEGER}`,
  }),
);

export const ListQuerySchema = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(LINK_STATUSES, { description: 'one of pending, succeeded, expired, canceled, failed' }),
    ),
    created_after: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'an RFC 3339 date-time with a zone, such as 2026-11-22T15:41:48Z (exclusive bound)',
      }),
    ),
    created_before: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'an RFC 3339 date-time with a zone, such as 2026-11-22T15:41:48Z (exclusive bound)',
      }),
    ),
    page: PageParam,
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'an integer from 1 to 100' }),
    ),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuerySchema>;

export const MetaSchema = Type.Object({ request_id: Type.String() });
export const PaginationSchema = Type.Object({
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer({ description: 'max(1, ceil(total / per_page))' }),
});
export type Pagination = Static<typeof PaginationSchema>;

export const ErrorBodySchema = Type.Object({
  error: Type.Object({
    type: Type.String({
      description: 'invalid_request_error, authentication_error, idempotency_error or api_error',
    }),
    code: Type.String(),
    message: Type.String({ description: 'What was wrong and what is allowed.' }),
    param: Type.Optional(Type.String()),
  }),
  meta: MetaSchema,
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

export const WebhookEventSchema = Type.Object({
  id: Type.String({ description: 'evt_…; also the webhook-id header.' }),
  type: Type.Enum(WEBHOOK_EVENT_TYPES),
  timestamp: Type.String({ format: 'date-time' }),
  data: PaymentLinkSchema,
});
export type WebhookEvent = Static<typeof WebhookEventSchema>;

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
        pattern: '^sk_test_[A-Za-z0-9_]+$',
        description: 'a key of the form sk_test_ followed by letters, digits or _',
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

export const DELIVERY_STATUSES = [
  'queued',
  'paused',
  'delivering',
  'retrying',
  'delivered',
  'failed',
] as const;
/** `paused` is how a queued or retrying delivery shows while the queue is paused. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One POST to an endpoint, exactly as it went over the wire, and what came back. */
/**
 * The most of a webhook response an attempt keeps, in bytes: the rest of a larger page is never
 * read (docs/storage.md, "Retention"). The inspector tells a body cut here from one cut later to
 * stay within `attempt_bodies_mb`.
 */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

/** An inbox name (docs/contract.md §12): what /_inbox/{name} takes. */
export const INBOX_NAME_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const AnswerStatus = Type.Integer({
  minimum: 200,
  maximum: 599,
  description: 'an HTTP status from 200 to 599',
});
export const InboxSettingsBodySchema = Type.Object(
  {
    status: Type.Optional(
      Type.Integer({
        minimum: 200,
        maximum: 599,
        description: 'an HTTP status from 200 to 599 (default 200): the answer once any sequence is used up',
      }),
    ),
    delay_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 60_000,
        description: 'a whole number of milliseconds from 0 to 60000 (default 0): how long each answer waits',
      }),
    ),
    sequence: Type.Optional(
      Type.Array(AnswerStatus, {
        maxItems: 100,
        description:
          'a list of at most 100 HTTP statuses from 200 to 599 (default []): one per request, in order, before status applies',
      }),
    ),
  },
  { additionalProperties: false },
);
export type InboxSettingsBody = Static<typeof InboxSettingsBodySchema>;
export type InboxSettings = Required<InboxSettingsBody>;

export const INBOX_VERIFICATIONS = ['verified', 'invalid', 'unverifiable'] as const;
export type InboxVerificationState = (typeof INBOX_VERIFICATIONS)[number];

/** What the console's bulk bar applies to a selection: a simulated outcome, or a cancel. */
export const BULK_ACTIONS = ['paid', 'failed', 'expired', 'cancel'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What the core announces; the CLI logs it, Electron main forwards it, the console streams it. */

export type SandboxEvent =
  | { type: 'link.changed'; link: PaymentLink }
  | { type: 'delivery.changed'; delivery: PresentedDelivery }
  | { type: 'delivery.deleted'; id: string }
  | { type: 'endpoint.changed'; endpoint: WebhookEndpoint }
  | { type: 'endpoint.deleted'; id: string }
  | { type: 'queue.changed'; paused: boolean }
  | { type: 'webhook_event.recorded'; event: WebhookEvent }
  | { type: 'settings.changed'; settings: Settings }
  | { type: 'request.logged'; entry: RequestLogEntry }
  /** The built-in inbox received a request (its headers and body are fetched when opened). */
  | { type: 'inbox.received'; message: InboxMessageSummary }
  /** An inbox's answer settings changed, or its messages were cleared. */
  | { type: 'inbox.changed'; inbox: InboxView }
  | { type: 'faults.changed'; rules: FaultRule[] }
  /** The sandbox clock was advanced, frozen or resumed. */
  | { type: 'clock.changed'; clock: ClockView }
  /** The whole store was replaced (an import or a reset): reload everything. */
  | { type: 'store.replaced' };

/**
 * What the console's event stream carries: the core's events, with each logged request as a
 * summary (its bodies, up to 128 KiB a request, are fetched when the tester opens it).
 */
export type ConsoleStreamEvent =
  Exclude<SandboxEvent, { type: 'request.logged' }> | { type: 'request.logged'; entry: RequestLogSummary };
