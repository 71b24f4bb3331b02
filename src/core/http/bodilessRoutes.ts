// A route that takes no body takes none, or `{}` (many HTTP clients send one with every POST), and
// refuses anything else with the 400 a body gets: `[]`, `null` or `{"force": true}` on a reset or
// a cancel is a mistake its sender should hear about, not a body quietly ignored. One rule for every
// such route of the JSON API, keyed or console, so no route says it alone or forgets to.
import type { FastifyInstance, RouteOptions } from 'fastify';
import Type from 'typebox';
import { JSON_API_PATHS } from './noQueryParameters';
import { emptyBodyAsObject } from './respond';

export const NO_BODY = Type.Object({}, { additionalProperties: false, description: 'no body, or {}' });

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());

export function refuseBodiesWhereNone(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // A wrong method's 405 (a hidden route) answers before any body is looked at.
    if (!route.schema || route.schema.hide || route.schema.body || !JSON_API_PATHS.test(route.url)) return;
    if (!methodsOf(route).some((method) => WRITES.has(method))) return;
    route.schema = { ...route.schema, body: NO_BODY };
    const given = route.preValidation ?? [];
    const hooks = Array.isArray(given) ? given : [given];
    if (!hooks.includes(emptyBodyAsObject)) route.preValidation = [emptyBodyAsObject, ...hooks];
  });
}
