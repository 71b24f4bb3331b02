// What GET /sandbox/logs answers and streams, and what `logs tail --json` prints one per line: the
// API requests and webhook attempts of a running sandbox, in one shape for the route, the CLI and
// the tests (docs/keyed-api.md, "Logs").
import Type, { type Static } from 'typebox';
import { FaultMarkSchema } from './faults';
import { WEBHOOK_EVENT_TYPES } from './types';

const At = Type.String({ format: 'date-time', description: 'when it happened, sandbox time' });

export const ApiRequestLogEntrySchema = Type.Object(
  {
    type: Type.Literal('api_request'),
    at: At,
    seq: Type.Integer({ minimum: 1, description: "the request log's number for it (this run)" }),
    request_id: Type.String(),
    method: Type.String(),
    path: Type.String({ description: 'path and query, as requested' }),
    status: Type.Integer({ description: 'the status answered; 0 when a drop fault answered nothing' }),
    duration_ms: Type.Number(),
    idempotency_key: Type.Union([Type.String(), Type.Null()]),
    replayed: Type.Boolean({ description: 'answered from an earlier request with the same Idempotency-Key' }),
    link_id: Type.Optional(Type.String({ description: 'the payment link the request is about' })),
    fault: Type.Optional(FaultMarkSchema),
    request_body: Type.Union([Type.String(), Type.Null()], { description: 'the first 64 KiB, as received' }),
    response_body: Type.Union([Type.String(), Type.Null()], { description: 'the first 64 KiB, as answered' }),
  },
  { additionalProperties: false },
);

export const WebhookAttemptLogEntrySchema = Type.Object(
  {
    type: Type.Literal('webhook_attempt'),
    at: Type.String({ format: 'date-time', description: 'when the attempt started, sandbox time' }),
    delivery_id: Type.String(),
    event_id: Type.String({ description: 'evt_…, also the webhook-id header' }),
    event_type: Type.Enum(WEBHOOK_EVENT_TYPES),
    link_id: Type.String(),
    endpoint_id: Type.String(),
    url: Type.String({ description: 'where the attempt was sent' }),
    attempt: Type.Integer({
      minimum: 1,
      description: 'its number in its series (a resend starts at 1 again)',
    }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'the HTTP status, null when none came',
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'why it failed; null when delivered' }),
    duration_ms: Type.Number(),
  },
  { additionalProperties: false },
);

export const LogEntrySchema = Type.Union([ApiRequestLogEntrySchema, WebhookAttemptLogEntrySchema]);

export type ApiRequestLogEntry = Static<typeof ApiRequestLogEntrySchema>;
export type WebhookAttemptLogEntry = Static<typeof WebhookAttemptLogEntrySchema>;
export type LogEntry = Static<typeof LogEntrySchema>;

/**
 * `log_<run>_<n>`, like the inbox's message ids: the log's position after an entry. A cursor from an
 * earlier run of the sandbox reads as "before everything now kept".
 */
export const LOG_CURSOR_PATTERN = '^log_[0-9a-f]{8}_[0-9]{1,15}$';
