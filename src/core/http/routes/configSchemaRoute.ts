import type { FastifyInstance } from 'fastify';
import { configurationJsonSchema } from '../../configuration/configurationSchema';

export const CONFIG_SCHEMA_PATH = '/config.schema.json';

/** The configuration file's JSON Schema, for editors and `$schema`: no key, like /openapi.json. */
export function configSchemaRoute(app: FastifyInstance): void {
  const document = JSON.stringify(configurationJsonSchema(), null, 2);
  app.get(CONFIG_SCHEMA_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(document),
  );
}
