// The records of an export file, each as the sandbox itself writes them: an import takes back
// nothing the API could not have produced. Rules that compare one field with another (fees,
// per-status fields) are in src/core/dataFolder/importRules.ts; references between records in
// importReferences.ts.
import Type from 'typebox';
import { EndpointFaultsSchema } from './faults';
import { EndpointHeadersSchema } from './endpointHeaders';
import {
  FeeSchema,
  LINK_STATUSES,
  PaymentLinkSchema,
  RESPONSE_BODY_LIMIT,
  WEBHOOK_EVENT_TYPES,
} from './types';
import { API_KEY_BODY } from './apiKey';

/** What the API takes as a webhook URL (any case of the scheme), so an export of it imports back. */
const WEBHOOK_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** whsec_ and base64 of at least 12 bytes: what the sandbox generates and --webhook-secret takes. */
export const WEBHOOK_SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{16,}={0,2}$';
/** WEBHOOK_SECRET_PATTERN in words: every schema and message that asks for a secret says it so. */
export const WEBHOOK_SECRET_WORDS = 'whsec_ followed by at least 16 characters of base64';

// toISOString's own form: the store sorts and windows links by comparing these as text, so
// another spelling of the same moment (a zone offset, no milliseconds) would sort wrongly.
export const Time = Type.String({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  description: 'a UTC time with milliseconds, as 2026-11-22T15:41:48.123Z',
});
const NullableTime = Type.Union([Time, Type.Null()], {
  description: 'null, or a UTC time with milliseconds, as 2026-11-22T15:41:48.123Z',
});
const Headers = Type.Record(Type.String(), Type.String());
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });
const idOf = (prefix: string, hexDigits: number) =>
  Type.String({
    pattern: `^${prefix}[0-9a-f]{${hexDigits}}$`,
    description: `${prefix} followed by ${hexDigits} lowercase hex digits`,
  });

/** The sandbox makes link ids with randomUUID: version 4. */
const LinkId = Type.String({
  format: 'uuid',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
  description: 'a version 4 UUID',
});
const EventId = idOf('evt_', 32);
/**
 * The sandbox makes we_ and 24 hex digits; a configuration file declares its own, such as
 * we_orders, so code that knows the file knows the id.
 */
export const ENDPOINT_ID_PATTERN = '^we_[A-Za-z0-9_-]{1,64}$';
const EndpointId = Type.String({
  pattern: ENDPOINT_ID_PATTERN,
  description: 'we_ followed by 1 to 64 letters, digits, _ or -',
});
const DeliveryId = idOf('dlv_', 24);

const Secret = Type.String({
  pattern: WEBHOOK_SECRET_PATTERN,
  description: WEBHOOK_SECRET_WORDS,
});

const MinorUnits = (description: string) => Type.Integer({ minimum: 0, description });

const FeeRecordSchema = Type.Object(
  {
    total: MinorUnits('0 or more: transaction + instant_settlement'),
    transaction: MinorUnits('0 or more'),
    instant_settlement: MinorUnits('0 or more, at most the amount'),
    paid_by: FeeSchema.properties.paid_by,
  },
  { additionalProperties: false },
);

/** A payment link within the bounds of create (docs/contract.md §4) and simulate (§7). */
export const LinkRecordSchema = Type.Object(
  {
    ...PaymentLinkSchema.properties,
    id: LinkId,
    reference_id: nullable(Type.String({ minLength: 1, maxLength: 255 }), 'null or 1 to 255 characters'),
    url: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description: 'an http:// or https:// URL ending in /pay/{id}',
    }),
    status: Type.Enum(LINK_STATUSES, { description: 'one of pending, succeeded, expired, canceled, failed' }),
    amount: Type.Integer({
      minimum: 1,
      maximum: 100_000_000_000,
      description: 'an integer from 1 to 100000000000',
    }),
    fee: FeeRecordSchema,
    title: Type.String({ minLength: 1, maxLength: 255, description: '1 to 255 characters' }),
    note: nullable(Type.String({ maxLength: 1000 }), 'null or at most 1000 characters'),
    payment_method: nullable(Type.String({ minLength: 1, maxLength: 50 }), 'null or 1 to 50 characters'),
    expires_at: Time,
    paid_at: NullableTime,
    settle_at: NullableTime,
    settled_at: NullableTime,
    created_at: Time,
  },
  { additionalProperties: false },
);

