import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../../errors';
import { sendError } from '../errorHandler';
import type { KnownRoutes } from '../knownRoutes';
import { CONSOLE_API_PREFIX } from './consoleApi';

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

/**
 * No route for this method and path: 405 with Allow when the path has other methods, else 404
 * naming what the API — or, for the console, its API — has.
 */
function wrongRoute(request: FastifyRequest, reply: FastifyReply, known: KnownRoutes): FastifyReply {
  const path = request.url.split('?')[0] as string;
  const allow = known.allowed(path);
  if (allow.length > 0) {
    return sendError(
      reply.header('allow', allow.join(', ')),
      new SandboxError(
        'method_not_allowed',
        `${request.method} is not allowed on ${path}; allowed: ${allow.join(', ')}.`,
      ),
    );
  }
  const where = path.startsWith(`${CONSOLE_API_PREFIX}/`)
    ? `The console API lives under ${CONSOLE_API_PREFIX}; see /openapi.json (tag Console).`
    : `The API has: ${Object.entries(API_ROUTES)
        .flatMap(([url, methods]) => methods.map((m) => `${m} ${url}`))
        .join(', ')}.`;
  return sendError(
    reply,
    new SandboxError('route_not_found', `No route ${request.method} ${path}. ${where}`),
  );
}

/**
 * A wrong method is 405 with Allow and an unknown path 404 (docs/decisions.md, "Errors and
 * routes"), answered in onRequest: before the key, the body's Content-Type or its JSON are looked at, none of which matters to a
 * request that has no route. The not-found handler answers them, for routes added later too;
 * a method the router would hand from a fixed path to a parameter's (`GET /links/bulk` to
 * `GET /links/:id`) gets a route here that answers the same. Register last, once every other
 * route is known.
 */
export function wrongRouteAnswers(
  app: FastifyInstance,
  known: KnownRoutes,
  admit: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  const answer = (request: FastifyRequest, reply: FastifyReply) => wrongRoute(request, reply, known);
  // Answers without calling done: no body parser, validation or handler runs after it.
  app.addHook('onRequest', (request, reply, _done) => {
    if (admit(request, reply)) answer(request, reply);
  });
  for (const { url, methods } of [...known.shadowedMethods()]) {
    app.route({
      method: methods,
      url,
      schema: { hide: true },
      config: { answersMethodNotAllowed: true },
      handler: answer,
    });
  }
  app.setNotFoundHandler(answer);
}
