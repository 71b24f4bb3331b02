// What every test client has (docs/testing-your-app.md): startTestSandbox's sandbox and a workspace
// client (sandbox.workspace(), connectTestSandbox) alike, so a test helper may take either.
import type { EndpointCheck } from '../../shared/endpointCheck';
import type { EndpointFaults } from '../../shared/faults';
import type { WebhookEndpoint } from '../../shared/types';
import type { ApiHelpers } from './apiHelpers';
import type { CheckEndpointOptions } from './checkEndpoint';
import type { AppDelivery, DeliveryWait } from './deliveryWait';
import type { ReceivedWebhook, WebhookMatch } from './receivedWebhooks';

export interface TestClient extends ApiHelpers {
  /** Point your app's API client here. */
  baseUrl: string;
  /** The key every helper sends; give it to your app's API client too. */
  apiKey: string;
  /** The endpoint the sandbox delivers webhooks to (its own inbox), with its signing secret. */
  webhookEndpoint: WebhookEndpoint;
  /**
   * Your own endpoint (the webhookUrl option) as it was at start: id, url, secret; null without
   * webhookUrl.
   */
  appEndpoint: WebhookEndpoint | null;
  /**
   * Sets your endpoint's webhook faults (duplicate, delay_seconds, shuffle, bad_signature); fields
   * left out keep their value. Answers the endpoint as it now is.
   */
  setWebhookFaults(faults: Partial<EndpointFaults>): Promise<WebhookEndpoint>;
  /**
   * The oldest delivery to your endpoint matching that has had an attempt (with `final: true`:
   * that is delivered or failed), with its attempts; when none has yet, the first to get there
   * within the timeout (default 5 s). Fails with the deliveries that did reach your endpoint.
   */
  waitForDelivery(match?: DeliveryWait): Promise<AppDelivery>;
  /**
   * Runs an endpoint check (docs/endpoint-check.md) against `url` (by default your own endpoint,
   * with its secret) and resolves with the finished report: `result` is pass, warn or fail, and
   * each probe says what it sent, what came back, why it matters and how to fix it.
   */
  checkEndpoint(url?: string, options?: CheckEndpointOptions): Promise<EndpointCheck>;
  /**
   * The first webhook matching that this call has not returned before, whether it arrived before
   * the call or arrives within the timeout. Fails with what did arrive.
   */
  nextWebhook(match?: WebhookMatch): Promise<ReceivedWebhook>;
  /** Forgets the webhooks received so far, here and in the inbox: for tests that share a sandbox. */
  clearWebhooks(): Promise<void>;
}
