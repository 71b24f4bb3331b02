import type { FastifyContextConfig, FastifySchema } from 'fastify';
import Type from 'typebox';
import { ErrorBodySchema } from '../../../shared/types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an Idempotency-Key header: it answers through respondIdempotently, and the
     * document gets the header, the note and the 409 and 422 that come with it.
     */
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

const NOTE =
  'Send an Idempotency-Key header (1 to 255 characters) to make retries safe: the same key and request replay the first response byte for byte, with Idempotent-Replayed: true.';

/** The errors only a key can bring, by status. */
const KEY_ERRORS: Record<number, string> = {
  409: 'idempotency_request_in_progress',
  422: 'idempotency_key_reused',
};

type Responses = Record<string, { description?: string }>;

/** The route's responses with each key error named in its status's description (added when absent). */
function withKeyErrors(responses: Responses): Responses {
  const out = { ...responses };
  for (const [status, code] of Object.entries(KEY_ERRORS)) {
    const response = out[status];
    out[status] = response?.description
      ? { ...response, description: `${response.description}, ${code}` }
      : { ...ErrorBodySchema, description: code };
  }
  return out;
}

/**
 * Documents what the `idempotent` flag brings: the Idempotency-Key header, the note on retries,
 * and the 409 and 422 it can answer. The header is in the document only: the route checks it
 * itself, to answer idempotency_key_invalid rather than a generic validation error. A route that
 * names a key error without the flag is refused, so the document cannot promise what it lacks.
 */
export function documentIdempotencyKey({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: { config?: unknown; method?: unknown };
}): { schema: FastifySchema; url: string } {
  const takesKey = (route.config as FastifyContextConfig | undefined)?.idempotent === true;
  const responses = (schema?.response ?? {}) as Responses;
  if (!takesKey) {
    const named = Object.values(KEY_ERRORS).find((code) =>
      Object.values(responses).some((r) => r.description?.includes(code)),
    );
    if (named)
      throw new Error(
        `${String(route.method)} ${url} documents ${named} but takes no Idempotency-Key (config.idempotent)`,
      );
    return { schema, url };
  }
  const description = (schema as { description?: string }).description;
  return {
    schema: {
      ...schema,
      description: description ? `${description} ${NOTE}` : NOTE,
      headers: IdempotencyHeader,
      response: withKeyErrors(responses),
    } as FastifySchema,
    url,
  };
}
