/**
 * The document as @fastify/swagger emits it: arbitrary JSON the steps below read and rewrite in
 * place; typing each OpenAPI node would restate the spec without checking anything more.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** Keywords whose value is a map of names to schemas: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'contains']);

/**
 * A schema's shape: stable JSON without its annotations, so the same object described in two
 * places (an error "409: …" and "404: …") is recognised as one schema.
 */
export function shapeKey(schema: Json): string {
  return JSON.stringify(canonical(schema));
}

const sortName = (key: string): string => (key === 'const' ? 'enum' : key);

/** TypeBox's Record writes patternProperties {"^.*$": X}; @fastify/swagger, additionalProperties X. */
function anyKeyAsAdditional(node: Json): Json {
  const keys = Object.keys(node.patternProperties ?? {});
  if (keys.length !== 1 || keys[0] !== '^.*$' || 'additionalProperties' in node) return node;
  const { patternProperties, ...rest } = node;
  return { ...rest, additionalProperties: patternProperties['^.*$'] };
}

/** A schema as @fastify/swagger would write it, for components taken straight from TypeBox. */
export function asSwaggerWrites(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(asSwaggerWrites);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(anyKeyAsAdditional(schema)).map(([k, v]) => [k, asSwaggerWrites(v)]),
  );
}

function canonical(input: Json): Json {
  if (Array.isArray(input)) return input.map(canonical);
  if (!input || typeof input !== 'object') return input;
  const node = anyKeyAsAdditional(input);
  const out: Json = {};
  for (const key of Object.keys(node).sort((a, b) => sortName(a).localeCompare(sortName(b)))) {
    if (key === 'description' || key === 'examples' || key === 'example' || key === 'title') continue;
    const value = node[key];
    // @fastify/swagger writes TypeBox's const as a one-value enum; both mean the same.
    if (key === 'const') {
      out.enum = [canonical(value)];
      continue;
    }
    out[key] = SCHEMA_MAPS.has(key)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, canonical(value[name])]),
        )
      : canonical(value);
  }
  return out;
}

/** Each subschema directly under `schema`, with a name for where it sits, for `visit` to replace. */
export function mapChildren(schema: Json, visit: (child: Json, where: string) => Json): void {
  if (!schema || typeof schema !== 'object') return;
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      for (const name of Object.keys(value)) value[name] = visit(value[name], name);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      schema[key] = value.map((child, i) => visit(child, `${key}${i}`));
    } else if (SCHEMA_VALUES.has(key) && value && typeof value === 'object') {
      schema[key] = visit(value, key === 'items' ? 'item' : key);
    }
  }
}

export interface SchemaSite {
  /** Where the schema is, for naming: operationId plus request or response status. */
  name: string;
  get(): Json;
  set(schema: Json): void;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document's paths (and webhooks), with its method and path. */
export function operations(doc: Json): { method: string; path: string; op: Json; webhook: boolean }[] {
  const found: { method: string; path: string; op: Json; webhook: boolean }[] = [];
  for (const [area, webhook] of [
    ['paths', false],
    ['webhooks', true],
  ] as const) {
    for (const [path, item] of Object.entries<Json>(doc[area] ?? {})) {
      for (const method of HTTP_METHODS) {
        if (item[method]) found.push({ method, path, op: item[method], webhook });
      }
    }
  }
  return found;
}

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The root schema of each request body and response of each operation. */
export function schemaSites(doc: Json): SchemaSite[] {
  const sites: SchemaSite[] = [];
  for (const { op } of operations(doc)) {
    const id = pascal(op.operationId ?? 'Operation');
    const media = (content: Json, name: string) => {
      for (const [type, entry] of Object.entries<Json>(content ?? {})) {
        if (!entry.schema) continue;
        sites.push({
          name: type === 'application/json' ? name : `${name}${pascal(type)}`,
          get: () => entry.schema,
          set: (schema) => (entry.schema = schema),
        });
      }
    };
    if (op.requestBody?.content) media(op.requestBody.content, `${id}Request`);
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      media(response.content, `${id}Response${status}`);
    }
  }
  return sites;
}

export { pascal };
