import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../../errors';
import { sendError } from '../errorHandler';

const API_ROUTES: Record<string, string[]> = {
  '/payment-links': ['GET', 'POST'],
  '/payment-links/:id': ['GET'],
  '/payment-links/:id/cancel': ['POST'],
  '/sandbox/simulate': ['POST'],
  '/sandbox/clock': ['GET'],
  '/sandbox/clock/advance': ['POST'],
  '/sandbox/clock/freeze': ['POST'],
  '/sandbox/clock/resume': ['POST'],
  '/sandbox/inbox/:name/messages': ['GET'],
  '/sandbox/inbox/:name': ['PUT'],
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** A known path with the wrong method is 405 with Allow, not 404 (contract §3). */
export function methodNotAllowedRoutes(app: FastifyInstance): void {
  for (const [url, allowed] of Object.entries(API_ROUTES)) {
    const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
    app.route({
      method: METHODS.filter((m) => !allowed.includes(m)),
      url,
      schema: { hide: true },
      handler: (request, reply) =>
        sendError(
          reply.header('allow', allow.join(', ')),
          new SandboxError(
            'method_not_allowed',
            `${request.method} is not allowed on ${url}; allowed: ${allow.join(', ')}.`,
          ),
        ),
    });
  }
}

export function routeNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const routes = Object.entries(API_ROUTES).flatMap(([url, methods]) => methods.map((m) => `${m} ${url}`));
  return sendError(
    reply,
    new SandboxError(
      'route_not_found',
      `No route ${request.method} ${request.url.split('?')[0]}. The API has: ${routes.join(', ')}.`,
    ),
  );
}
