import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, KeyedEndpointCreate, KeyedEndpointPatch } from '../../../shared/endpointSchemas';
import { DeletedEnvelope, EndpointEnvelope, EndpointListEnvelope, keyedSchema } from '../keyedSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const NOT_FOUND = { 404: 'resource_not_found: no endpoint with this id' };
const SECRET_NOTE =
  'Each endpoint is shown with its signing secret (and any previous one still signing after a rotation): the API key holder owns the endpoints.';

/** Webhook endpoints for code in any language, behind the API key (the console has its own routes). */
export function keyedEndpointRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/sandbox/endpoints',
    {
      schema: keyedSchema('List webhook endpoints', `Every endpoint, oldest first. ${SECRET_NOTE}`, {
        200: EndpointListEnvelope,
      }),
    },
    (request, reply) => sendData(reply, 200, request.workspace.endpoints.list()),
  );
  api.post(
    '/sandbox/endpoints',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        ...keyedSchema(
          'Add a webhook endpoint',
          'Every event type is sent unless event_types says otherwise. Give secret to keep one fixed secret across runs; otherwise a whsec_ secret is generated. It takes no Idempotency-Key: list the endpoints to see whether one for your URL is there already.',
          { 201: EndpointEnvelope },
        ),
        body: KeyedEndpointCreate,
      },
    },
    async (request, reply) => sendData(reply, 201, await request.workspace.endpoints.create(request.body)),
  );
  api.get(
    '/sandbox/endpoints/:id',
    {
      schema: {
        ...keyedSchema('Read a webhook endpoint', SECRET_NOTE, { 200: EndpointEnvelope }, NOT_FOUND),
        params: IdParams,
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.endpoints.find(request.params.id)),
  );
  api.patch(
    '/sandbox/endpoints/:id',
    {
      schema: {
        ...keyedSchema(
          'Change a webhook endpoint',
          'Fields left out keep their value. A new url also readdresses its waiting deliveries. A new secret is a rotation, as the console makes one: the endpoint signs with it from now on, and the current secret keeps signing beside it (previous_secrets, until its expires_at), so a receiver switches without a gap.',
          { 200: EndpointEnvelope },
          NOT_FOUND,
        ),
        params: IdParams,
        body: KeyedEndpointPatch,
      },
    },
    async (request, reply) =>
      sendData(reply, 200, await request.workspace.endpoints.update(request.params.id, request.body)),
  );
  api.delete(
    '/sandbox/endpoints/:id',
    {
      schema: {
        ...keyedSchema(
          'Delete a webhook endpoint',
          'Its waiting deliveries go with it; finished ones stay in the history.',
          { 200: DeletedEnvelope },
          NOT_FOUND,
        ),
        params: IdParams,
      },
    },
    async (request, reply) => {
      await request.workspace.endpoints.remove(request.params.id);
      return sendData(reply, 200, { id: request.params.id, deleted: true });
    },
  );
}
