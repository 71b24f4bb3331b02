import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import Type from 'typebox';
import { documentFaultResponses } from './faultDocs';

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

export function openApiInfo() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment Links Sandbox API',
      version: '1.0.0',
      description:
        "A local copy of the provider's Payment Links API. Amounts are integers in the minor unit of the sandbox's currency. Errors are { error: { type, code, message, param? }, meta: { request_id } }. Every response carries X-Request-Id.",
    },
    tags: [
      { name: 'Payment links', description: 'Create, retrieve, list and cancel payment links.' },
      { name: 'Sandbox', description: 'Sandbox-only operations.' },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'A test-mode secret key: sk_test_…',
        },
      },
    },
  };
}

/**
 * What the route schemas cannot say: the server the document is served from (known only once it
 * listens), that cancel's body is optional (@fastify/swagger marks every body required), and that
 * the inbox's one route receives only POST, PUT and PATCH (it answers the other methods 405).
 */
export function completeDocument(
  doc: { openapiObject?: Partial<OpenAPIV3_1.Document> } | object,
  origin: string,
): Partial<OpenAPIV3_1.Document> {
  const openapi = (doc as { openapiObject: Partial<OpenAPIV3_1.Document> }).openapiObject;
  const cancel = openapi.paths?.['/payment-links/{id}/cancel']?.post;
  if (cancel?.requestBody && 'content' in cancel.requestBody) cancel.requestBody.required = false;
  const inbox = openapi.paths?.['/_inbox/{name}'];
  if (inbox) for (const method of ['get', 'head', 'delete', 'options'] as const) delete inbox[method];
  documentFaultResponses(openapi);
  return { ...openapi, servers: [{ url: origin }] };
}
