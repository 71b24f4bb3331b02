// An endpoint check's report (docs/endpoint-check.md): what the keyed API answers, and what the
// console and the CLI will read, typed once here.
import Type, { type Static } from 'typebox';
import { WEBHOOK_SECRET_PATTERN, WEBHOOK_SECRET_WORDS } from './exportRecords';

/**
 * The link id of every synthetic event a check sends: this prefix and 24 hex digits. Not a UUID on
 * purpose, so a receiver can tell a check's event from a real one at a glance (and at a `startsWith`).
 */
export const ENDPOINT_CHECK_LINK_PREFIX = 'endpoint_check_';
/** The reference_id of every synthetic link a check sends (the large-body probe adds Unicode after it). */
export const ENDPOINT_CHECK_REFERENCE = 'endpoint_check';
/** How many finished checks are kept (a running one always is); an older id answers 404. */
export const ENDPOINT_CHECKS_KEPT = 100;
/**
 * How many endpoint checks run at once, server-wide (the API's, the console's, `check-endpoint
 * --base-url`'s together): each holds connections to a receiver that may be slow, so past this a
 * start answers 429 rate_limited with Retry-After instead (docs/endpoint-check.md).
 */
export const ENDPOINT_CHECKS_RUNNING_LIMIT = 20;
/** The 429 of a check's start, as the OpenAPI document says it. */
export const CHECKS_RUNNING_429 = `rate_limited: ${ENDPOINT_CHECKS_RUNNING_LIMIT} endpoint checks are running already, the most the sandbox runs at once (server-wide); Retry-After says when to try again`;

const ProbeResultSchema = Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('warn')]);
export type ProbeResult = Static<typeof ProbeResultSchema>;

export const EndpointCheckStartSchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      format: 'uri',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      description: 'the endpoint to check: an absolute http:// or https:// URL',
    }),
    secret: Type.String({
      pattern: WEBHOOK_SECRET_PATTERN,
      description: `the endpoint’s signing secret, ${WEBHOOK_SECRET_WORDS} (as the endpoint verifies with)`,
    }),
    link_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'effect checks (with state_url and state_path): a pending link your app made in this sandbox; the check makes it failed, then canceled',
      }),
    ),
    state_url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://.*\\{(reference_id|link_id)\\}',
        description:
          'effect checks: where your app shows the order, an http:// or https:// URL template naming it with {reference_id} or {link_id}, e.g. http://localhost:3000/orders/{reference_id}; read with GET, 404 meaning no webhook has named it yet',
        examples: ['http://localhost:3000/orders/{reference_id}'],
      }),
    ),
    state_path: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '^[^.]+(\\.[^.]+)*$',
        description:
          'effect checks: the dotted path to the order’s status in the state URL’s JSON answer, e.g. status or order.state',
        examples: ['status'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type EndpointCheckStart = Static<typeof EndpointCheckStartSchema>;

export const EndpointCheckRequestSchema = Type.Object(
  {
    method: Type.Union([Type.Literal('POST'), Type.Literal('GET')], {
      description: 'POST to the endpoint; GET of the state URL (effect checks)',
    }),
    url: Type.String(),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'every header sent, Host and Content-Length included',
    }),
    body: Type.String({ description: 'the body exactly as sent (UTF-8)' }),
  },
  { description: 'one request a probe sent' },
);

export const EndpointCheckResponseSchema = Type.Object(
  {
    status: Type.Integer(),
    headers: Type.Record(Type.String(), Type.String()),
    body: Type.String({ description: 'the first 4 KiB of the body' }),
    body_truncated: Type.Boolean({ description: 'the body was longer than 4 KiB' }),
  },
  { description: 'what the endpoint answered' },
);

export const EndpointCheckExchangeSchema = Type.Object(
  {
    request: EndpointCheckRequestSchema,
    response: Type.Union([EndpointCheckResponseSchema, Type.Null()], {
      description: 'null when no answer came (see error)',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'why no answer came (timeout, refused connection…); null when one came',
    }),
    duration_ms: Type.Number({ description: 'from sending to the end of the answer' }),
  },
  { description: 'one request a probe sent and what came back' },
);

export const EndpointCheckProbeSchema = Type.Object(
  {
    name: Type.String({ description: 'the probe’s stable name, e.g. wrong_signature' }),
    title: Type.String(),
    sends: Type.String({ description: 'what the probe sends' }),
    expects: Type.String({ description: 'what a correct receiver answers' }),
    why: Type.String({ description: 'why it matters' }),
    fix: Type.String({ description: 'how to fix a receiver that fails it' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('running'), ...ProbeResultSchema.anyOf], {
      description: 'pending or running, then pass, fail or warn',
    }),
    reason: Type.Union([Type.String(), Type.Null()], {
      description: 'the verdict in words, naming what came back; null until the probe has run',
    }),
    exchanges: Type.Array(EndpointCheckExchangeSchema, { description: 'in the order sent' }),
  },
  { description: 'one probe of an endpoint check' },
);
export type EndpointCheckProbe = Static<typeof EndpointCheckProbeSchema>;
export type EndpointCheckExchange = Static<typeof EndpointCheckExchangeSchema>;

export const EndpointCheckSchema = Type.Object(
  {
    id: Type.String({ pattern: '^chk_[0-9a-f]{24}$', description: 'chk_ followed by 24 hex digits' }),
    url: Type.String(),
    status: Type.Union([Type.Literal('running'), Type.Literal('done')], { examples: ['running'] }),
    result: Type.Union([...ProbeResultSchema.anyOf, Type.Null()], {
      description: 'fail if any probe failed, else warn if any warned, else pass; null while running',
      examples: [null],
    }),
    progress: Type.Object(
      {
        done: Type.Integer({ description: 'probes finished' }),
        total: Type.Integer({ description: 'probes in the check' }),
      },
      { examples: [{ done: 3, total: 11 }] },
    ),
    counts: Type.Object({ pass: Type.Integer(), fail: Type.Integer(), warn: Type.Integer() }),
    started_at: Type.String({ format: 'date-time' }),
    finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    probes: Type.Array(EndpointCheckProbeSchema, { description: 'in the order they run' }),
  },
  { description: 'an endpoint check: its probes, their requests and answers, and the verdicts' },
);
export type EndpointCheck = Static<typeof EndpointCheckSchema>;
