// Webhook endpoints and deliveries as the sandbox answers them (the console API and the keyed
// routes): the export's records, plus what only an answer shows. The core's types and the
// console's are Static<> of these, so a shape crossing the process boundary is written once.
import Type, { type Static } from 'typebox';
import { AttemptRecordSchema, DeliveryRecordSchema, EndpointRecordSchema } from './exportRecords';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from './types';

export const EndpointSchema = EndpointRecordSchema;

/** An attempt as a delivery answer shows it: the detail adds whether its signature verifies. */
export const AttemptSchema = Type.Object(
  {
    ...AttemptRecordSchema.properties,
    signature_verified: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], {
        description:
          'only in a delivery’s detail (the console’s, GET /sandbox/deliveries/{id}): whether webhook-signature holds for a secret the endpoint has had; null once the endpoint is deleted',
      }),
    ),
  },
  { additionalProperties: false },
);

const DeliveryStatusSchema = Type.Enum(DELIVERY_STATUSES, {
  description: 'paused: waiting while the queue is paused; delivering: an attempt is on the wire',
});

/** One delivery with every attempt, as the console's delivery detail and controls answer it. */
export const DeliverySchema = Type.Object(
  { ...DeliveryRecordSchema.properties, status: DeliveryStatusSchema, attempts: Type.Array(AttemptSchema) },
  { additionalProperties: false },
);

const { attempts: _attempts, status: _status, ...deliveryFields } = DeliveryRecordSchema.properties;

/** A delivery as lists show it: without its attempts, the last one summed up. */
export const DeliverySummarySchema = Type.Object(
  {
    ...deliveryFields,
    status: DeliveryStatusSchema,
    attempt_count: Type.Integer({ minimum: 0, description: 'attempts so far, every series' }),
    last_status: Type.Union([Type.Integer(), Type.Null()], {
      description: "the last attempt's HTTP status; null before any, or when none came",
    }),
    last_error: Type.Union([Type.String(), Type.Null()], {
      description: 'why the last attempt failed; null when it was delivered or before any',
    }),
  },
  { additionalProperties: false },
);

/** A recorded event as the Webhooks screen's Events list shows it, with the deliveries it made. */
export const WebhookEventRowSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum(WEBHOOK_EVENT_TYPES),
    timestamp: Type.String({ format: 'date-time' }),
    link_id: Type.String(),
    link_title: Type.String(),
    deliveries: Type.Array(
      Type.Object(
        { id: Type.String(), endpoint_url: Type.String(), status: DeliveryStatusSchema },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const WebhookEventPageSchema = Type.Object(
  {
    events: Type.Array(WebhookEventRowSchema, { description: 'newest first, at most `limit`' }),
    total: Type.Integer({ minimum: 0, description: 'how many events are recorded' }),
  },
  { additionalProperties: false },
);

export const QueueStateSchema = Type.Object(
  {
    paused: Type.Boolean({ description: 'Whether deliveries are held' }),
    in_flight: Type.Integer({ minimum: 0, description: 'Attempts being sent now' }),
    waiting: Type.Integer({ minimum: 0, description: 'Queued or retrying deliveries' }),
    finished: Type.Integer({
      minimum: 0,
      description: 'Delivered or failed deliveries: what Clear history would remove',
    }),
  },
  { additionalProperties: false },
);

export type WebhookEndpoint = Static<typeof EndpointSchema>;
export type DeliveryAttempt = Static<typeof AttemptRecordSchema>;
/** The stored delivery: `paused` is only how an answer shows a waiting one while the queue is paused. */
export type WebhookDelivery = Static<typeof DeliveryRecordSchema>;
export type DeliveryDetail = Static<typeof DeliverySchema>;
export type InspectedAttempt = Static<typeof AttemptSchema>;
export type DeliveryRow = Static<typeof DeliverySummarySchema>;
export type WebhookEventRow = Static<typeof WebhookEventRowSchema>;
export type WebhookEventPage = Static<typeof WebhookEventPageSchema>;
export type QueueState = Static<typeof QueueStateSchema>;
