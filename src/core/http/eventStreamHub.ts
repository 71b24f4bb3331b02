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

export interface EventStreamHubOptions {
  /**
   * The message a client that fell UNSENT_LIMIT_BYTES behind gets once it has read all that
   * waited, saying how many messages it missed; without it, such a client is disconnected.
   */
  caughtUp?(skipped: number): string;
  /** How often a comment keeps quiet streams open and a client left behind is checked on. */
  heartbeatMs?: number;
}

/** A client left behind: what it missed, and what it had still to read at the last heartbeat. */
interface Behind {
  skipped: number;
  unsentAtBeat: number;
}

/**
 * The clients of one event stream (the console's, the keyed log's): one listener on the source
 * for all of them, each message serialised once, and a bound on what any one client, and all of
 * them together, may leave unread. A client past its bound either is disconnected or, with
 * `caughtUp`, gets nothing more until it has read what waits, then that one message instead of
 * all it missed: a burst (10,000 sample links are 15 MB of messages, written in a fraction of a
 * second) leaves a browser that reads them behind, not asleep. A client left behind that reads
 * nothing from one heartbeat to the next is disconnected.
 */
export class EventStreamHub<T> {
  private readonly clients = new Set<ServerResponse>();
  private readonly behind = new Map<ServerResponse, Behind>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  constructor(
    /** Starts listening to the source; returns how to stop. */
    private readonly subscribe: (send: (item: T) => void) => () => void,
    /** One item as a whole Server-Sent Events message. */
    private readonly format: (item: T) => string,
    private readonly options: EventStreamHubOptions = {},
  ) {}

  add(res: ServerResponse): void {
    // Gone before the stream began: its 'close' has fired already and would never remove it.
    if (res.destroyed) return;
    if (this.clients.size === 0) {
      this.unsubscribe = this.subscribe(this.broadcast);
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
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
    this.behind.delete(res);
    if (!this.clients.delete(res) || this.clients.size > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private cutOff(res: ServerResponse): void {
    this.remove(res);
    res.destroy();
  }

  private readonly broadcast = (item: T): void => {
    this.write(this.format(item));
  };

  /** Comments keep proxies and idle timers from closing a quiet stream. */
  private beat(): void {
    for (const [res, behind] of this.behind) {
      if (res.writableLength >= behind.unsentAtBeat) this.cutOff(res);
      else behind.unsentAtBeat = res.writableLength;
    }
    this.write(': keep-alive\n\n', false);
  }

  /** `counted`: a message a client left behind misses (a comment is not one). */
  private write(message: string, counted = true): void {
    let total = 0;
    const bytes = Buffer.byteLength(message);
    for (const res of this.clients) {
      const behind = this.behind.get(res);
      if (behind) {
        if (counted) behind.skipped++;
        total += res.writableLength;
        continue;
      }
      const unsent = res.writableLength + bytes;
      if (total + unsent > UNSENT_TOTAL_LIMIT_BYTES) this.cutOff(res);
      else if (unsent > UNSENT_LIMIT_BYTES) {
        if (this.options.caughtUp) this.leaveBehind(res);
        else this.cutOff(res);
        total += res.writableLength;
      } else {
        res.write(message);
        total += unsent;
      }
    }
  }

  /** Writes nothing more to `res` until all that waits for it is read, then what it missed. */
  private leaveBehind(res: ServerResponse): void {
    // Judged from the second heartbeat on: the first may come a moment after this.
    const behind: Behind = { skipped: 1, unsentAtBeat: Number.POSITIVE_INFINITY };
    const catchUp = () => {
      if (this.behind.get(res) !== behind) return;
      this.behind.delete(res);
      res.write(this.options.caughtUp?.(behind.skipped) ?? '');
    };
    this.behind.set(res, behind);
    // 'drain' comes once what waits has gone to the socket, after a write that found the stream
    // full; with nothing waiting (one message past the bound on its own), there is none to wait for.
    if (res.writableNeedDrain) res.once('drain', catchUp);
    else catchUp();
  }
}

const consoleMessage = (event: ConsoleStreamEvent): string =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** The console's stream: every change the core announces. */
export const consoleEventHub = (core: SandboxCore): EventStreamHub<SandboxEvent> =>
  new EventStreamHub(
    (send) => {
      core.events.on('event', send);
      return () => core.events.off('event', send);
    },
    (event) => consoleMessage(forConsole(event)),
    { caughtUp: (skipped) => consoleMessage({ type: 'changes.skipped', skipped }) },
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
