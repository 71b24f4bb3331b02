import type { ServerInfo, StoreCounts } from '../../shared/dataFolder';
import type { SandboxCore } from '../sandboxCore';
import { DEFAULT_PORT } from '../settings';
import type { StoreState } from '../store/storeState';
import { VERSION } from '../version';

export function storeCounts(state: StoreState): StoreCounts {
  return {
    links: state.links.size,
    events: state.events.size,
    deliveries: state.deliveries.size,
    endpoints: state.endpoints.size,
    idempotency_records: state.idempotency.size,
  };
}

/** What this run listens on and keeps its data in, for the Settings screen. */
export function serverInfo(core: SandboxCore): ServerInfo {
  const listening = core.listening ?? { host: '127.0.0.1', port: DEFAULT_PORT, portSource: 'default' };
  return {
    version: VERSION,
    base_url: core.origin,
    host: listening.host,
    port: listening.port,
    port_source: listening.portSource,
    checkout_base_url: core.publicBaseUrl().replace(/\/+$/, ''),
    public_url_flag: core.publicUrlFlag,
    data_dir: core.store.dataDir,
    counts: storeCounts(core.store.state),
    compaction_failure: core.store.compactionFailure,
  };
}
