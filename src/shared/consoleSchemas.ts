// What the console API answers beyond links, settings and webhooks (webhookSchemas.ts): the
// request log, inboxes, the clock, fault rules, batches. The core's types and the console's are
// Static<> of these, and /openapi.json names them, so a generated client and the console agree.
import Type, { type Static } from 'typebox';
import { EndpointCheckSchema } from './endpointCheck';
import { ENDPOINT_REPORTS_KEPT } from './endpointCheckReports';
import { FAULTABLE_ROUTES, FaultMarkSchema, FaultRuleSchema } from './faults';
import {
  BULK_ACTIONS,
  INBOX_VERIFICATIONS,
  LINK_STATUSES,
  PaymentLinkSchema,
  WebhookEventSchema,
} from './types';
import { DeliverySchema } from './webhookSchemas';
import { ENDPOINT_URL_FIELD } from './endpointSchemas';
import { MESSAGE_ID_PATTERN } from './inboxParams';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Headers = Type.Record(Type.String(), Type.String(), {
  description: 'lower-case names; Authorization keeps only the key’s prefix and cookies are left out',
});

/** One logged request without its bodies: what the request list and the event stream carry. */
export const RequestSummarySchema = Type.Object(
  {
    seq: Type.Integer({
      minimum: 1,
      description: "this process's number for the entry (a replay shares the first request's request_id)",
    }),
    request_id: Type.String(),
    method: Type.String(),
    path: Type.String(),
    status: Type.Integer({ description: '0 when a drop fault answered nothing' }),
    duration_ms: Type.Number({ minimum: 0 }),
    key_prefix: Nullable(Type.String()),
    key_rejected: Type.Optional(Type.Boolean({ description: 'the key it presented was refused' })),
    replay_of: Type.Optional(
      Type.Integer({ description: "the seq of the entry the console's Replay sent again" }),
    ),
    idempotency_key: Nullable(Type.String()),
    replayed: Type.Boolean(),
    at: Type.String({ format: 'date-time' }),
    api: Type.Boolean({
      description: 'a Payment Links API route (not the console, checkout or a static file)',
    }),
    request_body_length: Nullable(
      Type.Integer({ minimum: 0, description: 'characters kept (at most 65,536)' }),
    ),
    response_body_length: Nullable(Type.Integer({ minimum: 0 })),
    link_id: Type.Optional(Type.String({ description: 'the payment link the request is about' })),
    fault: Type.Optional(FaultMarkSchema),
  },
  { additionalProperties: false },
);

/** One logged request with its bodies (first 64 KiB each) and headers. */
export const RequestEntrySchema = Type.Object(
  {
    ...RequestSummarySchema.properties,
    request_body: Nullable(Type.String()),
    response_body: Nullable(Type.String()),
    request_headers: Headers,
    response_headers: Headers,
  },
  { additionalProperties: false },
);

/** One request an inbox received, without headers or body: what lists and the event stream carry. */
export const InboxMessageSummarySchema = Type.Object({
  id: Type.String({ description: 'msg_…, ordered: ?since= takes one' }),
  inbox: Type.String(),
  workspace: Type.String({
    description:
      'The workspace whose endpoint sent it (docs/contract.md §15); default for any other sender. Only that workspace lists it.',
  }),
  method: Type.String(),
  received_at: Type.String({ format: 'date-time', description: 'Sandbox time' }),
  content_type: Nullable(Type.String()),
  event_type: Type.Union([Type.String(), Type.Null()], { description: "The JSON body's type, if any" }),
  webhook_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The webhook-id header: a retried delivery carries the same one each time',
  }),
  link_id: Type.Union([Type.String(), Type.Null()], {
    description: "The payment link a payment_link.* event is about: its body's data.id",
  }),
  query: Type.String({ description: 'The query string after ?, as sent; empty when there was none' }),
  body_bytes: Type.Integer({ description: 'The whole body as received' }),
  body_truncated: Type.Boolean({ description: 'Only the first 256 KiB was kept' }),
  verification: Type.Object({
    state: Type.Enum(INBOX_VERIFICATIONS),
    reason: Type.String(),
    endpoint_id: Nullable(Type.String()),
  }),
  answer: Type.Object({ status: Type.Integer(), delay_ms: Type.Integer() }),
});

