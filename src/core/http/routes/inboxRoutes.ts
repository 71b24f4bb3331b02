import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { InboxNameParams, MessagesQuery } from '../../../shared/inboxParams';
import { InboxSettingsBodySchema, MetaSchema } from '../../../shared/types';
import { InboxMessageSchema, InboxViewSchema } from '../../../shared/consoleSchemas';
import { apiResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const MessagesEnvelope = Type.Object({ data: Type.Array(InboxMessageSchema), meta: MetaSchema });
const InboxEnvelope = Type.Object({ data: InboxViewSchema, meta: MetaSchema });

/** docs/contract.md §12: read, empty and set an inbox from a test, behind the API key like /sandbox/clock. */
export function inboxRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/sandbox/inbox/:name/messages',
    {
      schema: {
        tags: ['Sandbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Read what an inbox received',
        description:
          'Newest first, with headers (a Cookie, Authorization or Proxy-Authorization value reads [removed: the sandbox keeps no credentials]) and body (the first 256 KiB; base64 when not UTF-8) and the verification result: verified, invalid (the signature does not match) or unverifiable (no sandbox endpoint points at this inbox, or no signature headers), with its reason. `since` returns only messages received after that one; `q` only those whose body carries what it searches for: free text matched anywhere in the body (q=INV-1001), or `path = value` on the JSON body (q=data.reference_id%20%3D%20INV-1001). Each message carries its query string, webhook_id and, for a payment_link.* event, its link_id. Each inbox keeps its newest 1,000, all together at most 64 MiB; they are kept in the data folder across restarts (docs/storage.md), until DELETE or POST /sandbox/reset empties them. An inbox that has received nothing lists [].',
        params: InboxNameParams,
        querystring: MessagesQuery,
        response: apiResponses({ 200: MessagesEnvelope }, {}),
      },
    },
    (request, reply) =>
      sendData(
        reply,
        200,
        request.workspace.inbox.messages(request.params.name, request.query.since, request.query.q),
      ),
  );
  api.delete(
    '/sandbox/inbox/:name/messages',
    {
      schema: {
        tags: ['Sandbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Empty an inbox',
        description:
          'Forgets every message the inbox received, so a test starts from none; how it answers stays as set. Answers the inbox as it now is (message_count 0). An inbox that has received nothing answers the same.',
        params: InboxNameParams,
        response: apiResponses({ 200: InboxEnvelope }, {}),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.inbox.clear(request.params.name)),
  );
  api.put(
    '/sandbox/inbox/:name',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['Sandbox'],
        security: [{ bearerAuth: [] }],
        summary: 'Set how an inbox answers',
        description:
          "Replaces the answer settings (absent fields take their defaults: status 200, delay_ms 0, sequence []) and starts the sequence over. Each request takes the next sequence entry; once they are used up, every request gets status. [500, 500, 200] (or [500, 500] with status 200) fails twice, then answers 200. delay_ms holds every answer (up to 60 s: past the sandbox's 10 s delivery timeout, a delivery times out). The settings are kept in memory: a restart goes back to the defaults (the messages stay).",
        params: InboxNameParams,
        body: InboxSettingsBodySchema,
        response: apiResponses(
          { 200: InboxEnvelope },
          { 413: 'body_too_large', 415: 'unsupported_media_type' },
        ),
      },
    },
    (request, reply) =>
      sendData(reply, 200, request.workspace.inbox.configure(request.params.name, request.body)),
  );
}
