import type { ResetOptions } from '../../shared/dataFolder';
import { withDefaults } from '../settings';
import type { StoreContents, StoreState } from '../store/storeState';

/**
 * What a reset leaves: no links, events, deliveries or idempotency records; the settings (fault rules
 * included) and the webhook endpoints unless asked otherwise; the settlement account always (it is the sandbox's
 * identity, not data). The queue runs again.
 */
export function resetContents(state: StoreState, options: ResetOptions): StoreContents {
  const keepSettings = options.keep_settings ?? true;
  const keepEndpoints = options.keep_endpoints ?? true;
  return {
    settlement_account_id: state.settlementAccountId,
    settings: keepSettings ? withDefaults(state.settings) : withDefaults(null),
    // Fault rules are kept with the settings (contract §13).
    faults: keepSettings ? state.faults : [],
    queue_paused: false,
    links: [],
    events: [],
    idempotency: [],
    endpoints: keepEndpoints ? [...state.endpoints.values()] : [],
    deliveries: [],
  };
}