export const InboxMessageSchema = Type.Object({
  ...InboxMessageSummarySchema.properties,
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String({ description: 'UTF-8 text, or base64 when it is not valid UTF-8' }),
  body_encoding: Type.Enum(['utf8', 'base64']),
});

/** What POST /_inbox/{name} answers, with whatever status the inbox is set to answer. */
export const InboxReceiptSchema = Type.Object({
  message_id: Type.String({
    pattern: MESSAGE_ID_PATTERN,
    description: 'msg_…: the id GET /sandbox/inbox/{name}/messages lists it under',
  }),
  inbox: Type.String(),
  workspace: Type.String({
    description: 'the workspace whose endpoint sent it: only its key lists the message',
  }),
  verification: Type.String({ description: 'verified, invalid or unverifiable' }),
});

/** What "Forward to…" sends: where to (the rest is the message as received). */
export const InboxForwardRequestSchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      // As every URL field's: only http(s) (inboxForward.ts then reads it as a URL).
      pattern: ENDPOINT_URL_FIELD.pattern,
      description: 'an absolute http:// or https:// URL: the raw body goes there with the original headers',
    }),
  },
  { additionalProperties: false },
);

/** How a forwarded message was answered, or why it got no answer. */
export const InboxForwardResultSchema = Type.Object(
  {
    url: Type.String(),
    method: Type.String(),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'the status the URL answered; null when it gave none (see error)',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'why there was no answer: refused, timed out after 10 s, …',
    }),
    duration_ms: Type.Number({ minimum: 0 }),
    response_body: Type.String({ description: 'the first 4 KiB of the answer, as text' }),
    body_truncated: Type.Boolean({
      description: 'the message kept only the first 256 KiB of its body, so only that was sent',
    }),
  },
  { additionalProperties: false },
);

/** How an inbox answers, every field filled in (PUT takes them, absent ones back to their defaults). */
export const InboxSettingsSchema = Type.Object({
  status: Type.Integer(),
  delay_ms: Type.Integer(),
  sequence: Type.Array(Type.Integer()),
});

/** An inbox as the console lists it. */
export const InboxViewSchema = Type.Object({
  name: Type.String(),
  settings: InboxSettingsSchema,
  sequence_used: Type.Integer({ description: 'Entries of the sequence already answered' }),
  message_count: Type.Integer(),
  last_received_at: Nullable(Type.String({ format: 'date-time' })),
});

/** The sandbox clock, as GET /sandbox/clock shows it. */
export const ClockSchema = Type.Object({
  now: Type.String({ format: 'date-time', description: "The sandbox's time" }),
  real_now: Type.String({ format: 'date-time', description: 'The real time' }),
  offset_seconds: Type.Number({
    description: 'now − real_now in seconds; negative once a freeze has held the clock back',
  }),
  frozen: Type.Boolean({ description: 'Whether the clock stands still' }),
});

/**
 * What bringing the clock back to real time does (docs/clock.md, "Back to real time"): it rewrites
 * nothing, so these count what stays stamped ahead of the new now.
 */
export const ClockHomeSchema = Type.Object(
  {
    went_back_seconds: Type.Number({
      description:
        'How far sandbox time goes back: the offset it had. Negative when a frozen clock stood behind real time and goes forward to it.',
    }),
    links_stamped_ahead: Type.Integer({
      minimum: 0,
      description:
        'Links created, paid, settled or expired at a sandbox time after the new now; they keep those times.',
    }),
    deliveries_stamped_ahead: Type.Integer({
      minimum: 0,
      description: 'Webhook deliveries created or last changed at a sandbox time after the new now.',
    }),
    deliveries_waiting_ahead: Type.Integer({
      minimum: 0,
      description:
        'Queued or retrying deliveries whose next attempt is after the new now: each waits until real time reaches it.',
    }),
  },
  { additionalProperties: false },
);

/** The answer of POST /sandbox/clock/reset: the clock, at real time and running, and what it left ahead. */
export const ClockResetSchema = Type.Object(
  { clock: ClockSchema, ...ClockHomeSchema.properties },
  { additionalProperties: false },
);

