import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../../errors';
import { sendError } from '../errorHandler';
import type { KnownRoutes } from '../knownRoutes';

const API_ROUTES: Record<string, string[]> = {
  '/payment-links': ['GET', 'POST'],
  '/payment-links/:id': ['GET'],
  '/payment-links/:id/cancel': ['POST'],
  '/sandbox/simulate': ['POST'],
  '/sandbox/clock': ['GET'],
  '/sandbox/clock/advance': ['POST'],
  '/sandbox/clock/freeze': ['POST'],
  '/sandbox/clock/resume': ['POST'],
  '/sandbox/inbox/:name/messages': ['GET', 'DELETE'],
  '/sandbox/inbox/:name': ['PUT'],
  '/sandbox/faults': ['GET', 'POST', 'DELETE'],
  '/sandbox/faults/:id': ['DELETE'],
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
const CONSOLE_API = '/_console/api/';

const methodNotAllowed = (reply: FastifyReply, method: string, path: string, allow: string[]) =>
  sendError(
    reply.header('allow', allow.join(', ')),
    new SandboxError(
      'method_not_allowed',
      `${method} is not allowed on ${path}; allowed: ${allow.join(', ')}.`,
    ),
  );

/** A known path with the wrong method is 405 with Allow, not 404 (contract §3). */
export function methodNotAllowedRoutes(app: FastifyInstance): void {
  for (const [url, allowed] of Object.entries(API_ROUTES)) {
    const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
    app.route({
      method: METHODS.filter((m) => !allowed.includes(m)),
      url,
      schema: { hide: true },
      config: { answersMethodNotAllowed: true },
      handler: (request, reply) =>
        methodNotAllowed(reply, request.method, request.url.split('?')[0] as string, allow),
    });
  }
}

/**
 * No route for this method and path: 405 with Allow when the path has other methods (a console
 * route, or one added later), else 404 naming what the API — or, for the console, its API — has.
 */
export function routeNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
  known: KnownRoutes,
): FastifyReply {
  const path = request.url.split('?')[0] as string;
  const allow = known.allowed(path);
  if (allow.length > 0) return methodNotAllowed(reply, request.method, path, allow);
  const where = path.startsWith(CONSOLE_API)
    ? 'The console API lives under /_console/api; see /openapi.json (tag Console).'
    : `The API has: ${Object.entries(API_ROUTES)
        .flatMap(([url, methods]) => methods.map((m) => `${m} ${url}`))
        .join(', ')}.`;
  return sendError(
    reply,
    new SandboxError('route_not_found', `No route ${request.method} ${path}. ${where}`),
  );
}
