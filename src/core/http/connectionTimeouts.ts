import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long the server waits on a client (docs/security.md, "Slow or silent clients"). */
export interface ConnectionTimeouts {
  /**
   * No byte from the client for this long, while the server waits on it (a connection that never
   * sends a request, headers or a body that stop half-way): the connection is closed. An idle
   * limit rather than a total one, so an import of 4 GiB that keeps coming is never cut off.
   */
  idleMs: number;
  /** The whole request head must arrive within this (a client trickling header bytes). */
  headersMs: number;
  /** A kept-alive connection with no next request is closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  idleMs: 30_000,
  headersMs: 60_000,
  keepAliveMs: 72_000,
};

/**
 * Node's socket timeout counts silence both ways, including while a route is still working on a
 * request it has whole (a latency fault of a minute, a long clock advance) or streams an answer
 * (the console's event stream): those are the server's own time, never the client's. So the
 * timeout only closes a connection the server is waiting on: no request yet or between requests,
 * or a body still arriving with nothing of it left unread.
 */
export function applyConnectionTimeouts(server: Server, timeouts: ConnectionTimeouts): void {
  const current = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  server.setTimeout(timeouts.idleMs);
  server.headersTimeout = timeouts.headersMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // No limit on a whole request: the idle limit above bounds a stalled body at any size.
  server.requestTimeout = 0;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => current.set(req.socket, { req, res }));
  // With a listener here Node leaves the decision to us instead of destroying every timed-out socket.
  server.on('timeout', (socket: Socket) => {
    const exchange = current.get(socket);
    const waitingOnClient =
      !exchange ||
      exchange.res.writableFinished ||
      (!exchange.req.complete && exchange.req.readableLength === 0);
    if (waitingOnClient) socket.destroy();
  });
}
