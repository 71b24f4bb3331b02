import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One webhook as it reached the receiver. */
export interface Arrival {
  /** performance.now() in the receiving process when the whole body had arrived. */
  at: number;
  /** The `webhook-id` header: the event id. */
  webhookId: string;
  /** The event's `data.id`: the payment link. */
  linkId: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A plain node:http webhook receiver on 127.0.0.1 for the benchmark: it timestamps each request
 * as soon as its body is complete, answers 200 with an empty body, and keeps everything it got so
 * the runner can check that each delivery came exactly once and is correctly signed. It does
 * nothing else per request (no verification, no logging), so it never paces the sender.
 */
export class Receiver {
  readonly arrivals: Arrival[] = [];
  /** TCP connections the sender opened (one per concurrent delivery it keeps alive). */
  connections = 0;
  private readonly waiters = new Map<string, (a: Arrival) => void>();
  private countWaiter: { count: number; resolve: () => void } | null = null;
  private readonly server: Server;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = performance.now();
        res.writeHead(200, { 'content-length': '0' });
        res.end();
        const body = Buffer.concat(chunks).toString('utf8');
        let linkId = '';
        try {
          linkId = String((JSON.parse(body) as { data?: { id?: unknown } }).data?.id ?? '');
        } catch {
          // Not JSON: recorded with no link id, so the exactly-once check counts it as unexpected.
        }
        const arrival: Arrival = {
          at,
          webhookId: String(req.headers['webhook-id'] ?? ''),
          linkId,
          headers: req.headers as Record<string, string>,
          body,
        };
        this.arrivals.push(arrival);
        const waiter = this.waiters.get(linkId);
        if (waiter) {
          this.waiters.delete(linkId);
          waiter(arrival);
        }
        if (this.countWaiter && this.arrivals.length >= this.countWaiter.count) {
          this.countWaiter.resolve();
          this.countWaiter = null;
        }
      });
    });
    this.server.on('connection', () => this.connections++);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  /** Resolves with the next delivery for this link (register before the event is triggered). */
  next(linkId: string, timeoutMs: number): Promise<Arrival> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(linkId);
        reject(new Error(`no webhook for link ${linkId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.set(linkId, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
  }

  /** Resolves when `count` requests have arrived in all. */
  untilCount(count: number, timeoutMs: number): Promise<void> {
    if (this.arrivals.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.countWaiter = null;
        reject(new Error(`only ${this.arrivals.length} of ${count} webhooks within ${timeoutMs} ms`));
      }, timeoutMs);
      this.countWaiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
