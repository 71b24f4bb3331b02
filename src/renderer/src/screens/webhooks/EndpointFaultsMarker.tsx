// A marker on an endpoint card while any webhook fault is on, naming them (Edit changes them);
// on a folded card, the badge alone, naming them in its tooltip.
import type { WebhookEndpoint } from '../../../../shared/types';

export function EndpointFaultsMarker({ endpoint, folded }: { endpoint: WebhookEndpoint; folded?: boolean }) {
  const faults = endpoint.faults;
  if (!faults) return null;
  const on = [
    faults.duplicate && 'duplicates',
    faults.delay_seconds > 0 && `delayed ${faults.delay_seconds} s`,
    faults.shuffle && 'out of order',
    faults.bad_signature && 'bad signature',
  ].filter(Boolean);
  if (folded)
    return (
      <span className="fault-badge" title={`Faults on: ${on.join(', ')}`}>
        Faults on
      </span>
    );
  return (
    <p className="endpoint-faults">
      <span className="fault-badge">Faults on</span> {on.join(', ')}
    </p>
  );
}
