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
import { MAX_AMOUNT } from './amountLimit';
import type { Settings } from './settingsSchema';

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

export { MAX_AMOUNT } from './amountLimit';

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

/** `per_page`, from 1 to `max` (100 for the API, 1,000 for the console's windows). */
export const perPageParam = (max: number) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: max, description: `an integer from 1 to ${max}` }));

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
    per_page: perPageParam(100),
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

export {
  FeeSettingsSchema,
  SettingsSchema,
  SettingsPatchSchema,
  type Settings,
  type SettingsPatch,
} from './settingsSchema';

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
 * summary (its bodies, up to 128 KiB a request, are fetched when the tester opens it), and, for a
 * client that fell too far behind to be sent every change, how many it was not sent: it reads
 * everything again instead.
 */
export type ConsoleStreamEvent =
  | Exclude<SandboxEvent, { type: 'request.logged' }>
  | { type: 'request.logged'; entry: RequestLogSummary }
  | { type: 'changes.skipped'; skipped: number };
