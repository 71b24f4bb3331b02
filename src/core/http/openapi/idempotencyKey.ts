import type { FastifyContextConfig, FastifySchema } from 'fastify';
import Type from 'typebox';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key header (documented in OpenAPI). */
    idempotent?: boolean;
  }
}

const IdempotencyHeader = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'A unique value per logical operation; retained 24 hours, scoped to the API key.',
    }),
  ),
});

/**
 * Documents the Idempotency-Key header on the routes that take one. It is added to the document
 * only: the route checks the header itself, to answer idempotency_key_invalid rather than a
 * generic validation error.
 */
export function documentIdempotencyKey({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: { config?: unknown };
}): { schema: FastifySchema; url: string } {
  const takesKey = (route.config as FastifyContextConfig | undefined)?.idempotent === true;
  return { schema: takesKey ? { ...schema, headers: IdempotencyHeader } : schema, url };
}
