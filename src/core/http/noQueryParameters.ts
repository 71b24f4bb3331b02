// docs/contract.md §6: an unknown query parameter is a 400 naming it. The routes that take parameters
// say which in their schema; a route that takes none gets an empty, closed one, so `?expand=x` on
// a retrieve or `?since=…` on emptying an inbox is refused like `?foo=1` on the list, instead of
// being ignored (lenient validation drops them, as it drops unknown body fields).
import type { FastifyInstance, RouteOptions } from 'fastify';
import Type from 'typebox';

const NO_QUERY = Type.Object({}, { additionalProperties: false });
// The console API is left out: any of its routes takes ?token=… beyond loopback (docs/contract.md §10).
const GOVERNED = /^\/(?:payment-links|sandbox\/)/;

export function refuseUnknownQueryParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // A wrong method's 405 (a hidden route) answers before any parameter is looked at.
    if (!route.schema || route.schema.hide || route.schema.querystring || !GOVERNED.test(route.url)) return;
    route.schema = { ...route.schema, querystring: NO_QUERY };
  });
}
