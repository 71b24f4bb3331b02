import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LOG_CURSOR_PATTERN } from '../../../shared/sandboxLog';
import type { KeptEntry } from '../../sandboxLog';
import { perWorkspace } from '../perWorkspace';
import { EventStreamHub, startEventStream } from '../eventStreamHub';
import { UNSENT_LIMIT_BYTES } from '../../../shared/eventStreamLimits';
import { keyedSchema, LogsEnvelope } from '../keyedSchemas';
import { sendJson } from '../respond';

const LogQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        pattern: LOG_CURSOR_PATTERN,
        description:
          'the cursor of an earlier answer (or an event-stream message id): only what came after it, oldest of those first',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'an integer from 1 to 1000 (default 100)' }),
    ),
  },
  { additionalProperties: false },
);

const message = (kept: KeptEntry): string =>
  `id: ${kept.cursor}\nevent: ${kept.type}\ndata: ${kept.json}\n\n`;

/** GET /sandbox/logs: what the API answered and what the webhooks met, read once or followed live. */
export function keyedLogRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const hubs = perWorkspace(
    app,
    ({ log }) =>
      new EventStreamHub<KeptEntry>((send) => {
        log.added.on('entry', send);
        return () => log.added.off('entry', send);
      }, message),
    (hub) => hub.closeAll(),
  );
  api.get(
    '/sandbox/logs',
    {
      schema: {
        ...keyedSchema(
          'Read or follow the log of API requests and webhook attempts',
          `Entries of two types, api_request (each Payment Links API and /sandbox request, with both bodies, or null ones once the request log has let them go) and webhook_attempt (each attempt to deliver a webhook), newest first; the newest 1,000 are kept in memory, and a restart starts afresh. The answer's cursor, given back as ?since=, gets only what came after it. With Accept: text/event-stream the answer is a stream instead: the entries after since (when given), oldest first, then each new one as it happens; each message has event: set to the entry's type, id: to its cursor and data: to its JSON. A client that leaves more than ${UNSENT_LIMIT_BYTES / 1024 / 1024} MiB unread is disconnected; the stream ends when the sandbox shuts down.`,
          { 200: LogsEnvelope },
        ),
        querystring: LogQuery,
      },
    },
    (request, reply) => {
      const { since, limit } = request.query;
      if (request.headers.accept?.includes('text/event-stream')) {
        // What came before the stream opened is read in the same turn as it joins the hub: no gap.
        const earlier = since === undefined ? [] : request.workspace.log.after(since);
        const res = startEventStream(request, reply, `retry: 1000\n\n${earlier.map(message).join('')}`);
        hubs(request.workspace).add(res);
        return;
      }
      const page = request.workspace.log.page(since, limit ?? 100);
      return sendJson(
        reply,
        200,
        `{"data":[${page.entries.map((k) => k.json).join(',')}],"cursor":"${page.cursor}","has_more":${page.has_more},"meta":{"request_id":"${request.id}"}}`,
      );
    },
  );
}
