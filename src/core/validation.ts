import { ENDPOINT_URL_FIELD } from '../shared/endpointSchemas';
import { publicUrlProblem, webhookUrlProblem } from '../shared/webhookInputs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifySchemaCompiler } from 'fastify';
import { SandboxError } from './errors';
import { paramOf, ROUNDED_TO_WHOLE, type JsonTextFindings, type JsonPath } from './jsonText';

// ajv-formats ships CommonJS; under ESM its default export is the module object.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

interface ObjectSchema {
  type?: string;
  description?: string;
  properties?: Record<string, ObjectSchema>;
  items?: ObjectSchema;
  anyOf?: ObjectSchema[];
  additionalProperties?: boolean;
}

const DIGITS = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function makeAjv(options: { validateSchema?: boolean } = {}): Ajv {
  // verbose: errors carry the failing value and its schema, which the messages quote.
  const ajv = new Ajv({
    coerceTypes: false,
    allErrors: false,
    verbose: true,
    strict: false,
    useDefaults: false,
    ...options,
  });
  addFormats(ajv);
  // RFC 3339 allows what JavaScript dates cannot hold (a leap second, 23:59:60); such a value
  // could never be compared or stored, so it is refused with the rest.
  const rfc3339 = fullFormats['date-time'] as { validate: (s: string) => boolean };
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) => rfc3339.validate(s) && Number.isFinite(Date.parse(s)),
  });
  // ajv-formats' uuid also takes a "urn:uuid:" prefix; ids here are bare UUIDs.
  ajv.addFormat('uuid', { type: 'string', validate: UUID });
  return ajv;
}

/**
 * Bodies are validated without coercion ("100" is not an integer). Query strings are text, so an
 * integer parameter written as plain digits is read as a number first; anything else ("1e1",
 * "0x10", " 5") stays text and fails as not an integer. With lenient validation on, unknown
 * top-level fields are dropped before validation instead.
 */
export function createValidatorCompiler(isLenient: () => boolean): FastifySchemaCompiler<unknown> {
  // The routes' schemas are the OpenAPI document's, which `npm run lint` checks: checking each
  // against the JSON Schema meta-schema again would first compile that, most of a first request.
  const ajv = makeAjv({ validateSchema: false });
  return ({ schema, httpPart }) => {
    // Compiled when the route is first called, not before listening (docs/performance.md, "Start-up").
    let compiled: ValidateFunction | undefined;
    const known = (schema as ObjectSchema).properties;
    const closed = (schema as ObjectSchema).additionalProperties === false && known !== undefined;
    const integers =
      httpPart === 'querystring'
        ? Object.keys(known ?? {}).filter((k) => known?.[k]?.type === 'integer')
        : [];
    return (data: unknown) => {
      if (closed && isLenient() && isPlainObject(data)) {
        for (const key of Object.keys(data)) if (!(key in known)) delete data[key];
      }
      if (isPlainObject(data)) {
        for (const key of integers) {
          const text = data[key];
          if (typeof text === 'string' && DIGITS.test(text) && Number.isSafeInteger(Number(text)))
            data[key] = Number(text);
        }
      }
      const rounded = httpPart === 'body' ? roundedInteger(schema as ObjectSchema, data) : null;
      if (rounded) return { error: rounded };
      const validate = (compiled ??= ajv.compile(schema as object));
      if (validate(data)) return { value: data };
      return { error: toSandboxError(validate.errors ?? [], httpPart ?? 'body') };
    };
  };
}

/** The schema a path leads to, through object properties and array items. */
function schemaAt(schema: ObjectSchema | undefined, path: JsonPath): ObjectSchema | undefined {
  let at = schema;
  for (const segment of path) at = typeof segment === 'number' ? at?.items : at?.properties?.[segment];
  return at;
}

/**
 * No coercion holds for the text too: a number written with a fraction is not an integer, even
 * where JSON.parse rounded it to one (0.99999999999999999999 is 1 as a double; docs/decisions.md,
 * "Integers are judged as written").
 */
function roundedInteger(schema: ObjectSchema, data: unknown): SandboxError | null {
  const rounded = (data as { [ROUNDED_TO_WHOLE]?: JsonTextFindings['roundedToWhole'] } | null)?.[
    ROUNDED_TO_WHOLE
  ];
  for (const { path, text } of rounded ?? []) {
    const field = schemaAt(schema, path);
    const integer = [field, ...(field?.anyOf ?? [])].find((s) => s?.type === 'integer');
    if (!integer) continue;
    const name = paramOf(path);
    const rule = integer.description ?? field?.description ?? 'an integer';
    return new SandboxError(
      'parameter_invalid',
      `Invalid ${name}: ${text} (a number with a fraction); ${name} must be ${rule}, written without a fraction.`,
      name,
    );
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return `${JSON.stringify(shown)} (a string)`;
  }
  if (typeof value === 'object') return 'an object';
  return `${String(value)} (a ${typeof value})`;
}

