import type { FastifyInstance } from 'fastify';
import type { SandboxEvent } from '../../../shared/types';
import type { SandboxCore } from '../../sandboxCore';

const HEARTBEAT_MS = 15_000;

/**
 * GET /_console/api/events: Server-Sent Events, one per change to links, deliveries, endpoints,
 * settings and the queue, and one per API request, as they happen, so the console never polls.
 */
export function consoleEventsRoute(app: FastifyInstance, core: SandboxCore): void {
  app.get(
    '/_console/api/events',
    {
      schema: {
        tags: ['Console'],
        summary: 'Stream every change (Server-Sent Events)',
        description:
          'text/event-stream. Each message has `event:` set to the change type (link.changed, delivery.changed, delivery.deleted, endpoint.changed, endpoint.deleted, settings.changed, queue.changed, webhook_event.recorded, request.logged) and `data:` its JSON.',
      },
    },
    (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-request-id': request.id,
        // A hijacked reply sends none of the reply's own headers: those of docs/security.md.
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: 1000\nevent: ready\ndata: {"request_id":"${request.id}"}\n\n`);
      const send = (event: SandboxEvent) =>
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      core.events.on('event', send);
      // Comments keep proxies and idle timers from closing a quiet stream.
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        core.events.off('event', send);
      });
    },
  );
}
