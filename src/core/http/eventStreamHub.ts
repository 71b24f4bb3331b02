import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleStreamEvent, SandboxEvent } from '../../shared/types';
import { requestSummary } from '../requestHistory';
import type { SandboxCore } from '../sandboxCore';
import { UNSENT_LIMIT_BYTES } from '../../shared/eventStreamLimits';
import { EVERY_RESPONSE } from './securityHeaders';

const HEARTBEAT_MS = 15_000;
/**
 * How much may wait unsent for all clients together, so a hundred tabs that fall behind cost no
 * more than this either: a client whose share would pass it is disconnected like a sleeping one.
 */
export const UNSENT_TOTAL_LIMIT_BYTES = 32 * 1024 * 1024;

const forConsole = (event: SandboxEvent): ConsoleStreamEvent =>
  event.type === 'request.logged' ? { type: 'request.logged', entry: requestSummary(event.entry) } : event;

/**
 * The clients of one event stream (the console's, the keyed log's): one listener on the source
 * for all of them, each message serialised once, and a bound on what any one client, and all of
 * them together, may leave unread.
 */
export class EventStreamHub<T> {
  private readonly clients = new Set<ServerResponse>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  constructor(
    /** Starts listening to the source; returns how to stop. */
    private readonly subscribe: (send: (item: T) => void) => () => void,
    /** One item as a whole Server-Sent Events message. */
    private readonly format: (item: T) => string,
  ) {}

  add(res: ServerResponse): void {
    // Gone before the stream began: its 'close' has fired already and would never remove it.
    if (res.destroyed) return;
    if (this.clients.size === 0) {
      this.unsubscribe = this.subscribe(this.broadcast);
      // Comments keep proxies and idle timers from closing a quiet stream.
      this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
      this.heartbeat.unref();
    }
    this.clients.add(res);
    res.on('close', () => this.remove(res));
  }

  /**
   * Ends every stream and closes its connection, when the server is closing: an open console tab
   * would otherwise hold the close until the CLI's grace period ran out, and a restart in that
   * moment would find the data folder still locked. The tab reconnects once a server is back.
   */
  closeAll(): void {
    for (const res of this.clients) {
      this.remove(res);
      res.end();
      res.socket?.destroySoon();
    }
  }

  private remove(res: ServerResponse): void {
    if (!this.clients.delete(res) || this.clients.size > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private readonly broadcast = (item: T): void => {
    this.write(this.format(item));
  };

  private write(message: string): void {
    let total = 0;
    const bytes = Buffer.byteLength(message);
    for (const res of this.clients) {
      const unsent = res.writableLength + bytes;
      if (unsent > UNSENT_LIMIT_BYTES || total + unsent > UNSENT_TOTAL_LIMIT_BYTES) {
        this.remove(res);
        res.destroy();
      } else {
        res.write(message);
        total += unsent;
      }
    }
  }
}

/** The console's stream: every change the core announces. */
export const consoleEventHub = (core: SandboxCore): EventStreamHub<SandboxEvent> =>
  new EventStreamHub(
    (send) => {
      core.events.on('event', send);
      return () => core.events.off('event', send);
    },
    (event) => `event: ${event.type}\ndata: ${JSON.stringify(forConsole(event))}\n\n`,
  );

/**
 * Takes the reply over and starts a text/event-stream answer with `first` (the stream's own opening
 * messages); the caller adds the response to a hub.
 */
export function startEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  first: string,
): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-request-id': request.id,
    // A hijacked reply sends none of the reply's own headers: those of docs/security.md.
    ...EVERY_RESPONSE,
  });
  res.write(first);
  return res;
}
