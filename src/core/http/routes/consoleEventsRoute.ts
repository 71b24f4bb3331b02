import type { FastifyInstance } from 'fastify';
import { consoleEventHub, startEventStream } from '../eventStreamHub';
import { perWorkspace } from '../perWorkspace';
import { consoleResponses } from '../apiSchemas';
import { UNSENT_LIMIT_BYTES } from '../../../shared/eventStreamLimits';

/**
 * GET /_console/api/events: Server-Sent Events, one per change to links, deliveries, endpoints,
 * settings and the queue, and one per API request, as they happen, so the console never polls.
 */
export function consoleEventsRoute(app: FastifyInstance): void {
  const hubs = perWorkspace(app, consoleEventHub, (hub) => hub.closeAll());
  app.get(
    '/events',
    {
      schema: {
        tags: ['Console'],
        summary: 'Stream every change (Server-Sent Events)',
        description: `text/event-stream. Each message has \`event:\` set to the change type (link.changed, delivery.changed, delivery.deleted, endpoint.changed, endpoint.deleted, settings.changed, queue.changed, webhook_event.recorded, request.logged, inbox.received, inbox.changed, faults.changed, clock.changed, store.replaced, changes.skipped) and \`data:\` its JSON. A logged request comes without its bodies (GET /_console/api/requests/{seq} has them), an inbox message without its headers and body (GET /_console/api/inbox/{name}/messages/{id}). A client that leaves more than ${UNSENT_LIMIT_BYTES / 1024 / 1024} MiB unread (a burst of thousands of changes, faster than it reads) is sent nothing more until it has read all that waits, then one changes.skipped ({ skipped }: how many messages it was not sent): read everything again. One that reads nothing meanwhile from one heartbeat (a comment every 15 s) to the next is disconnected; reconnect and reload, as after any disconnect.`,
        // The 200 is text, written to the hijacked reply: document.ts documents it as such.
        response: consoleResponses({}),
      },
    },
    (request, reply) =>
      hubs(request.workspace).add(
        startEventStream(
          request,
          reply,
          `retry: 1000\nevent: ready\ndata: {"request_id":"${request.id}"}\n\n`,
        ),
      ),
  );
}
