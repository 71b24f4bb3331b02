import type { FastifySchema } from 'fastify';
import { emptyBodyAsObject } from '../respond';
import { operations, type Json } from './schemaWalk';

/** Put on an operation whose route reads an absent body as {}; documentOptionalBodies takes it off. */
const READS_ABSENT = 'x-absent-body-read-as-empty';

/**
 * Marks a route that reads an absent body as {} (emptyBodyAsObject): @fastify/swagger writes every
 * body as required, so the mark (an x- key, which it copies onto the operation) says otherwise.
 */
export function markAbsentBodyRead(
  { schema, url }: { schema: FastifySchema; url: string },
  route: { preValidation?: unknown },
): { schema: FastifySchema; url: string } {
  const hooks = [route.preValidation].flat();
  if (!schema?.body || !hooks.includes(emptyBodyAsObject)) return { schema, url };
  return { schema: { ...schema, [READS_ABSENT]: true } as FastifySchema, url };
}

/** Whether {} satisfies the schema, read from its structure (a $ref is not followed: assumed not). */
function acceptsEmptyObject(schema: Json): boolean {
  if (!schema || typeof schema !== 'object' || schema.$ref) return false;
  if (Array.isArray(schema.required) && schema.required.length > 0) return false;
  if (schema.type !== undefined && schema.type !== 'object') return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every(acceptsEmptyObject)) return false;
  for (const branches of [schema.oneOf, schema.anyOf])
    if (Array.isArray(branches) && !branches.some(acceptsEmptyObject)) return false;
  return true;
}

/**
 * A request without a body is valid where the route takes one as {} and {} is a body it accepts
 * (a reset, a cancel, setting an inbox back to its defaults): `curl -X POST …/sandbox/reset` is a
 * request the document allows. A create, which reads it as {} only to say what is missing, keeps
 * its body required. Run after the route schemas are final (the clock advance's oneOf).
 */
export function documentOptionalBodies(doc: Json): void {
  for (const { op } of operations(doc)) {
    if (!op[READS_ABSENT]) continue;
    delete op[READS_ABSENT];
    const schema = op.requestBody?.content?.['application/json']?.schema;
    if (acceptsEmptyObject(schema)) op.requestBody.required = false;
  }
}
