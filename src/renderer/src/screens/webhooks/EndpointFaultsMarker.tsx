// A marker on an endpoint card while any webhook fault is on, naming them (Edit changes them).
import type { WebhookEndpoint } from '../../../../shared/types';

export function EndpointFaultsMarker({ endpoint }: { endpoint: WebhookEndpoint }) {
  const faults = endpoint.faults;
  if (!faults) return null;
  const on = [
    faults.duplicate && 'duplicates',
    faults.delay_seconds > 0 && `delayed ${faults.delay_seconds} s`,
    faults.shuffle && 'out of order',
    faults.bad_signature && 'bad signature',
  ].filter(Boolean);
  return (
    <p className="endpoint-faults">
      <span className="fault-badge">Faults on</span> {on.join(', ')}
    </p>
  );
}
