// The webhooks a test client's inbox received (docs/testing-your-app.md), and nextWebhook's wait
// for one: fed by the core's events in startTestSandbox's own sandbox, by reads of the inbox over
// HTTP in a workspace client.
import type { InboxMessage, PaymentLink, WebhookEventType } from '../../shared/types';

/** A webhook the sandbox sent to its own inbox, as a test reads it. */
export interface ReceivedWebhook {
  /** The webhook-id header: the event's id, the same on every retry. */
  id: string | null;
  type: WebhookEventType;
  /** The link as the event carries it. */
  data: PaymentLink;
  /** The Standard Webhooks signature checked against the endpoint's secret. */
  verified: boolean;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookMatch {
  type?: WebhookEventType;
  linkId?: string;
  /** How long to wait before failing (default 5,000 ms). */
  timeoutMs?: number;
}

function received(message: InboxMessage): ReceivedWebhook | null {
  try {
    const event = JSON.parse(message.body) as { type: WebhookEventType; data: PaymentLink };
    return {
      id: message.webhook_id,
      type: event.type,
      data: event.data,
      verified: message.verification.state === 'verified',
      headers: message.headers,
      body: message.body,
    };
  } catch {
    return null;
  }
}

const matches = (webhook: ReceivedWebhook, match: WebhookMatch): boolean =>
  (match.type === undefined || webhook.type === match.type) &&
  (match.linkId === undefined || webhook.data?.id === match.linkId.toLowerCase());

/** What one inbox received, oldest first, and who waits for what is still to come. */
export class WebhookFeed {
  private readonly arrived: ReceivedWebhook[] = [];
  private readonly taken = new Set<ReceivedWebhook>();
  private readonly waiters = new Set<() => void>();

  /** A message the inbox received (one that is not a webhook's JSON is left out). */
  add(message: InboxMessage): void {
    const webhook = received(message);
    if (!webhook) return;
    this.arrived.push(webhook);
    for (const wake of this.waiters) wake();
  }

  /** Every webhook received so far, oldest first. */
  all(): ReceivedWebhook[] {
    return [...this.arrived];
  }

  /** Forgets what came so far (the inbox has been emptied). */
  forget(): void {
    this.arrived.length = 0;
    this.taken.clear();
  }

  /**
   * The first webhook matching that no earlier call returned, whether it arrived before the call or
   * arrives within the timeout. Fails with what did arrive.
   */
  next(match: WebhookMatch = {}): Promise<ReceivedWebhook> {
    return new Promise<ReceivedWebhook>((resolve, reject) => {
      const look = (): boolean => {
        const found = this.arrived.find((w) => !this.taken.has(w) && matches(w, match));
        if (!found) return false;
        this.taken.add(found);
        resolve(found);
        return true;
      };
      if (look()) return;
      const wake = () => {
        if (!look()) return;
        this.waiters.delete(wake);
        clearTimeout(timer);
      };
      const timeoutMs = match.timeoutMs ?? 5_000;
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        const seen = this.arrived.map((w) => `${w.type} ${w.data?.id}`).join(', ') || 'none';
        reject(
          new Error(
            `No webhook matching ${JSON.stringify(match)} within ${timeoutMs} ms (received: ${seen})`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }
}
