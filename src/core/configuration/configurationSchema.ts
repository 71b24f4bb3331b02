// The configuration file (docs/configuration.md): each record is the shape the API already takes
// for it — settings as the console's PATCH, endpoints as the endpoint create, fault rules as
// POST /sandbox/faults, links as POST /payment-links — plus the id that keys it. The published
// JSON Schema is built from these same objects, so the file, its check and its schema never drift.
import Type, { type Static } from 'typebox';
import {
  ENDPOINT_ID_PATTERN,
  LinkRecordSchema,
  WEBHOOK_SECRET_PATTERN,
  WEBHOOK_SECRET_WORDS,
} from '../../shared/exportRecords';
import { MAX_FAULT_RULES, NewFaultRuleSchema } from '../../shared/faults';
import { CreateLinkBodySchema, LINK_STATUSES, SettingsPatchSchema } from '../../shared/types';
import { ENDPOINT_URL_FIELD, EndpointCreate } from '../../shared/endpointSchemas';

export const CONFIGURATION_FILE_NAME = 'payment-links-sandbox.json';
export const CONFIGURATION_VERSION = 1;
/** Bounds on one file, so a typo of a few zeros is refused rather than held in memory. */
export const MAX_CONFIGURED_ENDPOINTS = 1_000;
export const MAX_CONFIGURED_LINKS = 100_000;

export const ConfigEndpointSchema = Type.Object(
  {
    id: Type.String({
      pattern: ENDPOINT_ID_PATTERN,
      description: 'we_ followed by 1 to 64 letters, digits, _ or - (for example we_orders)',
    }),
    // Not format "uri": a {workspace} placeholder is no URI character, and editors would mark it.
    url: Type.String({
      ...ENDPOINT_URL_FIELD,
      description: `${ENDPOINT_URL_FIELD.description}; {workspace} in it is each workspace's name (docs/contract.md §15)`,
    }),
    secret: Type.Optional(
      Type.String({
        pattern: WEBHOOK_SECRET_PATTERN,
        description: `${WEBHOOK_SECRET_WORDS} (absent: one is generated once and kept)`,
      }),
    ),
    events: EndpointCreate.properties.event_types,
    faults: EndpointCreate.properties.faults,
    description: EndpointCreate.properties.description,
    enabled: EndpointCreate.properties.enabled,
  },
  { additionalProperties: false, description: 'a webhook endpoint, keyed by its id' },
);
export type ConfigEndpoint = Static<typeof ConfigEndpointSchema>;

const { expires_at: _absolute, ...createFields } = CreateLinkBodySchema.properties;

export const ConfigLinkSchema = Type.Object(
  {
    id: LinkRecordSchema.properties.id,
    ...createFields,
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: 60,
        maximum: 90 * 86_400,
        description:
          'a whole number of seconds from 60 to 7776000 (90 days) after the file is applied (absent: link_lifetime_seconds)',
      }),
    ),
    status: Type.Optional(
      Type.Enum(LINK_STATUSES, {
        description:
          'one of pending, succeeded, expired, canceled, failed (default pending): the state the link is made in, as simulate or cancel would take it there',
      }),
    ),
  },
  { additionalProperties: false, description: 'a fixture payment link, keyed by its id' },
);
export type ConfigLink = Static<typeof ConfigLinkSchema>;

export const CLOCK_OFFSET_RULE =
  'a duration from 1s to 3650d, such as 90s, 15m, 2h, 1d or 1d12h: the clock runs at least this far ahead of real time (it never goes back)';

export const ConfigClockSchema = Type.Object(
  {
    frozen: Type.Optional(
      Type.Boolean({ description: 'true: the clock stands still; false: a frozen clock runs again' }),
    ),
    offset: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: CLOCK_OFFSET_RULE,
      }),
    ),
  },
  { additionalProperties: false, description: 'the sandbox clock, as --clock and --clock-offset set it' },
);
export type ConfigClock = Static<typeof ConfigClockSchema>;

export const SECTIONS = {
  settings: SettingsPatchSchema,
  endpoints: Type.Array(ConfigEndpointSchema, {
    maxItems: MAX_CONFIGURED_ENDPOINTS,
    description: `at most ${MAX_CONFIGURED_ENDPOINTS} webhook endpoints, each keyed by its id; endpoints not listed are left alone`,
  }),
  faults: Type.Array(NewFaultRuleSchema, {
    maxItems: MAX_FAULT_RULES,
    description: `at most ${MAX_FAULT_RULES} API fault rules, as POST /sandbox/faults takes them: the sandbox holds exactly these`,
  }),
  clock: ConfigClockSchema,
  links: Type.Array(ConfigLinkSchema, {
    maxItems: MAX_CONFIGURED_LINKS,
    description: `at most ${MAX_CONFIGURED_LINKS} fixture links, each made once, keyed by its id`,
  }),
};

export const ConfigurationSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'where an editor finds this schema' })),
    version: Type.Literal(CONFIGURATION_VERSION, { description: 'the file format: 1' }),
    settings: Type.Optional(SECTIONS.settings),
    endpoints: Type.Optional(SECTIONS.endpoints),
    faults: Type.Optional(SECTIONS.faults),
    clock: Type.Optional(SECTIONS.clock),
    links: Type.Optional(SECTIONS.links),
  },
  {
    additionalProperties: false,
    description:
      'A Payment Links Sandbox configuration: applied at every start and by POST /sandbox/reset; applying it again changes nothing',
  },
);
export type ConfigurationFile = Static<typeof ConfigurationSchema>;

/** The JSON Schema document served at /config.schema.json and shipped in the package. */
export function configurationJsonSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Payment Links Sandbox configuration',
    ...(JSON.parse(JSON.stringify(ConfigurationSchema)) as object),
  };
}
