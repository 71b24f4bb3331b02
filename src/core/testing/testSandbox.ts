import { setMaxListeners } from 'node:events';
import type { EndpointFaults, NewFaultRule, FaultRule } from '../../shared/faults';
import type {
  ClockView,
  InboxMessage,
  PaymentLink,
  SimulateEvent,
  WebhookEndpoint,
  WebhookEventType,
} from '../../shared/types';
import type { Advance } from '../sandboxClock';
import { startSandbox, type RunningSandbox, type StartOptions } from '../startSandbox';
import type { EndpointCheck } from '../../shared/endpointCheck';
import { checkEndpoint, checkTarget, type CheckEndpointOptions } from './checkEndpoint';
import { AppDeliveries, appEndpointSeeds, type AppDelivery, type DeliveryWait } from './appEndpoint';
import { KeyedClient } from '../keyedClient';

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

export interface TestSandbox {
  /** Point your app's API client here. */
  baseUrl: string;
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
  sandbox: RunningSandbox;
  /** One API call with the key; the body is parsed JSON. */
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  createLink(body: { amount: number; title: string } & Record<string, unknown>): Promise<PaymentLink>;
  simulate(linkId: string, event: SimulateEvent, paymentMethod?: string): Promise<PaymentLink>;
  clock: {
    now(): ClockView;
    advance(by: Advance): Promise<ClockView>;
    freeze(): Promise<ClockView>;
    resume(): Promise<ClockView>;
  };
  faults: { add(rule: NewFaultRule): Promise<FaultRule>; clear(): Promise<void> };
  /**
   * The first webhook matching that this call has not returned before, whether it arrived before
   * the call or arrives within the timeout. Fails with what did arrive.
   */
  nextWebhook(match?: WebhookMatch): Promise<ReceivedWebhook>;
  /** Every webhook received so far, oldest first. */
  webhooks(): ReceivedWebhook[];
  /** Forgets the webhooks received so far, here and in the inbox: for tests that share a sandbox. */
  clearWebhooks(): Promise<void>;
  close(): Promise<void>;
}

/** A test sandbox started with webhookUrl: its endpoint is there. */
export type TestSandboxWithEndpoint = TestSandbox & { appEndpoint: WebhookEndpoint };

const INBOX = 'tests';
const ENDPOINT_DESCRIPTION = 'startTestSandbox inbox';

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
  const arrived: ReceivedWebhook[] = [];
  const taken = new Set<ReceivedWebhook>();
  const waiters = new Set<() => void>();
  core.events.on('event', (event) => {
    if (event.type !== 'inbox.received' || event.message.inbox !== INBOX) return;
    const webhook = received(core.inbox.message(INBOX, event.message.id));
    if (!webhook) return;
    arrived.push(webhook);
    for (const wake of waiters) wake();
  });

  // The keyed routes as code in any language reaches them: what a developer's own test would see.
  const keyed = new KeyedClient(origin, apiKey);
  const request = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await keyed.send(method, path, { body });
    return { status: answer.status, body: (answer.json ?? null) as T };
  };
  const data = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await request<{ data: T; error?: { message: string } }>(method, path, body);
    if (answer.status >= 400)
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.error?.message}`);
    return answer.body.data;
  };

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
  const appDeliveries =
    appEndpoint && new AppDeliveries(core, core.deliveryWaits, closed.signal, appEndpoint.id);
  const withoutUrl = (helper: string) =>
    new Error(
      `${helper} acts on your own endpoint: start the sandbox with startTestSandbox({ webhookUrl }).`,
    );

  const nextWebhook = (match: WebhookMatch = {}) =>
    new Promise<ReceivedWebhook>((resolve, reject) => {
      const look = (): boolean => {
        const found = arrived.find((w) => !taken.has(w) && matches(w, match));
        if (!found) return false;
        taken.add(found);
        resolve(found);
        return true;
      };
      if (look()) return;
      const wake = () => {
        if (!look()) return;
        waiters.delete(wake);
        clearTimeout(timer);
      };
      const timeoutMs = match.timeoutMs ?? 5_000;
      const timer = setTimeout(() => {
        waiters.delete(wake);
        const seen = arrived.map((w) => `${w.type} ${w.data?.id}`).join(', ') || 'none';
        reject(
          new Error(
            `No webhook matching ${JSON.stringify(match)} within ${timeoutMs} ms (received: ${seen})`,
          ),
        );
      }, timeoutMs);
      waiters.add(wake);
    });

  return {
    baseUrl: origin,
    apiKey,
    webhookEndpoint,
    appEndpoint,
    setWebhookFaults: async (faults) => {
      if (!appEndpoint) throw withoutUrl('setWebhookFaults');
      const answer = await request<{ data: WebhookEndpoint; error?: { message: string } }>(
        'PATCH',
        `/sandbox/endpoints/${appEndpoint.id}`,
        { faults },
      );
      if (answer.status >= 400) throw new Error(`setWebhookFaults: ${answer.body.error?.message}`);
      return answer.body.data;
    },
    checkEndpoint: async (url, checkOptions = {}) =>
      checkEndpoint(request, checkTarget(url, checkOptions, appEndpoint), checkOptions, closed.signal),
    waitForDelivery: async (match) => {
      if (!appDeliveries) throw withoutUrl('waitForDelivery');
      return appDeliveries.wait(match);
    },
    sandbox,
    request,
    createLink: (body) => data('POST', '/payment-links', body),
    simulate: (linkId, event, paymentMethod) =>
      data('POST', '/sandbox/simulate', {
        payment_link_id: linkId,
        event,
        ...(paymentMethod === undefined ? {} : { payment_method: paymentMethod }),
      }),
    clock: {
      now: () => core.time.view(),
      advance: (by) => data('POST', '/sandbox/clock/advance', by),
      freeze: () => data('POST', '/sandbox/clock/freeze', {}),
      resume: () => data('POST', '/sandbox/clock/resume', {}),
    },
    faults: {
      add: (rule) => data('POST', '/sandbox/faults', rule),
      clear: async () => {
        await data('DELETE', '/sandbox/faults');
      },
    },
    nextWebhook,
    webhooks: () => [...arrived],
    clearWebhooks: async () => {
      await data('DELETE', `/sandbox/inbox/${INBOX}/messages`);
      arrived.length = 0;
      taken.clear();
    },
    close: () => {
      closed.abort();
      return sandbox.close();
    },
  };
}
