// The operations of a served OpenAPI document, and paths to call them by, for tests that walk
// every operation rather than a list written by hand (a route added later is walked too).
import { patternExample } from '../core/http/openapi/patternExample';

type Json = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export interface Operation {
  method: string;
  /** The path template, /payment-links/{id}. */
  path: string;
  op: Json;
}

export const documentOperations = (doc: Json): Operation[] =>
  Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m] })),
  );

/** A value the parameter's schema takes: a UUID, or one built from its pattern, else `x`. */
function sampleOf(schema: Json): string {
  if (schema?.format === 'uuid') return '3b9a4c1e-2f6d-4e8a-9c0b-5d7e6f1a2b3c';
  return (schema?.pattern && patternExample(schema.pattern)) || 'x';
}

/**
 * The path with each path parameter and each required query parameter filled with a value its
 * schema takes (no such record exists, so an operation gets as far as its record's lookup), then
 * `query` appended as given.
 */
export function concretePath(operation: Operation, query: Record<string, string> = {}): string {
  const params: Json[] = operation.op.parameters ?? [];
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(sampleOf(param?.schema));
  });
  const search = new URLSearchParams();
  for (const p of params) if (p.in === 'query' && p.required) search.append(p.name, sampleOf(p.schema));
  for (const [name, value] of Object.entries(query)) search.append(name, value);
  return search.size > 0 ? `${path}?${search}` : path;
}