export const EventRecordSchema = Type.Object(
  {
    id: EventId,
    type: Type.Enum(WEBHOOK_EVENT_TYPES),
    timestamp: Time,
    data: LinkRecordSchema,
  },
  { additionalProperties: false },
);

export const EndpointRecordSchema = Type.Object(
  {
    id: EndpointId,
    url: Type.String({
      minLength: 1,
      pattern: WEBHOOK_URL_PATTERN,
      description: 'an http:// or https:// URL',
    }),
    secret: Secret,
    previous_secrets: Type.Array(
      Type.Object({ secret: Secret, expires_at: Time }, { additionalProperties: false }),
    ),
    enabled: Type.Boolean(),
    event_types: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES), {
      minItems: 1,
      uniqueItems: true,
      description: 'a non-empty list of distinct event types',
    }),
    description: Type.String({ maxLength: 500, description: 'at most 500 characters' }),
    created_at: Time,
    faults: Type.Optional(EndpointFaultsSchema),
    headers: Type.Optional(EndpointHeadersSchema),
  },
  { additionalProperties: false },
);

export const AttemptRecordSchema = Type.Object(
  {
    series: Type.Integer({ minimum: 1 }),
    number: Type.Integer({ minimum: 1 }),
    started_at: Time,
    duration_ms: Type.Number({ minimum: 0 }),
    request: Type.Object(
      { url: Type.String({ pattern: WEBHOOK_URL_PATTERN }), headers: Headers, body: Type.String() },
      { additionalProperties: false },
    ),
    response: Type.Union([
      Type.Object(
        {
          status: Type.Integer({ minimum: 100, maximum: 999 }),
          headers: Headers,
          body: Type.String({ maxLength: RESPONSE_BODY_LIMIT }),
          body_truncated: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    error: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    retry_now: Type.Optional(
      Type.Literal(true, {
        description:
          'true, or absent: made by Retry now, before its delay in webhook_retry_schedule_seconds was up; it still took that slot (attempt N, slot N)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeliveryRecordSchema = Type.Object(
  {
    id: DeliveryId,
    event_id: EventId,
    event_type: Type.Enum(WEBHOOK_EVENT_TYPES),
    link_id: LinkId,
    endpoint_id: EndpointId,
    endpoint_url: Type.String({ pattern: WEBHOOK_URL_PATTERN }),
    status: Type.Enum(['queued', 'delivering', 'retrying', 'delivered', 'failed']),
    attempts: Type.Array(AttemptRecordSchema),
    series: Type.Integer({ minimum: 1 }),
    next_attempt_at: NullableTime,
    created_at: Time,
    updated_at: Time,
    seq: Type.Integer({ minimum: 0 }),
    test: Type.Optional(Type.Literal(true, { description: 'true, or absent' })),
    duplicate: Type.Optional(Type.Literal(true, { description: 'true, or absent' })),
    unordered: Type.Optional(Type.Literal(true, { description: 'true, or absent' })),
  },
  { additionalProperties: false },
);

/** Stored responses: creates (201), cancels and simulates (200), and their 404 and 409 (docs/contract.md §5). */
export const IdempotencyRecordSchema = Type.Object(
  {
    scope: Type.String({
      pattern: `^${API_KEY_BODY} [\\s\\S]{1,255}$`,
      description: 'the API key, a space, and the Idempotency-Key (1 to 255 characters)',
    }),
    fingerprint: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'a SHA-256, in hex' }),
    status: Type.Enum([200, 201, 404, 409], { description: 'one of 200, 201, 404, 409' }),
    body: Type.String(),
    request_id: Type.String({ pattern: '^req_[0-9a-z]+$' }),
    created_at: Time,
    expires_at_ms: Type.Integer({ description: '24 hours after created_at, in ms since 1970' }),
  },
  { additionalProperties: false },
);
