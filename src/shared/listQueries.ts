// The list queries the console and the keyed API take, typed once: the routes validate and
// document them, and the console's client is typed from them (docs/architecture.md).
import Type, { type Static } from 'typebox';
import { DELIVERY_ORDERS } from './deliveryOrder';
import { LINK_SORTS } from './linkOrder';
import { PAYLOAD_SEARCH_HELP, PAYLOAD_SEARCH_MAX } from './payloadSearch';
import { DELIVERY_STATUSES, LINK_STATUSES, PageParam, perPageParam, WEBHOOK_EVENT_TYPES } from './types';

/** The Links table's view: which links, in what order. */
export const LINK_VIEW_PARAMETERS = {
  status: Type.Optional(
    Type.Enum(LINK_STATUSES, { description: 'one of pending, succeeded, expired, canceled, failed' }),
  ),
  q: Type.Optional(
    Type.String({ maxLength: 255, description: 'text found in the id, title or reference_id' }),
  ),
  created_after: Type.Optional(
    Type.String({ format: 'date-time', description: 'an RFC 3339 date-time (exclusive)' }),
  ),
  created_before: Type.Optional(
    Type.String({ format: 'date-time', description: 'an RFC 3339 date-time (exclusive)' }),
  ),
  sort: Type.Optional(Type.Enum(LINK_SORTS, { description: `one of ${LINK_SORTS.join(', ')}` })),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'asc or desc' })),
};

export const ConsoleLinkListQuerySchema = Type.Object(
  {
    ...LINK_VIEW_PARAMETERS,
    page: PageParam,
    per_page: perPageParam(1000),
  },
  { additionalProperties: false },
);
export type LinkListQuery = Static<typeof ConsoleLinkListQuerySchema>;

/** `q=` on deliveries and inbox messages (contract §16); an empty one searches for nothing in particular. */
export const PayloadSearchParam = Type.Optional(
  Type.String({ maxLength: PAYLOAD_SEARCH_MAX, description: PAYLOAD_SEARCH_HELP }),
);

export const ConsoleDeliveryListQuerySchema = Type.Object(
  {
    q: PayloadSearchParam,
    status: Type.Optional(
      Type.Enum(DELIVERY_STATUSES, { description: `one of ${DELIVERY_STATUSES.join(', ')}` }),
    ),
    event_type: Type.Optional(Type.Enum(WEBHOOK_EVENT_TYPES, { description: 'a webhook event type' })),
    link_id: Type.Optional(Type.String({ format: 'uuid', description: 'a payment link id (UUID)' })),
    endpoint_id: Type.Optional(Type.String({ minLength: 1, description: 'an endpoint id' })),
    before_seq: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'an integer of at least 1: only deliveries older than the one with this seq (a cursor for the next page)',
      }),
    ),
    order: Type.Optional(
      Type.Enum(DELIVERY_ORDERS, {
        description:
          'created (newest first, the default) or updated (last change first: a resent delivery comes to the top)',
      }),
    ),
    page: PageParam,
    per_page: perPageParam(100),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof ConsoleDeliveryListQuerySchema>;

export const ConsoleRequestListQuerySchema = Type.Object(
  {
    scope: Type.Optional(
      Type.Enum(['api', 'all'], {
        description: 'api (default): Payment Links API calls only; all: every request',
      }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: 255,
        description:
          'the filter box: part of a path, link id, request id, Idempotency-Key or key prefix; a method; a status (404) or class (5xx); fault, or a fault rule id',
      }),
    ),
    page: PageParam,
    per_page: perPageParam(1000),
  },
  { additionalProperties: false },
);
export type RequestListQuery = Static<typeof ConsoleRequestListQuerySchema>;
