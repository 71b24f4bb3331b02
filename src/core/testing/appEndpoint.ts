// The developer's own webhook endpoint in a test sandbox (docs/testing-your-app.md, "Your own
// receiver"): what a test client checks before it starts or registers it, and where
// startTestSandbox's own sandbox reads its deliveries for waitForDelivery.
import { deliveryMatches, type DeliveryFilter } from '../../shared/deliveryFilter';
import { deliverySummary, type DeliverySummary, type PresentedDelivery } from '../../shared/deliverySummary';
import type { SandboxCore } from '../sandboxCore';
import { webhookSecretProblem, webhookUrlProblem } from '../../shared/webhookInputs';
import type { EndpointSeed } from '../webhookEndpoints';
import type { DeliveryWaits } from '../webhooks/deliveryWaits';
import type { DeliverySource } from './deliveryWait';

/**
 * An Error saying what to change when webhookUrl, webhookSecret or the two together cannot be used
 * (`caller` names the function given them); checked before anything starts or is registered.
 */
export function checkAppEndpoint(
  caller: string,
  options: { webhookUrl?: string; webhookSecret?: string },
): void {
  const { webhookUrl, webhookSecret } = options;
  if (webhookUrl === undefined) {
    if (webhookSecret !== undefined)
      throw new Error(`${caller}: webhookSecret is the secret of webhookUrl; give webhookUrl too.`);
    return;
  }
  if (typeof webhookUrl !== 'string')
    throw new Error(`${caller}: webhookUrl must be a string, an http:// or https:// URL.`);
  const problem = webhookUrlProblem(webhookUrl);
  if (problem) throw new Error(`${caller}: webhookUrl ${problem}`);
  const secretProblem =
    webhookSecret === undefined ? null : webhookSecretProblem(webhookSecret, 'webhookSecret');
  if (secretProblem) throw new Error(`${caller}: ${secretProblem} (leave it out for a generated one).`);
}

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
  checkAppEndpoint('startTestSandbox', options);
  if (webhookUrl === undefined) return webhookEndpoints;
  if (webhookEndpoints.some((seed) => seed.url === webhookUrl))
    throw new Error(
      `startTestSandbox: ${webhookUrl} is both webhookUrl and one of webhookEndpoints; name it once, as webhookUrl (the helpers act on that one).`,
    );
  return [...webhookEndpoints, { url: webhookUrl, secret: webhookSecret }];
}

/**
 * The deliveries of startTestSandbox's own sandbox, read in the core through its listing, waited
 * for on its delivery waits (one listener for every waiter), as GET /sandbox/deliveries?wait= does.
 */
export function coreDeliveries(core: SandboxCore, waits: DeliveryWaits): DeliverySource {
  return {
    matching: async (filter: DeliveryFilter) => core.webhooks.matching(filter),
    detail: async (id) => core.webhooks.detail(id),
    until: async (filter, ready, ms, closed) => {
      const matches = deliveryMatches(filter);
      let woken: string | null = null;
      const becomes = (d: PresentedDelivery): boolean => {
        if (!matches(d) || !ready(deliverySummary(d) as DeliverySummary)) return false;
        woken = d.id;
        return true;
      };
      await waits.until(becomes, ms, closed);
      return woken;
    },
  };
}
