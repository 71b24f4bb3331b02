// What creating and changing a webhook endpoint takes, for the console's routes and the keyed ones.
import Type from 'typebox';
import { WEBHOOK_SECRET_PATTERN, WEBHOOK_SECRET_WORDS } from './exportRecords';
import { EndpointFaultsPatchSchema } from './faults';
import { EndpointHeadersSchema } from './endpointHeaders';
import { WEBHOOK_EVENT_TYPES } from './types';

export const IdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'an id' }),
});
const EventTypes = Type.Array(
  Type.Enum(WEBHOOK_EVENT_TYPES, {
    description: 'one of payment_link.paid, payment_link.failed, payment_link.expired, payment_link.canceled',
  }),
  {
    minItems: 1,
    uniqueItems: true,
    description:
      'a non-empty list of payment_link.paid, payment_link.failed, payment_link.expired, payment_link.canceled',
  },
);
/** What an endpoint's URL may be, as the schemas say it (the configuration file's adds {workspace}). */
export const ENDPOINT_URL_FIELD = {
  minLength: 1,
  maxLength: 2000,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  description: 'an absolute http:// or https:// URL (only http:// and https:// URLs can receive webhooks)',
};

const EndpointFields = {
  // The document says what the server takes: an absolute URI whose scheme is http or https.
  url: Type.String({ ...ENDPOINT_URL_FIELD, format: 'uri' }),
  description: Type.String({ maxLength: 500, description: 'a string of at most 500 characters' }),
  enabled: Type.Boolean({ description: 'true or false' }),
  event_types: EventTypes,
  headers: EndpointHeadersSchema,
};

export const EndpointPatch = Type.Object(
  {
    ...Type.Partial(Type.Object(EndpointFields)).properties,
    faults: Type.Optional(EndpointFaultsPatchSchema),
  },
  { additionalProperties: false },
);
export const EndpointCreate = Type.Object(
  {
    url: EndpointFields.url,
    description: Type.Optional(EndpointFields.description),
    enabled: Type.Optional(EndpointFields.enabled),
    event_types: Type.Optional(EndpointFields.event_types),
    headers: Type.Optional(EndpointFields.headers),
    faults: EndpointPatch.properties.faults,
  },
  { additionalProperties: false },
);
/** How long a rotated-out secret keeps signing beside the new one (docs/contract.md §8). */
export const ROTATION_OVERLAP_HOURS = 24;

/**
 * The keyed create also takes a secret: code that owns its endpoint (listen, a test suite, a
 * configuration file) keeps one fixed secret across runs instead of reading a generated one.
 */
export const KeyedEndpointCreate = Type.Object(
  {
    ...EndpointCreate.properties,
    secret: Type.Optional(
      Type.String({
        pattern: WEBHOOK_SECRET_PATTERN,
        description: `${WEBHOOK_SECRET_WORDS} (default: a generated one)`,
      }),
    ),
  },
  { additionalProperties: false },
);

/** The keyed change takes a secret too: the code that gave one can rotate to its next. */
export const KeyedEndpointPatch = Type.Object(
  {
    ...EndpointPatch.properties,
    secret: Type.Optional(
      Type.String({
        pattern: WEBHOOK_SECRET_PATTERN,
        description: `${WEBHOOK_SECRET_WORDS}: the secret to sign with from now on, a rotation as the console's rotate makes, so the current one keeps signing beside it for ${ROTATION_OVERLAP_HOURS} hours (previous_secrets); the current secret again changes nothing`,
      }),
    ),
  },
  { additionalProperties: false },
);
