// Examples for every request body and response of the document: the realistic values of
// exampleValues.ts where they fit, generated from the schema (formats, bounds, patterns) elsewhere.
import { createHash } from 'node:crypto';
import { ERROR_CATALOG, type ErrorCode } from '../../errors';
import { ERROR_MESSAGES, FIELD_EXAMPLES, NAMED_EXAMPLES, REQUEST_ID } from './exampleValues';
import { patternExample } from './patternExample';
import { operations, type Json } from './schemaWalk';

/** A stable UUID per field name, so examples read alike on every start. */
const uuidFor = (seed: string): string => {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

function resolve(doc: Json, ref: string): [string, Json] {
  const name = ref.split('/').at(-1) as string;
  return [name, doc.components?.schemas?.[name]];
}

/** A value valid against `schema`, built from its types, formats, bounds and the tables above. */
export function exampleOf(doc: Json, schema: Json, field = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 12) return null;
  if (schema.$ref) {
    const [name, target] = resolve(doc, schema.$ref);
    if (name in NAMED_EXAMPLES) return structuredClone(NAMED_EXAMPLES[name]);
    return exampleOf(doc, target, field, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (field in FIELD_EXAMPLES && fits(FIELD_EXAMPLES[field], schema))
    return structuredClone(FIELD_EXAMPLES[field]);
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) {
    return schema.allOf.reduce(
      (merged: Json, part: Json) => merge(merged, exampleOf(doc, part, field, depth + 1)),
      {},
    );
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const nonNull = branches.find((b: Json) => b.type !== 'null') ?? branches[0];
    return exampleOf(doc, nonNull, field, depth + 1);
  }
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
        out[name] = exampleOf(doc, property, name, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = exampleOf(doc, schema.items, field, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringExample(schema, field);
    default:
      return {};
  }
}

/**
 * Whether a table value suits this field's schema: a route added later may use the same name
 * for another type (an `amount` that is a string), and then gets a generated value instead.
 */
function fits(value: unknown, schema: Json): boolean {
  const branches: Json[] = schema.anyOf ?? schema.oneOf ?? [schema];
  return branches.some((branch) => {
    if (value === null) return branch.type === 'null';
    switch (branch.type) {
      case 'string':
        return (
          typeof value === 'string' &&
          value.length >= (branch.minLength ?? 0) &&
          value.length <= (branch.maxLength ?? Infinity) &&
          (!branch.pattern || new RegExp(branch.pattern).test(value)) &&
          (!branch.enum || branch.enum.includes(value))
        );
      case 'integer':
      case 'number':
        return (
          typeof value === 'number' &&
          (branch.type === 'number' || Number.isInteger(value)) &&
          value >= (branch.minimum ?? -Infinity) &&
          value <= (branch.maximum ?? Infinity)
        );
      case 'array':
        return Array.isArray(value) && value.every((item) => fits(item, branch.items ?? {}));
      default:
        return branch.type === undefined && !branch.allOf && !branch.$ref;
    }
  });
}

function stringExample(schema: Json, field: string): string {
  const text = field ? field.replace(/_/g, ' ') : 'text';
  const candidate =
    schema.format === 'uuid'
      ? uuidFor(field)
      : schema.format === 'date-time'
        ? '2026-11-23T10:15:00.000Z'
        : schema.format === 'uri'
          ? 'https://example.test/'
          : text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
  if (!schema.pattern || new RegExp(schema.pattern).test(candidate)) return candidate;
  return patternExample(schema.pattern) ?? candidate;
}

function merge(a: unknown, b: unknown): unknown {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as object) };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return b ?? a;
}

/** An error body for a response narrowed to `codes`: the first code, with its own type. */
function errorExample(codes: ErrorCode[]): unknown {
  const code = codes[0] as ErrorCode;
  const message =
    ERROR_MESSAGES[code] ?? `${code.charAt(0).toUpperCase()}${code.slice(1).replace(/_/g, ' ')}.`;
  return { error: { type: ERROR_CATALOG[code].type, code, message }, meta: { request_id: REQUEST_ID } };
}

/**
 * An example on every request body and response of the document, unless the route gave one: the
 * tables above for what people recognise, generated from the schema for the rest.
 */
export function addExamples(
  doc: Json,
  requestExamples: Record<string, unknown> = {},
  responseExamples: Record<string, unknown> = {},
): void {
  for (const { op } of operations(doc)) {
    for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
      if (media.example !== undefined || media.examples) continue;
      media.example =
        op.operationId in requestExamples && type === 'application/json'
          ? requestExamples[op.operationId]
          : exampleOf(doc, media.schema);
    }
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      for (const media of Object.values<Json>(response.content ?? {})) {
        if (media.example !== undefined || media.examples) continue;
        const given = responseExamples[`${op.operationId} ${status}`];
        if (given !== undefined) {
          media.example = given;
          continue;
        }
        const codes: ErrorCode[] | undefined =
          media.schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum;
        media.example = codes ? errorExample(codes) : exampleOf(doc, media.schema);
      }
    }
  }
}
