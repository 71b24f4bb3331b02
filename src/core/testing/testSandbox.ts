import { setMaxListeners } from 'node:events';
import type { ClockView, WebhookEndpoint } from '../../shared/types';
import { startSandbox, type RunningSandbox, type StartOptions } from '../startSandbox';
import { KeyedClient } from '../keyedClient';
import { apiHelpers } from './apiHelpers';
import { appEndpointSeeds, coreDeliveries } from './appEndpoint';
import { checkEndpoint, checkTarget } from './checkEndpoint';
import { workspaceOpener, type OpenWorkspace } from './connectTestSandbox';
import { DeliveryWaiter } from './deliveryWait';
import { WebhookFeed, type ReceivedWebhook } from './receivedWebhooks';
import type { TestClient } from './testClient';

export interface TestSandboxOptions extends Omit<StartOptions, 'port'> {
  /** The bearer key requests are sent with (default sk_test_tests). */
  apiKey?: string;
  /**
   * Your app's webhook receiver: registered as an endpoint (beside the inbox and any of
   * webhookEndpoints), returned as `appEndpoint`, and what setWebhookFaults and waitForDelivery act on.
   */
  webhookUrl?: string;
  /** The secret webhookUrl's webhooks are signed with (whsec_…); default a generated one. */
  webhookSecret?: string;
}

export interface TestSandbox extends TestClient {
  sandbox: RunningSandbox;
  clock: TestClient['clock'] & { now(): ClockView };
  /** Every webhook received so far, oldest first. */
  webhooks(): ReceivedWebhook[];
  /**
   * A client bound to the workspace `name` of this sandbox (key sk_test_ws_<name>), with the same
   * helpers, its own inbox endpoint and, given webhookUrl, your endpoint there: one per worker.
   */
  workspace: OpenWorkspace;
  close(): Promise<void>;
}

/** A test sandbox started with webhookUrl: its endpoint is there. */
export type TestSandboxWithEndpoint = TestSandbox & { appEndpoint: WebhookEndpoint };

const INBOX = 'tests';
const ENDPOINT_DESCRIPTION = 'startTestSandbox inbox';
const NAMING = 'start the sandbox with startTestSandbox({ webhookUrl })';

/**
 * A sandbox for a test suite (docs/testing-your-app.md): in memory, on a free port, with its own
 * inbox registered as the webhook endpoint, and helpers for what tests do to it.
 */
export function startTestSandbox(
  options: TestSandboxOptions & { webhookUrl: string },
): Promise<TestSandboxWithEndpoint>;
export function startTestSandbox(options?: TestSandboxOptions): Promise<TestSandbox>;
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const { webhookUrl, webhookSecret, ...start } = options;
  const webhookEndpoints = appEndpointSeeds({
    webhookUrl,
    webhookSecret,
    webhookEndpoints: start.webhookEndpoints,
  });
  const sandbox = await startSandbox({ requestLog: false, ...start, webhookEndpoints, port: 0 });
  const { core, origin } = sandbox;
  const closed = new AbortController();
  // Every waitForDelivery under way listens for the close: a test may run hundreds at once.
  setMaxListeners(0, closed.signal);
  const apiKey = options.apiKey ?? core.settings.api_keys[0] ?? 'sk_test_tests';
  const feed = new WebhookFeed();
  core.events.on('event', (event) => {
    if (event.type !== 'inbox.received' || event.message.inbox !== INBOX) return;
    feed.add(core.inbox.message(INBOX, event.message.id));
  });

  // The keyed routes as code in any language reaches them: what a developer's own test would see.
  const { helpers, data, endpointFaults } = apiHelpers(new KeyedClient(origin, apiKey));

  // A store on disk keeps the endpoint an earlier run made, at that run's port: it goes, with its
  // waiting deliveries, so nothing is sent to a port another process may hold now.
  for (const stale of core.endpoints.list()) {
    if (stale.description === ENDPOINT_DESCRIPTION) await core.endpoints.remove(stale.id);
  }
  const webhookEndpoint = await core.endpoints.create({
    url: `${origin}/_inbox/${INBOX}`,
    description: ENDPOINT_DESCRIPTION,
  });

  // Seeded at start, found by its URL as seeding finds it: a data folder's earlier run keeps its id and secret.
  const appEndpoint =
    webhookUrl === undefined ? null : (core.endpoints.list().find((e) => e.url === webhookUrl) ?? null);
  const deliveries =
    appEndpoint &&
    new DeliveryWaiter(coreDeliveries(core, core.deliveryWaits), closed.signal, appEndpoint.id);
  const withoutUrl = (helper: string) => new Error(`${helper} acts on your own endpoint: ${NAMING}.`);

  return {
    ...helpers,
    baseUrl: origin,
    apiKey,
    webhookEndpoint,
    appEndpoint,
    setWebhookFaults: async (faults) => {
      if (!appEndpoint) throw withoutUrl('setWebhookFaults');
      return endpointFaults(appEndpoint.id, faults);
    },
    checkEndpoint: async (url, checkOptions = {}) =>
      checkEndpoint(
        helpers.request,
        checkTarget(url, checkOptions, appEndpoint, NAMING),
        checkOptions,
        closed.signal,
      ),
    waitForDelivery: async (match) => {
      if (!deliveries) throw withoutUrl('waitForDelivery');
      return deliveries.wait(match);
    },
    sandbox,
    clock: { ...helpers.clock, now: () => core.time.view() },
    nextWebhook: (match) => feed.next(match),
    webhooks: () => feed.all(),
    clearWebhooks: async () => {
      await data('DELETE', `/sandbox/inbox/${INBOX}/messages`);
      feed.forget();
    },
    workspace: workspaceOpener(origin, closed.signal),
    close: () => {
      closed.abort();
      return sandbox.close();
    },
  };
}
