// The answers of the keyed routes for code in any language (docs/keyed-api.md), typed so that a
// generated client gets real types rather than `unknown`.
import Type, { type TSchema } from 'typebox';
import { EndpointCheckSchema } from '../../shared/endpointCheck';
import { EndpointRecordSchema } from '../../shared/exportRecords';
import { LOG_CURSOR_PATTERN, LogEntrySchema } from '../../shared/sandboxLog';
import { MetaSchema, PaginationSchema, WebhookEventSchema } from '../../shared/types';
import { DeliverySchema, DeliverySummarySchema } from '../../shared/webhookSchemas';
import { apiResponses } from './apiSchemas';

export const EndpointEnvelope = Type.Object({ data: EndpointRecordSchema, meta: MetaSchema });
export const EndpointListEnvelope = Type.Object({ data: Type.Array(EndpointRecordSchema), meta: MetaSchema });
export const DeletedEnvelope = Type.Object({
  data: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }),
  meta: MetaSchema,
});
export const DeliveryEnvelope = Type.Object({ data: DeliverySummarySchema, meta: MetaSchema });
export const DeliveryDetailEnvelope = Type.Object({ data: DeliverySchema, meta: MetaSchema });
export const DeliveriesEnvelope = Type.Object({ data: Type.Array(DeliverySummarySchema), meta: MetaSchema });
export const DeliveryListEnvelope = Type.Object({
  data: Type.Array(DeliverySummarySchema),
  pagination: PaginationSchema,
  meta: MetaSchema,
});
export const EventListEnvelope = Type.Object({
  data: Type.Array(WebhookEventSchema, { description: 'newest first' }),
  pagination: PaginationSchema,
  meta: MetaSchema,
});
export const LogsEnvelope = Type.Object({
  data: Type.Array(LogEntrySchema, { description: 'newest first' }),
  cursor: Type.String({
    pattern: LOG_CURSOR_PATTERN,
    description: 'pass as ?since= to get only what came after this answer',
  }),
  has_more: Type.Boolean({
    description: 'more entries came after `since` than `limit`: ask again with ?since=<cursor>',
  }),
  meta: MetaSchema,
});

const BODY_ERRORS = { 413: 'body_too_large', 415: 'unsupported_media_type' };

/** A keyed route's schema: tagged Sandbox, behind the key, with the errors any API route can give. */
export const keyedSchema = (
  summary: string,
  description: string,
  success: Record<number, TSchema>,
  errors: Record<number, string> = {},
) => ({
  tags: ['Sandbox'],
  security: [{ bearerAuth: [] }],
  summary,
  description,
  response: apiResponses(success, { ...BODY_ERRORS, ...errors }),
});
export const EndpointCheckEnvelope = Type.Object({ data: EndpointCheckSchema, meta: MetaSchema });
