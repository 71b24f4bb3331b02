// A test client bound to one workspace (docs/testing-your-app.md, "One workspace per worker"):
// sandbox.workspace(name) on a test sandbox, connectTestSandbox() on a sandbox running elsewhere.
// It acts with the key sk_test_ws_<name> over HTTP alone, so nothing it does is seen by another
// workspace, and hears of its webhooks through the workspace's log stream, never by polling.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { ClockView, WebhookEndpoint } from '../../shared/types';
import {
  DEFAULT_WORKSPACE,
  isWorkspaceName,
  WORKSPACE_KEY_PREFIX,
  WORKSPACE_NAME_WORDS,
  workspaceName,
} from '../../shared/workspaceKey';
import { KeyedClient } from '../keyedClient';
import { apiHelpers, type Data } from './apiHelpers';
import { checkAppEndpoint } from './appEndpoint';
import { followAttempts } from './attemptStream';
import { checkEndpoint, checkTarget } from './checkEndpoint';
import { DeliveryWaiter } from './deliveryWait';
import { InboxReader } from './inboxReader';
import { keyedDeliveries, Wakes } from './keyedDeliveries';
import type { ReceivedWebhook } from './receivedWebhooks';
import type { TestClient } from './testClient';

export interface TestWorkspaceOptions {
  /** Your app's webhook receiver: registered as an endpoint in the workspace, returned as `appEndpoint`. */
  webhookUrl?: string;
  /** The secret webhookUrl's webhooks are signed with (whsec_…); default a generated one. */
  webhookSecret?: string;
  /**
   * Empty the workspace first (DELETE /sandbox/workspace), so a run starts as a new test sandbox
   * does whatever an earlier run left in it: links, clock, fault rules (default true).
   */
  fresh?: boolean;
}

export interface ConnectTestSandboxOptions extends TestWorkspaceOptions {
  /** Where this process reaches the sandbox: http://127.0.0.1:4545, the container's mapped port. */
  baseUrl: string;
  /** The workspace to act in: 1 to 64 letters, digits or _, compared without case. */
  workspace: string;
  /**
   * Where the sandbox reaches itself, when that is not baseUrl (a container whose port is mapped
   * to another, a proxy in between): its inbox endpoint is `${inboxBaseUrl}/_inbox/…`.
   */
  inboxBaseUrl?: string;
}

export interface TestWorkspace extends TestClient {
  /** The workspace's name, in lower case as the sandbox keeps it. */
  workspace: string;
  clock: TestClient['clock'] & { now(): Promise<ClockView> };
  /** Every webhook received so far, oldest first. */
  webhooks(): Promise<ReceivedWebhook[]>;
  /**
   * Stops listening and removes the endpoints this client registered; the workspace's links,
   * deliveries and inbox stay for a look in the console. `{ removeWorkspace: true }` removes the
   * whole workspace instead (DELETE /sandbox/workspace).
   */
  close(options?: { removeWorkspace?: boolean }): Promise<void>;
}

/** A workspace client opened with webhookUrl: its endpoint is there. */
export type TestWorkspaceWithEndpoint = TestWorkspace & { appEndpoint: WebhookEndpoint };

const INBOX_DESCRIPTION = 'test client inbox';

/** The workspace `name` names, in lower case; an Error saying what a name is, else. */
function checkedName(caller: string, name: unknown): string {
  if (typeof name !== 'string' || !isWorkspaceName(name)) {
    const given = typeof name === 'string' ? JSON.stringify(name.slice(0, 70)) : String(name);
    throw new Error(
      `${caller}: ${given} is not a workspace name; a workspace name is ${WORKSPACE_NAME_WORDS} (compared without case), as in the key ${WORKSPACE_KEY_PREFIX}<name>.`,
    );
  }
  if (workspaceName(name) === DEFAULT_WORKSPACE)
    throw new Error(
      `${caller}: "${DEFAULT_WORKSPACE}" is the workspace every key without ${WORKSPACE_KEY_PREFIX} shares; a test client takes one of its own (say "worker_1").`,
    );
  return workspaceName(name);
}

function checkedBase(caller: string, option: string, url: unknown): string {
  const parsed = typeof url === 'string' && URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
    throw new Error(`${caller}: ${option} must be the sandbox's http:// URL, as http://127.0.0.1:4545.`);
  return (url as string).replace(/\/+$/, '');
}

/**
 * The endpoint for webhookUrl that a workspace kept from an earlier run (fresh: false), unless
 * webhookSecret names another secret: that one is removed (a secret is given only at creation).
 * Null when the client is to register it.
 */
async function reuse(
  data: Data,
  webhookUrl: string,
  webhookSecret: string | undefined,
): Promise<WebhookEndpoint | null> {
  const kept = (await data<WebhookEndpoint[]>('GET', '/sandbox/endpoints')).find((e) => e.url === webhookUrl);
  if (!kept) return null;
  if (webhookSecret === undefined || webhookSecret === kept.secret) return kept;
  await data('DELETE', `/sandbox/endpoints/${kept.id}`);
  return null;
}

