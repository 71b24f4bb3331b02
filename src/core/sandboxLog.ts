import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  LOG_CURSOR_PATTERN,
  type ApiRequestLogEntry,
  type LogEntry,
  type WebhookAttemptLogEntry,
} from '../shared/sandboxLog';
import type { DeliveryAttempt, RequestLogEntry, RequestLogSummary, WebhookDelivery } from '../shared/types';
import { SandboxError } from './errors';
import type { Op } from './store/ops';

const CURSOR = new RegExp(LOG_CURSOR_PATTERN);

/**
 * One entry as the log keeps it: its position, its type, and its JSON written once for every
 * reader, when the first one asks: a request's answer never waits for it (issue 28), and most are
 * never read.
 */
export abstract class KeptEntry {
  private text: string | undefined;

  constructor(
    /** Its position in this run's log, counting from 1. */
    readonly position: number,
    private readonly run: string,
    readonly type: LogEntry['type'],
  ) {}

  get cursor(): string {
    return `log_${this.run}_${this.position}`;
  }

  get json(): string {
    this.text ??= JSON.stringify(this.whole());
    return this.text;
  }

  /** The whole entry, bodies included. */
  protected abstract whole(): LogEntry;
}

class KeptAttempt extends KeptEntry {
  constructor(
    position: number,
    run: string,
    private readonly entry: WebhookAttemptLogEntry,
  ) {
    super(position, run, 'webhook_attempt');
  }

  protected whole(): LogEntry {
    return this.entry;
  }
}

/**
 * A logged API request: the summary the request log keeps of it (no copy), and where its bodies
 * are, the entry itself while the log is followed live, else read back from the request log.
 */
class KeptRequest extends KeptEntry {
  constructor(
    position: number,
    run: string,
    private readonly summary: RequestLogSummary,
    private readonly bodies: RequestLogEntry | LoggedBodies,
  ) {
    super(position, run, 'api_request');
  }

  protected whole(): LogEntry {
    const { bodies, summary } = this;
    return apiRequestEntry(summary, typeof bodies === 'function' ? bodies(summary.seq) : bodies);
  }
}

/** A request's bodies, read back from the request log by its seq; undefined once it has let it go. */
export type LoggedBodies = (
  seq: number,
) => Pick<RequestLogEntry, 'request_body' | 'response_body'> | undefined;

/** An api_request entry: what the list shows of a logged request (its summary), and its bodies. */
export function apiRequestEntry(
  e: RequestLogSummary,
  bodies: Pick<RequestLogEntry, 'request_body' | 'response_body'> | undefined,
): ApiRequestLogEntry {
  // Field by field, in the order shown: spreading `cond ? {} : { … }` into the literal takes V8's
  // slow path on every request (issue 28).
  const entry: Omit<ApiRequestLogEntry, 'request_body' | 'response_body'> &
    Partial<Pick<ApiRequestLogEntry, 'request_body' | 'response_body'>> = {
    type: 'api_request',
    at: e.at,
    seq: e.seq,
    request_id: e.request_id,
    method: e.method,
    path: e.path,
    status: e.status,
    duration_ms: e.duration_ms,
    idempotency_key: e.idempotency_key,
    replayed: e.replayed,
  };
  if (e.link_id !== undefined) entry.link_id = e.link_id;
  if (e.fault !== undefined) entry.fault = e.fault;
  entry.request_body = bodies?.request_body ?? null;
  entry.response_body = bodies?.response_body ?? null;
  return entry as ApiRequestLogEntry;
}

/** Takes a delivery as stored or as shown: an attempt's entry does not depend on its status. */
export const webhookAttemptEntry = (
  d: Pick<WebhookDelivery, 'id' | 'event_id' | 'event_type' | 'link_id' | 'endpoint_id'>,
  a: DeliveryAttempt,
): WebhookAttemptLogEntry => ({
  type: 'webhook_attempt',
  at: a.started_at,
  delivery_id: d.id,
  event_id: d.event_id,
  event_type: d.event_type,
  link_id: d.link_id,
  endpoint_id: d.endpoint_id,
  url: a.request.url,
  attempt: a.number,
  status: a.response?.status ?? null,
  error: a.error,
  duration_ms: a.duration_ms,
});

