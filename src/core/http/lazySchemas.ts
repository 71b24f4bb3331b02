import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Compiling every route's response serializers (fast-json-stringify, with ajv for its anyOf) before
 * listening held up start-up for about a third of a second, for routes a run may never call
 * (docs/performance.md, "Start-up"). Each is compiled when its route first answers instead, by the
 * same compiler Fastify would use, so what is sent is unchanged.
 */
type BuildSerializer = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;

// Fastify's own default, resolved from Fastify so it is the version Fastify was built with.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => BuildSerializer;
};

export const buildSerializerOnFirstUse: BuildSerializer = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};
