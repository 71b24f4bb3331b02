// The developer's own webhook endpoint in a test sandbox (docs/testing-your-app.md, "Your own
// receiver"): what startTestSandbox({ webhookUrl }) checks before starting, and waitForDelivery.
import { isFinal } from '../../shared/deliveryStatus';
import { deliveryMatches, type DeliveryFilter } from '../../shared/deliveryFilter';
import { deliverySummary, type DeliverySummary, type PresentedDelivery } from '../../shared/deliverySummary';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/types';
import type { DeliveryDetail } from '../../shared/webhookSchemas';
import type { SandboxCore } from '../sandboxCore';
import { webhookSecretProblem, webhookUrlProblem } from '../../shared/webhookInputs';
import type { EndpointSeed } from '../webhookEndpoints';
import type { DeliveryWaits } from '../webhooks/deliveryWaits';

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

const WAIT_FIELDS = ['type', 'linkId', 'timeoutMs', 'final'];
const DEFAULT_TIMEOUT_MS = 5_000;
/** The most deliveries a timeout's message lists. */
const LISTED = 20;

/**
 * The endpoints to seed, with webhookUrl among them; an Error saying what to change when the URL,
 * the secret or their combination with webhookEndpoints cannot be used. Checked before the sandbox
 * starts, so a refused start leaves nothing running.
 */
export function appEndpointSeeds(options: {
  webhookUrl?: string;
  webhookSecret?: string;
  webhookEndpoints?: EndpointSeed[];
}): EndpointSeed[] {
  const { webhookUrl, webhookSecret, webhookEndpoints = [] } = options;
  if (webhookUrl === undefined) {
    if (webhookSecret !== undefined)
      throw new Error('startTestSandbox: webhookSecret is the secret of webhookUrl; give webhookUrl too.');
    return webhookEndpoints;
  }
  if (typeof webhookUrl !== 'string')
    throw new Error(`startTestSandbox: webhookUrl must be a string, an http:// or https:// URL.`);
  const problem = webhookUrlProblem(webhookUrl);
  if (problem) throw new Error(`startTestSandbox: webhookUrl ${problem}`);
  const secretProblem =
    webhookSecret === undefined ? null : webhookSecretProblem(webhookSecret, 'webhookSecret');
  if (secretProblem)
    throw new Error(`startTestSandbox: ${secretProblem} (leave it out for a generated one).`);
  if (webhookEndpoints.some((seed) => seed.url === webhookUrl))
    throw new Error(
      `startTestSandbox: ${webhookUrl} is both webhookUrl and one of webhookEndpoints; name it once, as webhookUrl (the helpers act on that one).`,
    );
  return [...webhookEndpoints, { url: webhookUrl, secret: webhookSecret }];
}

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

/**
 * Waits on the core's delivery waits (one listener for every waiter) and reads the deliveries
 * through its listing, as GET /sandbox/deliveries?wait= does.
 */
export class AppDeliveries {
  constructor(
    private readonly core: SandboxCore,
    private readonly waits: DeliveryWaits,
    private readonly closed: AbortSignal,
    private readonly endpointId: string,
  ) {}

  /** Every delivery to the endpoint that matches, oldest first. */
  private matching(filter: DeliveryFilter): DeliverySummary[] {
    return this.core.webhooks.matching(filter);
  }

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
    const matches = deliveryMatches(filter);
    const timeoutMs = match.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const found = this.matching(filter).find(ready);
    if (found) return this.core.webhooks.detail(found.id);
    let woken: string | null = null;
    // The first to become ready while waiting: an older match that had been ready was found above.
    const becomes = (d: PresentedDelivery): boolean => {
      if (!matches(d) || !ready(deliverySummary(d))) return false;
      woken = d.id;
      return true;
    };
    if (timeoutMs > 0 && !this.closed.aborted) await this.waits.until(becomes, timeoutMs, this.closed);
    if (woken !== null) return this.core.webhooks.detail(woken);
    const came = this.matching({ endpoint_id: this.endpointId });
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