/**
 * The parameter an error is about: a top-level field, or a dotted path into nested objects
 * (fees.transaction_percent), stopping at an array's items, which the field as a whole names.
 */
function paramAt(instancePath: string, child?: string): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return paramOf(child === undefined ? segments : [...segments, child]);
}

function toSandboxError(errors: ErrorObject[], part: string): SandboxError {
  const first = errors[0] as ErrorObject;
  const parent = first.parentSchema as ObjectSchema | undefined;
  if (first.keyword === 'required') {
    const name = paramAt(first.instancePath, (first.params as { missingProperty: string }).missingProperty);
    const rule = parent?.properties?.[name.split('.').at(-1) as string]?.description;
    return new SandboxError(
      'parameter_missing',
      `Missing required parameter ${name}${rule ? `: ${rule}` : ''}.`,
      name,
    );
  }
  if (first.keyword === 'additionalProperties') {
    const name = paramAt(
      first.instancePath,
      (first.params as { additionalProperty: string }).additionalProperty,
    );
    const allowed = Object.keys(parent?.properties ?? {});
    const where = part === 'querystring' ? 'query parameter' : 'parameter';
    const rule = allowed.length
      ? `Allowed: ${allowed.join(', ')}.`
      : `This route takes no ${part === 'querystring' ? 'query parameters' : 'parameters'}.`;
    return new SandboxError('parameter_unknown', `Unknown ${where} ${name}. ${rule}`, name);
  }
  if (first.instancePath === '') {
    // A route that takes no body (bodilessRoutes.ts) says so, rather than ask for an object.
    const takesNone =
      parent?.additionalProperties === false && Object.keys(parent.properties ?? {}).length === 0;
    return new SandboxError(
      'body_invalid_json',
      takesNone
        ? `This route takes no body (or an empty object {}); got ${describeValue(first.data)}.`
        : `The request body must be a JSON object; got ${describeValue(first.data)}.`,
    );
  }
  const name = paramAt(first.instancePath);
  // A union reports one error per branch, then its own; the one with a description says what is allowed.
  const withRule = errors.find(
    (e) => e.instancePath === first.instancePath && (e.parentSchema as { description?: string })?.description,
  );
  const ruleSchema = withRule?.parentSchema as
    { description?: string; format?: string; pattern?: string } | undefined;
  // A URL field's value that is no http(s) URL: say what is wrong with the address in words, with an
  // example (a webhook URL's; the configuration file's, with {workspace}, are no URIs).
  const webhookUrl = ruleSchema?.format === 'uri' || ruleSchema?.pattern === ENDPOINT_URL_FIELD.pattern;
  const urlProblem =
    typeof first.data !== 'string'
      ? null
      : name === 'url' && webhookUrl
        ? webhookUrlProblem(first.data)
        : name === 'public_url'
          ? publicUrlProblem(first.data)
          : null;
  if (urlProblem) return new SandboxError('parameter_invalid', urlProblem, name);
  const rule = ruleSchema?.description ?? first.message;
  // A query string holds text: "1.5" and "0" are both what was typed, so neither gets a type.
  const value =
    part === 'querystring' && (typeof first.data === 'string' || typeof first.data === 'number')
      ? JSON.stringify(String(first.data))
      : describeValue(first.data);
  return new SandboxError('parameter_invalid', `Invalid ${name}: ${value}; ${name} must be ${rule}.`, name);
}

type BodyCheck = (value: unknown) => { error?: SandboxError };
let bodyCompiler: FastifySchemaCompiler<unknown> | undefined;
const bodyChecks = new Map<object, BodyCheck>();

/**
 * What the API would answer for `value` sent as a JSON body checked against `schema` (its words,
 * naming the field and what is allowed), or undefined when it passes: for input that does not
 * come as a request (a configuration file's records, a fault rule or a trigger's --override
 * from the command line). Each schema is compiled once.
 */
export function bodyError(schema: object, value: unknown): SandboxError | undefined {
  let check = bodyChecks.get(schema);
  if (!check) {
    bodyCompiler ??= createValidatorCompiler(() => false);
    check = bodyCompiler({ schema, httpPart: 'body', method: 'POST', url: '/' }) as BodyCheck;
    bodyChecks.set(schema, check);
  }
  return check(value).error;
}
