import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { InboxSettingsBodySchema } from '../../../shared/types';
import { InboxForwardRequestSchema } from '../../../shared/consoleSchemas';
import { ConsoleEnvelope, consoleResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';
import { ConsoleMessagesQuery, InboxNameParams } from '../../../shared/inboxParams';

const TAG = ['Console'];
const MessageParams = Type.Object({
  name: InboxNameParams.properties.name,
  id: Type.String({ minLength: 1, maxLength: 100, description: 'a message id (msg_…)' }),
});

/** The built-in inbox for the console's Inbox screen: list, read, set, clear, forward. */
export function consoleInboxRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/inbox',
    {
      schema: {
        tags: TAG,
        summary: 'List the inboxes',
        description:
          'Every inbox that has received a request or been set, most recently used first: its answer settings, how much of its sequence is used, and how many messages it keeps. Messages are kept across restarts in the data folder (docs/storage.md); the answer settings are not.',
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.inbox.views()),
  );
  api.get(
    '/inbox/:name/messages',
    {
      schema: {
        tags: TAG,
        summary: "An inbox's messages, newest first, without headers or bodies",
        description:
          'New ones arrive on the event stream as inbox.received; GET /_console/api/inbox/{name}/messages/{id} has the headers and body. `q` keeps only the messages whose body carries what it searches for (contract §16).',
        params: InboxNameParams,
        querystring: ConsoleMessagesQuery,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) =>
      sendData(reply, 200, request.workspace.inbox.summaries(request.params.name, request.query.q)),
  );
  api.get(
    '/inbox/:name/messages/:id',
    {
      schema: {
        tags: TAG,
        summary: 'One inbox message with its headers and body',
        params: MessageParams,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    (request, reply) =>
      sendData(reply, 200, request.workspace.inbox.message(request.params.name, request.params.id)),
  );
  api.put(
    '/inbox/:name',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Set how an inbox answers',
        description:
          'As PUT /sandbox/inbox/{name}: status, delay_ms and sequence, absent ones back to their defaults; the sequence starts over. Announced as inbox.changed.',
        params: InboxNameParams,
        body: InboxSettingsBodySchema,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) =>
      sendData(reply, 200, request.workspace.inbox.configure(request.params.name, request.body)),
  );
  api.delete(
    '/inbox/:name/messages',
    {
      schema: {
        tags: TAG,
        summary: "Clear an inbox's messages",
        description: 'Its answer settings stay. Announced as inbox.changed.',
        params: InboxNameParams,
        response: consoleResponses({ 200: ConsoleEnvelope }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.inbox.clear(request.params.name)),
  );
  api.post(
    '/inbox/:name/messages/:id/forward',
    {
      schema: {
        tags: TAG,
        summary: 'Forward a message to a URL',
        description:
          'Sends the message again to url: its method, its raw body and its headers as received (less Host, Content-Length, Connection and the other headers of the old connection, and the credentials the inbox removed), and answers how the URL answered. No answer within 10 s, a refused connection or a DNS failure is a result too: status null and the error. A url that is not an absolute http(s) URL is 400 parameter_invalid; a message no longer kept is 404.',
        params: MessageParams,
        body: InboxForwardRequestSchema,
        response: consoleResponses({ 200: ConsoleEnvelope }, { 404: 'resource_not_found' }),
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        200,
        await request.workspace.inbox.forward(request.params.name, request.params.id, request.body.url),
      ),
  );
}
