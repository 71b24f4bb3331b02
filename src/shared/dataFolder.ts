// Shapes of the console's server and data-folder operations: what the server runs with, the
// export file (which import takes back), and reset's choices. One definition validates, documents
// (OpenAPI) and types each of them.
import Type, { type Static } from 'typebox';
import {
  DeliveryRecordSchema,
  EndpointRecordSchema,
  EventRecordSchema,
  IdempotencyRecordSchema,
  LinkRecordSchema,
  Time,
} from './exportRecords';
import { FaultRuleSchema, MAX_FAULT_RULES } from './faults';
import { SettingsSchema } from './types';

export const EXPORT_FORMAT = 'payment-links-sandbox-export';
export const EXPORT_SCHEMA_VERSION = 1;

export const StoreCountsSchema = Type.Object({
  links: Type.Integer(),
  events: Type.Integer(),
  deliveries: Type.Integer(),
  endpoints: Type.Integer(),
  idempotency_records: Type.Integer(),
});
export type StoreCounts = Static<typeof StoreCountsSchema>;

const removed = (what: string) => Type.Integer({ minimum: 0, description: `${what} removed` });
/** What POST /sandbox/reset removed. */
export const ResetCountsSchema = Type.Object({
  links: removed('Payment links'),
  events: removed('Webhook events'),
  deliveries: removed('Webhook deliveries'),
  idempotency_records: removed('Stored Idempotency-Key responses'),
  requests: removed('Request log entries'),
  inbox_messages: removed('Messages in the built-in inboxes'),
});
export type ResetCounts = Static<typeof ResetCountsSchema>;

export const CompactionFailureSchema = Type.Object({
  failed_at: Time,
  reason: Type.String({ description: 'What went wrong, naming the record or the errno' }),
  failures: Type.Integer({ minimum: 1, description: 'Failed compactions in a row' }),
  retry_after: {
    ...Time,
    description:
      'No compaction is tried before this (real time): a minute after the first failure, doubling up to an hour',
  },
});
export type CompactionFailure = Static<typeof CompactionFailureSchema>;

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
  compaction_failure: Type.Union([CompactionFailureSchema, Type.Null()], {
    description:
      'Why the journal could not be folded into the snapshot the last time it was tried; null once a compaction succeeds. Every change is still in the journal meanwhile.',
  }),
});
export type ServerInfo = Static<typeof ServerInfoSchema>;

/** The sandbox clock (docs/contract.md §11): the offset from real time, and the moment it stands at if frozen. */
export const ClockRecordSchema = Type.Object(
  {
    offset_ms: Type.Integer({
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'an integer: milliseconds the sandbox time is ahead of real time (behind, if negative)',
    }),
    frozen_at: Type.Union([Type.Integer({ minimum: 0, maximum: 8.64e15 }), Type.Null()], {
      description: 'null (running), or the Unix time in milliseconds the frozen clock stands at',
    }),
  },
  {
    additionalProperties: false,
    description:
      'The sandbox clock; absent in files from before it existed, whose import keeps the current one',
  },
);

/** The whole store as one file: Settings → Export writes it, Settings → Import takes it back. */
export const StoreExportSchema = Type.Object(
  {
    format: Type.Literal(EXPORT_FORMAT),
    schema_version: Type.Literal(EXPORT_SCHEMA_VERSION),
    exported_at: Time,
    app_version: Type.String(),
    settlement_account_id: Type.String({ format: 'uuid' }),
    settings: SettingsSchema,
    queue_paused: Type.Boolean(),
    clock: Type.Optional(ClockRecordSchema),
    faults: Type.Optional(
      Type.Array(FaultRuleSchema, {
        maxItems: MAX_FAULT_RULES,
        description: `The API fault rules, at most ${MAX_FAULT_RULES}; absent in files from before they existed (none)`,
      }),
    ),
    links: Type.Array(LinkRecordSchema),
    events: Type.Array(EventRecordSchema),
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
