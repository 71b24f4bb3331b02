import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { EVERY_RESPONSE } from '../securityHeaders';

export const HEALTH_PATH = '/healthz';

const Health = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false, examples: [{ status: 'ok' }] },
);

/**
 * `GET /healthz` (docs/ci.md): a container's HEALTHCHECK, a compose `depends_on` or a CI step waits
 * on it. The app is built only once the store is open, so answering at all means ready. It takes no
 * key and any Host: it tells nothing but "up", and a health probe from another container names the
 * service, which the Host allow-list would otherwise refuse. Never faulted, never logged.
 */
export function healthRoute(app: FastifyInstance): void {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        tags: ['Sandbox'],
        summary: 'Readiness: 200 once the store is open and the server listens',
        description:
          'No key, any Host. Answers while the sandbox serves; wait on it before sending requests. Never faulted and never in the request log.',
        security: [],
        response: { 200: Health },
      },
    },
    (request, reply) => {
      reply.header('x-request-id', request.id).headers(EVERY_RESPONSE).send({ status: 'ok' });
    },
  );
}
