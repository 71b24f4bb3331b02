import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eventually } from './harness';

/** One request as it reached the receiver. */
export interface ReceivedRequest {
  /** Its 0-based position in `requests` when it arrived (a test may empty `requests` to start over). */
  index: number;
  method: string;
  path: string;
  /** Header names lower-case, as node:http gives them. */
  headers: Record<string, string>;
  /** The raw body, byte for byte as sent (decoded as UTF-8). */
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
  /** Date.now() when the whole body had arrived. */
  receivedAt: number;
  /** Position in the receiver's log of arrivals and answers, to order them without a clock. */
  arrivedTick: number;
  /** Set once the answer was fully written; null while in flight, hung or cut off. */
  answeredTick: number | null;
  /** The status it was answered with; null while in flight, hung or cut off. */
  answeredStatus: number | null;
}

/**
 * How to answer one request: a status (empty body), "hang" (never answer, to force a timeout),
 * or a full answer, optionally after a delay.
 */
export type Reply =
  | number
  | 'hang'
  | { status?: number; body?: string | Buffer; headers?: Record<string, string>; delayMs?: number };

/** Decides the answer to each request; it sees the request and how many came before it. */
export type Plan = (request: ReceivedRequest) => Reply;

/** Answers the n-th request (0-based) with replies[n]; the last reply repeats after that. */
export function inSequence(...replies: Reply[]): Plan {
  if (replies.length === 0) throw new Error('inSequence needs at least one reply');
  return (request) => replies[Math.min(request.index, replies.length - 1)] as Reply;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers it
 * according to a programmable plan. It can be stopped (so deliveries meet a refused connection)
 * and started again on the same port.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Requests whose answer has not been written yet (hung or slow ones included). */
  inFlight = 0;
  /** The most requests ever in flight at once. */
  maxInFlight = 0;
  plan: Plan;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private ticks = 0;
  private portNumber = 0;

  private constructor(plan: Plan) {
    this.plan = plan;
  }

  /** Starts a receiver; port 0 (the default) picks a free one. */
  static async start(options: { plan?: Plan; port?: number } = {}): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(options.plan ?? (() => 200));
    await receiver.listen(options.port ?? 0);
    return receiver;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `http://127.0.0.1:${this.portNumber}/webhooks`;
  }

  get running(): boolean {
    return this.server !== null;
  }

  /** Every parsed body, in arrival order. */
  get bodies(): any[] {
    return this.requests.map((r) => r.json);
  }

  /** The requests that carried a given webhook-id, in arrival order. */
  requestsFor(webhookId: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.headers['webhook-id'] === webhookId);
  }

  /** Resolves once at least `count` requests (optionally only those matching) have arrived. */
  async waitForRequests(
    count: number,
    what = `${count} webhook request(s)`,
    match: (r: ReceivedRequest) => boolean = () => true,
    tries = 500,
  ): Promise<ReceivedRequest[]> {
    return eventually(
      async () => {
        const found = this.requests.filter(match);
        return found.length >= count ? found : undefined;
      },
      `${what} (got ${this.requests.filter(match).length})`,
      tries,
    );
  }

  /** Stops listening and cuts every open connection (hung requests included). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Starts listening again on the same port as before. */
  async restart(): Promise<void> {
    if (this.server) throw new Error('the receiver is already running');
    await this.listen(this.portNumber);
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.portNumber = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined);
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const request: ReceivedRequest = {
        index: this.requests.length,
        method: req.method ?? '',
        path: req.url ?? '',
        headers,
        body,
        json,
        receivedAt: Date.now(),
        arrivedTick: ++this.ticks,
        answeredTick: null,
        answeredStatus: null,
      };
      this.requests.push(request);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      let counted = true;
      const done = () => {
        if (!counted) return;
        counted = false;
        this.inFlight--;
      };
      res.on('close', done);
      res.on('finish', () => {
        request.answeredTick = ++this.ticks;
        request.answeredStatus = res.statusCode;
        done();
      });
      let reply: Reply;
      try {
        reply = this.plan(request);
      } catch (err) {
        reply = { status: 599, body: `plan threw: ${(err as Error).message}` };
      }
      if (reply === 'hang') return;
      const answer = typeof reply === 'number' ? { status: reply } : reply;
      const send = () => {
        if (res.destroyed || res.writableEnded) return;
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  }
}
