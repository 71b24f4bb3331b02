import type { ResetCounts, ResetOptions } from '../../shared/dataFolder';
import { applyConfiguration, configurationProblems } from '../configuration/applyConfiguration';
import { SandboxError } from '../errors';
import type { SandboxCore } from '../sandboxCore';
import { RUNNING } from '../sandboxClock';
import { withDefaults } from '../settings';
import type { StoreContents, StoreState } from '../store/storeState';

/**
 * What a reset leaves: no links, events, deliveries or idempotency records; the settings (fault rules
 * included) and the webhook endpoints unless asked otherwise; the settlement account always (it is the sandbox's
 * identity, not data). The queue runs again, and the clock is home: real time, running.
 */
export function resetContents(state: StoreState, options: ResetOptions): StoreContents {
  const keepSettings = options.keep_settings ?? true;
  const keepEndpoints = options.keep_endpoints ?? true;
  return {
    settlement_account_id: state.settlementAccountId,
    settings: keepSettings ? withDefaults(state.settings) : withDefaults(null),
    // Fault rules are kept with the settings (docs/contract.md §13).
    faults: keepSettings ? state.faults : [],
    queue_paused: false,
    clock: RUNNING,
    links: [],
    events: [],
    idempotency: [],
    endpoints: keepEndpoints ? [...state.endpoints.values()] : [],
    deliveries: [],
  };
}

/**
 * The one reset, for the console (Settings → Data) and POST /sandbox/reset: empties the store as
 * resetContents says and the request log, the built-in inboxes' messages when asked, then applies
 * the configuration this run started with again (docs/configuration.md). Refused, changing
 * nothing, when that configuration could not be applied afterwards.
 */
export async function resetSandbox(
  core: SandboxCore,
  options: ResetOptions & { inboxes?: boolean },
): Promise<ResetCounts> {
  const { state } = core.store;
  const contents = resetContents(state, options);
  const { configuration } = core;
  const problem = configuration
    ? configurationProblems(withDefaults(contents.settings), configuration, () => false)[0]
    : undefined;
  if (configuration && problem)
    throw new SandboxError(
      'parameter_invalid',
      `Nothing was reset: the configuration ${configuration.source} could not be applied again under the settings kept: ${problem}`,
    );
  const removed: ResetCounts = {
    links: state.links.size,
    events: state.events.size,
    deliveries: state.deliveries.size,
    idempotency_records: state.idempotency.size,
    requests: 0,
    inbox_messages: 0,
  };
  await core.replaceStore(contents);
  removed.requests = await core.requests.clear();
  core.log.clear();
  if (options.inboxes) removed.inbox_messages = core.inbox.clearAll();
  if (configuration) await applyConfiguration(core, configuration);
  return removed;
}
