// waitForDelivery (docs/testing-your-app.md, "Your own receiver"): the oldest delivery to the
// developer's endpoint that has had an attempt, or the first to get one. The same wait for every
// test client; where the deliveries are read from is the source's part: the core itself in
// startTestSandbox's own sandbox, the keyed routes in a workspace client.
import { isFinal } from '../../shared/deliveryStatus';
import type { DeliveryFilter } from '../../shared/deliveryFilter';
import type { DeliverySummary } from '../../shared/deliverySummary';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/types';
import type { DeliveryDetail } from '../../shared/webhookSchemas';

/** A delivery to your endpoint with every attempt so far, each saying whether its signature holds. */
export type AppDelivery = DeliveryDetail;

export interface DeliveryWait {
  type?: WebhookEventType;
  /** A payment link id, in any case. */
  linkId?: string;
  /** How long to wait before failing (default 5,000 ms). */
  timeoutMs?: number;
  /**
   * Wait until the delivery is final (delivered, or failed after its last retry) instead of until
   * its first attempt has an outcome.
   */
  final?: boolean;
}

/** Where a wait reads the deliveries. */
export interface DeliverySource {
  /** Every delivery matching, oldest first. */
  matching(filter: DeliveryFilter): Promise<DeliverySummary[]>;
  detail(id: string): Promise<AppDelivery>;
  /**
   * The id of the first delivery matching that becomes ready within `ms`; null when none does, or
   * once `closed` aborts.
   */
  until(
    filter: DeliveryFilter,
    ready: (d: DeliverySummary) => boolean,
    ms: number,
    closed: AbortSignal,
  ): Promise<string | null>;
}

const WAIT_FIELDS = ['type', 'linkId', 'timeoutMs', 'final'];
const DEFAULT_TIMEOUT_MS = 5_000;
/** The most deliveries a timeout's message lists. */
const LISTED = 20;

function checkedWait(match: DeliveryWait): void {
  if (typeof match !== 'object' || match === null || Array.isArray(match))
    throw new Error('waitForDelivery takes an object: { type?, linkId?, timeoutMs?, final? }.');
  const unknown = Object.keys(match).filter((key) => !WAIT_FIELDS.includes(key));
  if (unknown.length > 0)
    throw new Error(
      `waitForDelivery does not take ${unknown.join(', ')}; it takes ${WAIT_FIELDS.join(', ')}.`,
    );
  if (match.type !== undefined && !WEBHOOK_EVENT_TYPES.includes(match.type))
    throw new Error(
      `waitForDelivery: type ${JSON.stringify(match.type)} is not a webhook event type; use one of ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    );
  if (match.linkId !== undefined && (typeof match.linkId !== 'string' || match.linkId === ''))
    throw new Error('waitForDelivery: linkId must be a payment link id (a non-empty string).');
  const ms = match.timeoutMs;
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0))
    throw new Error('waitForDelivery: timeoutMs must be a number of milliseconds, 0 or more.');
  if (match.final !== undefined && typeof match.final !== 'boolean')
    throw new Error('waitForDelivery: final must be true or false.');
}

const shown = (d: DeliverySummary): string => {
  const answer = d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? 'no answer yet');
  const attempts = d.attempt_count === 1 ? '1 attempt' : `${d.attempt_count} attempts`;
  return `${d.event_type} ${d.link_id} ${d.status} (${attempts}${d.attempt_count ? `, last ${answer}` : ''})`;
};

/** waitForDelivery for one endpoint, reading its deliveries from `source`. */
export class DeliveryWaiter {
  constructor(
    private readonly source: DeliverySource,
    private readonly closed: AbortSignal,
    private readonly endpointId: string,
  ) {}

  /**
   * The oldest delivery matching that has had an attempt (or is final, with `final`); when none has
   * yet, the first to get there within the timeout. Fails with what did reach the endpoint.
   */
  async wait(match: DeliveryWait = {}): Promise<AppDelivery> {
    checkedWait(match);
    const filter: DeliveryFilter = {
      endpoint_id: this.endpointId,
      event_type: match.type,
      link_id: match.linkId,
    };
    const ready = (d: Pick<DeliverySummary, 'status' | 'attempt_count'>) =>
      match.final ? isFinal(d) : d.attempt_count > 0;
    const timeoutMs = match.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const found = (await this.source.matching(filter)).find(ready);
    if (found) return this.source.detail(found.id);
    // The first to become ready while waiting: an older match that had been ready was found above.
    const woken =
      timeoutMs > 0 && !this.closed.aborted
        ? await this.source.until(filter, ready, timeoutMs, this.closed)
        : null;
    if (woken !== null) return this.source.detail(woken);
    const came = await this.source.matching({ endpoint_id: this.endpointId });
    const list = came.slice(0, LISTED).map(shown).join('; ') || 'none';
    const more = came.length > LISTED ? ` and ${came.length - LISTED} more` : '';
    const until = match.final ? 'was final' : 'had an attempt';
    const why = this.closed.aborted ? 'before the sandbox closed' : `within ${timeoutMs} ms`;
    const { timeoutMs: _ms, final: _final, ...asked } = match;
    throw new Error(
      `No delivery to your endpoint matching ${JSON.stringify(asked)} ${until} ${why} (deliveries to it: ${list}${more})`,
    );
  }
}