/** A link with its recorded events (its status timeline) and its deliveries. */
export const LinkDetailSchema = Type.Object(
  { link: PaymentLinkSchema, events: Type.Array(WebhookEventSchema), deliveries: Type.Array(DeliverySchema) },
  { additionalProperties: false },
);

/** Where a link stands in a view of the links: its 0-based row, and how many rows there are. */
export const LinkPositionSchema = Type.Object(
  {
    id: Type.String(),
    index: Type.Integer({ description: "the link's 0-based row in the view" }),
    total: Type.Integer({ description: 'how many links the view holds' }),
  },
  { additionalProperties: false },
);

/** The fault rules, and the route patterns a rule can match (the form's choices). */
export const FaultsViewSchema = Type.Object(
  {
    rules: Type.Array(FaultRuleSchema, { description: 'oldest first' }),
    routes: Type.Array(Type.Enum(FAULTABLE_ROUTES)),
  },
  { additionalProperties: false },
);

/** What removing one thing answers. */
export const DeletedSchema = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);

/** What clearing the delivery history answers: how many deliveries it removed. */
export const ClearedDeliveriesSchema = Type.Object(
  { deleted: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** Links a bulk action left alone, grouped by why (the same code a single action would answer). */
export const BulkSkipReasonSchema = Type.Object(
  {
    code: Type.String(),
    status: Type.Union([Type.Enum(LINK_STATUSES), Type.Null()], {
      description: "the link's status, or null when there is no such link",
    }),
    message: Type.String(),
    count: Type.Integer({ minimum: 0 }),
    ids: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

export const BulkResultSchema = Type.Object(
  {
    action: Type.Enum(BULK_ACTIONS),
    requested: Type.Integer({ minimum: 0 }),
    changed: Type.Integer({ minimum: 0 }),
    skipped: Type.Integer({ minimum: 0 }),
    reasons: Type.Array(BulkSkipReasonSchema),
  },
  { additionalProperties: false },
);

const Count = Type.Optional(Type.Integer({ minimum: 0 }));
/** A sample run's tag: six hex digits. */
export const SAMPLE_RUN_PATTERN = '^[0-9a-f]{6}$';
export const SampleResultSchema = Type.Object(
  {
    created: Type.Integer({ minimum: 0 }),
    by_status: Type.Object(
      { pending: Count, succeeded: Count, expired: Count, canceled: Count, failed: Count },
      { additionalProperties: false, description: 'how many of the new links are in each status' },
    ),
    run: Type.String({
      pattern: SAMPLE_RUN_PATTERN,
      description:
        "the run's tag, in each sample's reference_id: give it back as run, with from, to make the run's next part",
    }),
  },
  { additionalProperties: false },
);

/** An endpoint's kept checks (docs/endpoint-check.md "In the console"). */
export const EndpointCheckReportsSchema = Type.Array(EndpointCheckSchema, {
  description: `newest first: running checks, then the last ${ENDPOINT_REPORTS_KEPT} finished reports`,
  // An endpoint never checked; a generated one would nest too deep to fill in (EndpointCheck shows one).
  examples: [[]],
});

export type RequestLogSummary = Static<typeof RequestSummarySchema>;
export type RequestLogEntry = Static<typeof RequestEntrySchema>;
export type InboxMessageSummary = Static<typeof InboxMessageSummarySchema>;
export type InboxMessage = Static<typeof InboxMessageSchema>;
export type InboxView = Static<typeof InboxViewSchema>;
export type InboxForwardResult = Static<typeof InboxForwardResultSchema>;
export type ClockView = Static<typeof ClockSchema>;
export type ClockHome = Static<typeof ClockHomeSchema>;
export type ClockReset = Static<typeof ClockResetSchema>;
export type LinkDetail = Static<typeof LinkDetailSchema>;
export type LinkPosition = Static<typeof LinkPositionSchema>;
export type FaultsView = Static<typeof FaultsViewSchema>;
export type BulkSkipReason = Static<typeof BulkSkipReasonSchema>;
export type BulkResult = Static<typeof BulkResultSchema>;
export type SampleResult = Static<typeof SampleResultSchema>;
export type EndpointCheckReports = Static<typeof EndpointCheckReportsSchema>;
