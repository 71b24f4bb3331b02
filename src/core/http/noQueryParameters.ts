// docs/contract.md §6: an unknown query parameter is a 400 naming it. The routes that take parameters
// say which in their schema; a route that takes none gets an empty, closed one, so `?expand=x` on
// a retrieve or `?since=…` on emptying an inbox is refused like `?foo=1` on the list, instead of
// being ignored (lenient validation drops them, as it drops unknown body fields). The console's
// routes too: the ?token= and ?workspace= every one of them takes are taken out of the query
// before validation (consoleToken.ts, requestWorkspace.ts), so they are never unknown.
import type { FastifyInstance, RouteOptions } from 'fastify';
import Type from 'typebox';

const NO_QUERY = Type.Object({}, { additionalProperties: false });
/** The JSON API's routes: the Payment Links API, /sandbox/* and the console's. */
export const JSON_API_PATHS = /^\/(?:payment-links|sandbox\/|_console\/api\/)/;

export function refuseUnknownQueryParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // A wrong method's 405 (a hidden route) answers before any parameter is looked at.
    if (!route.schema || route.schema.hide || route.schema.querystring || !JSON_API_PATHS.test(route.url))
      return;
    route.schema = { ...route.schema, querystring: NO_QUERY };
  });
}
