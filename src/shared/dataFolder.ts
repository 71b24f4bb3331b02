// Shapes of the console's server and data-folder operations: what the server runs with, the
// export file (which import takes back), and reset's choices. One definition validates, documents
// (OpenAPI) and types each of them.
import Type, { type Static } from 'typebox';
import { PaymentLinkSchema, SettingsSchema, WEBHOOK_EVENT_TYPES, WebhookEventSchema } from './types';

export const EXPORT_FORMAT = 'payment-links-sandbox-export';
export const EXPORT_SCHEMA_VERSION = 1;

const DateTime = Type.String({ format: 'date-time' });
const Headers = Type.Record(Type.String(), Type.String());

export const StoreCountsSchema = Type.Object({
  links: Type.Integer(),
  events: Type.Integer(),
  deliveries: Type.Integer(),
  endpoints: Type.Integer(),
  idempotency_records: Type.Integer(),
});
export type StoreCounts = Static<typeof StoreCountsSchema>;

export const ServerInfoSchema = Type.Object({
  version: Type.String({ description: 'The sandbox version' }),
  base_url: Type.String({ description: 'Where the API answers now: http://host:port' }),
  host: Type.String(),
  port: Type.Integer({ description: 'The port listened on now' }),
  port_source: Type.Enum(['flag', 'preference', 'default'], {
    description:
      'Why this port: --port or PORT (flag), the preferred_port setting (preference), or 4545 (default)',
  }),
  checkout_base_url: Type.String({ description: 'The base of new checkout URLs' }),
  public_url_flag: Type.Boolean({ description: 'A --public-url flag overrides the public_url setting' }),
  data_dir: Type.Union([Type.String(), Type.Null()], { description: 'null when in memory' }),
  counts: StoreCountsSchema,
});
export type ServerInfo = Static<typeof ServerInfoSchema>;

const EndpointRecordSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    url: Type.String({ pattern: '^https?://' }),
    secret: Type.String({ pattern: '^whsec_' }),
    previous_secrets: Type.Array(
      Type.Object({ secret: Type.String({ pattern: '^whsec_' }), expires_at: DateTime }),
    ),
    enabled: Type.Boolean(),
    event_types: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES)),
    description: Type.String(),
    created_at: DateTime,
  },
  { additionalProperties: false },
);

const AttemptRecordSchema = Type.Object({
  series: Type.Integer({ minimum: 1 }),
  number: Type.Integer({ minimum: 1 }),
  started_at: DateTime,
  duration_ms: Type.Number({ minimum: 0 }),
  request: Type.Object({ url: Type.String(), headers: Headers, body: Type.String() }),
  response: Type.Union([
    Type.Object({
      status: Type.Integer(),
      headers: Headers,
      body: Type.String(),
      body_truncated: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  error: Type.Union([Type.String(), Type.Null()]),
});

const DeliveryRecordSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    event_id: Type.String({ minLength: 1 }),
    event_type: Type.Enum(WEBHOOK_EVENT_TYPES),
    link_id: Type.String({ format: 'uuid' }),
    endpoint_id: Type.String({ minLength: 1 }),
    endpoint_url: Type.String(),
    status: Type.Enum(['queued', 'delivering', 'retrying', 'delivered', 'failed']),
    attempts: Type.Array(AttemptRecordSchema),
    series: Type.Integer({ minimum: 1 }),
    next_attempt_at: Type.Union([DateTime, Type.Null()]),
    created_at: DateTime,
    updated_at: DateTime,
    seq: Type.Integer({ minimum: 0 }),
    test: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const IdempotencyRecordSchema = Type.Object(
  {
    scope: Type.String({ minLength: 1 }),
    fingerprint: Type.String(),
    status: Type.Integer(),
    body: Type.String(),
    request_id: Type.String(),
    created_at: DateTime,
    expires_at_ms: Type.Integer(),
  },
  { additionalProperties: false },
);

/** The whole store as one file: Settings → Export writes it, Settings → Import takes it back. */
export const StoreExportSchema = Type.Object(
  {
    format: Type.Literal(EXPORT_FORMAT),
    schema_version: Type.Literal(EXPORT_SCHEMA_VERSION),
    exported_at: DateTime,
    app_version: Type.String(),
    settlement_account_id: Type.String({ format: 'uuid' }),
    settings: SettingsSchema,
    queue_paused: Type.Boolean(),
    links: Type.Array(PaymentLinkSchema),
    events: Type.Array(WebhookEventSchema),
    endpoints: Type.Array(EndpointRecordSchema),
    deliveries: Type.Array(DeliveryRecordSchema),
    idempotency: Type.Array(IdempotencyRecordSchema, {
      description: 'Stored idempotent responses still within their 24 hours',
    }),
  },
  { additionalProperties: false, description: 'A Payment Links Sandbox export, as one JSON file' },
);
export type StoreExport = Static<typeof StoreExportSchema>;

export const ResetBodySchema = Type.Object(
  {
    keep_settings: Type.Optional(
      Type.Boolean({ description: 'true or false (default true): keep the settings' }),
    ),
    keep_endpoints: Type.Optional(
      Type.Boolean({ description: 'true or false (default true): keep the webhook endpoints' }),
    ),
  },
  { additionalProperties: false },
);
export type ResetOptions = Static<typeof ResetBodySchema>;