/**
 * Opens a client on the workspace: checks what it was given before anything, empties the
 * workspace unless `fresh` is false, registers its inbox endpoint (and webhookUrl's), and follows
 * the workspace's log. `closed` aborts with the test sandbox it belongs to; `naming` says how it is
 * given a webhookUrl, for helpers that need one.
 */
export async function openTestWorkspace(
  caller: string,
  options: ConnectTestSandboxOptions,
  naming: string,
  closed?: AbortSignal,
): Promise<TestWorkspace> {
  const name = checkedName(caller, options.workspace);
  const baseUrl = checkedBase(caller, 'baseUrl', options.baseUrl);
  const inboxBase = checkedBase(caller, 'inboxBaseUrl', options.inboxBaseUrl ?? baseUrl);
  const { webhookUrl, webhookSecret } = options;
  checkAppEndpoint(caller, options);
  const keyed = new KeyedClient(baseUrl, `${WORKSPACE_KEY_PREFIX}${name}`);
  const { helpers, data, endpointFaults } = apiHelpers(keyed);
  const stop = new AbortController();
  // Every waitForDelivery under way listens for the close: a test may run hundreds at once.
  setMaxListeners(0, stop.signal);
  const stopped = closed ? AbortSignal.any([stop.signal, closed]) : stop.signal;
  setMaxListeners(0, stopped);
  const registered: string[] = [];
  const unregister = async () => {
    for (const id of registered.splice(0))
      await keyed.send('DELETE', `/sandbox/endpoints/${id}`).catch(() => undefined);
  };
  const endpoint = async (body: Record<string, unknown>) => {
    const made = await data<WebhookEndpoint>('POST', '/sandbox/endpoints', body);
    registered.push(made.id);
    return made;
  };
  try {
    if (options.fresh !== false) await data('DELETE', '/sandbox/workspace');
    const reader = new InboxReader(data, `tests-${randomBytes(4).toString('hex')}`);
    const webhookEndpoint = await endpoint({
      url: `${inboxBase}/_inbox/${reader.name}`,
      description: INBOX_DESCRIPTION,
    });
    const appEndpoint =
      webhookUrl === undefined
        ? null
        : (options.fresh === false && (await reuse(data, webhookUrl, webhookSecret))) ||
          (await endpoint({ url: webhookUrl, secret: webhookSecret }));
    const wakes = new Wakes();
    // Opened once the workspace is made (by the endpoints above): a read of one not made yet is
    // answered by an empty stand-in, whose log would never hear a thing.
    const followed = await followAttempts(
      keyed,
      (attempt) => {
        if (attempt.endpoint_id === webhookEndpoint.id) void reader.read().catch(() => undefined);
        else if (attempt.endpoint_id === appEndpoint?.id) wakes.wake();
      },
      stopped,
    );
    await reader.read();
    const deliveries =
      appEndpoint && new DeliveryWaiter(keyedDeliveries(helpers.request, wakes), stopped, appEndpoint.id);
    const withoutUrl = (helper: string) => new Error(`${helper} acts on your own endpoint: ${naming}.`);
    let closing: Promise<void> | undefined;
    return {
      ...helpers,
      baseUrl,
      apiKey: keyed.apiKey,
      workspace: name,
      webhookEndpoint,
      appEndpoint,
      clock: { ...helpers.clock, now: () => data<ClockView>('GET', '/sandbox/clock') },
      setWebhookFaults: async (faults) => {
        if (!appEndpoint) throw withoutUrl('setWebhookFaults');
        return endpointFaults(appEndpoint.id, faults);
      },
      waitForDelivery: async (match) => {
        if (!deliveries) throw withoutUrl('waitForDelivery');
        return deliveries.wait(match);
      },
      checkEndpoint: async (url, checkOptions = {}) =>
        checkEndpoint(
          helpers.request,
          checkTarget(url, checkOptions, appEndpoint, naming),
          checkOptions,
          stopped,
        ),
      nextWebhook: (match) => reader.feed.next(match),
      webhooks: async () => {
        await reader.read();
        return reader.feed.all();
      },
      clearWebhooks: () => reader.clear(),
      close: ({ removeWorkspace = false } = {}) =>
        (closing ??= (async () => {
          stop.abort();
          await followed.ended;
          // Its test sandbox has stopped: there is nothing left to remove.
          if (closed?.aborted) return;
          if (removeWorkspace) await data('DELETE', '/sandbox/workspace');
          else await unregister();
        })()),
    };
  } catch (err) {
    stop.abort();
    await unregister();
    throw new Error(`${caller}: ${(err as Error).message}`, { cause: err });
  }
}