/**
 * What GET /sandbox/logs reads and streams: API requests and webhook attempts in the order they
 * ended, in memory (a restart starts a fresh one; the Requests screen's log is kept on disk), the
 * newest `limit` kept.
 * Positions are numbered within this run; a cursor names the run too, so one kept by a client
 * across a restart reads as older than everything, rather than as a position not reached yet.
 */
export class SandboxLog {
  readonly added = new EventEmitter<{ entry: [KeptEntry] }>();
  private readonly run = randomBytes(4).toString('hex');
  private readonly kept: KeptEntry[] = [];
  private position = 0;
  /** The position of the last entry before the latest reset. */
  private clearedThrough = 0;

  constructor(
    private readonly bodies: LoggedBodies,
    private readonly limit = 1000,
  ) {}

  /**
   * A logged API request (the console's, the checkout page's and files are not the API's traffic)
   * and the summary the request log keeps of it. Its bodies are not held here but read back from
   * the request log when its JSON is asked for (so an entry the request log has let go of shows
   * none): held for the newest 1,000 requests, every answer outlived its request, and the
   * collector's copying them cost a 14 KB list more than writing its line (issue 28). While the log is followed, its JSON is made at once (the stream
   * sends it), from the entry in hand.
   */
  request(entry: RequestLogEntry, summary: RequestLogSummary): void {
    const followed = this.added.listenerCount('entry') > 0;
    this.add(new KeptRequest(++this.position, this.run, summary, followed ? entry : this.bodies));
  }

  /** A commit: each attempt it records, with the delivery it belongs to. */
  observe(ops: readonly Op[], delivery: (id: string) => WebhookDelivery | undefined): void {
    for (const op of ops) {
      if (op.op !== 'delivery.patch' || !op.attempt) continue;
      // Retention may drop a delivery in the very commit of its last attempt: nothing left to name.
      const owner = delivery(op.id);
      if (owner) this.attempt(owner, op.attempt);
    }
  }

  /** A webhook attempt: as a commit records it, or one made whose outcome no delivery kept (a reset). */
  attempt(delivery: WebhookDelivery, attempt: DeliveryAttempt): void {
    this.add(new KeptAttempt(++this.position, this.run, webhookAttemptEntry(delivery, attempt)));
  }

  /**
   * A reset: a read without `since` starts after it, but a reader following with a cursor still
   * gets every entry after its cursor, those logged while the reset ran included.
   */
  clear(): void {
    this.clearedThrough = this.position;
  }

  /** The cursor after the newest entry so far. */
  get cursor(): string {
    return `log_${this.run}_${this.position}`;
  }

  /**
   * One answer of GET /sandbox/logs, newest first. Without `since`: the newest `limit`. With it: the
   * `limit` that came next after it, so a client paging with each answer's cursor misses none.
   */
  page(
    since: string | undefined,
    limit: number,
  ): { entries: KeptEntry[]; cursor: string; has_more: boolean } {
    const after = this.after(since);
    const newestFirst = (since === undefined ? after.slice(-limit) : after.slice(0, limit)).reverse();
    return {
      entries: newestFirst,
      cursor: newestFirst[0]?.cursor ?? this.cursor,
      has_more: since !== undefined && after.length > limit,
    };
  }

  /** The entries after `since` (all kept without it), oldest first. */
  after(since: string | undefined): KeptEntry[] {
    const from = since === undefined ? this.clearedThrough : this.positionOf(since);
    // Kept positions have no gaps: the first one after `from` is found by subtraction.
    const oldest = this.kept[0]?.position ?? 0;
    return this.kept.slice(Math.max(0, from - oldest + 1, this.kept.length - this.limit));
  }

  private positionOf(cursor: string): number {
    if (!CURSOR.test(cursor)) {
      throw new SandboxError(
        'parameter_invalid',
        `since must be a cursor from an earlier answer (as ${this.cursor}); got ${JSON.stringify(cursor.slice(0, 40))}.`,
        'since',
      );
    }
    const [, run, n] = cursor.split('_');
    return run === this.run ? Number(n) : 0;
  }

  private add(kept: KeptEntry): void {
    this.kept.push(kept);
    // Up to twice the limit is held, so the oldest go in one splice per `limit` entries rather than
    // one per entry (each moves every entry kept); `after` reads the newest `limit` only.
    if (this.kept.length >= 2 * this.limit) this.kept.splice(0, this.kept.length - this.limit);
    this.added.emit('entry', kept);
  }
}
