// Headers an endpoint adds to every delivery (`listen --headers`, the Stripe CLI's habit; the keyed
// and console endpoint routes, `headers`): the one rule for what they may be, for the API, an
// import and the CLI alike.
import Type from 'typebox';

export const MAX_ENDPOINT_HEADERS = 20;
export const MAX_HEADER_VALUE_LENGTH = 1000;

/**
 * Set by the sandbox on every delivery (the signature, the body's framing and type, who sends it),
 * or by HTTP itself: a second value would break the signature or the request, or be silently lost.
 */
export const RESERVED_HEADERS = [
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'content-type',
  'content-length',
  'user-agent',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
] as const;

/** RFC 9110's token: the characters a header name may hold. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** What Node sends as given: visible ASCII, spaces and tabs, never a line break. */
const VALUE = new RegExp(`^[\\t\\x20-\\x7e]{0,${MAX_HEADER_VALUE_LENGTH}}$`);

export const EndpointHeadersSchema = Type.Record(Type.String(), Type.String(), {
  maxProperties: MAX_ENDPOINT_HEADERS,
  description: `headers added to every delivery to this endpoint, name to value: at most ${MAX_ENDPOINT_HEADERS}, names compared without case and kept in lower case, values of at most ${MAX_HEADER_VALUE_LENGTH} printable ASCII characters; not the ones the sandbox sets (${RESERVED_HEADERS.join(', ')})`,
});

/**
 * The first thing wrong with an endpoint's headers, with the path it is at (`headers.x-team`), or
 * null: a name that is no header name or that the sandbox sets, one given twice in other letter
 * cases, a value HTTP cannot carry.
 */
export function endpointHeadersProblem(
  headers: Record<string, string>,
): { param: string; problem: string } | null {
  const seen = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const param = `headers.${name}`;
    if (!NAME.test(name))
      return {
        param,
        problem: `"${name}" is not a header name: give 1 to 100 letters, digits or !#$%&'*+.^_\`|~-`,
      };
    const lower = name.toLowerCase();
    if ((RESERVED_HEADERS as readonly string[]).includes(lower))
      return {
        param,
        problem: `${lower} is set by the sandbox on every delivery; an endpoint may add any header but ${RESERVED_HEADERS.join(', ')}`,
      };
    const earlier = seen.get(lower);
    if (earlier !== undefined)
      return {
        param,
        problem: `"${earlier}" and "${name}" are one header (names are compared without case); give it once`,
      };
    seen.set(lower, name);
    if (!VALUE.test(value))
      return {
        param,
        problem: `the value must be at most ${MAX_HEADER_VALUE_LENGTH} printable ASCII characters, spaces or tabs, with no line break; got ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`,
      };
  }
  return null;
}

/** Headers as an endpoint keeps them: names in lower case, as HTTP/2 and Node's own records have them. */
export const keptHeaders = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
