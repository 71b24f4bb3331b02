// The webhook deliveries of one link; each opens the inspector over the Links screen.
import type { DeliveryDetail } from '../../../api/consoleClient';
import { useConsoleStore } from '../../../store/consoleStore';
import { DeliveryBadge } from '../../webhooks/DeliveryBadge';

export function LinkDeliveries({ deliveries }: { deliveries: DeliveryDetail[] }) {
  const hasEndpoints = useConsoleStore((state) => state.endpoints.list.length > 0);
  const inspect = useConsoleStore((state) => state.inspectDelivery);

  if (deliveries.length === 0) {
    return (
      <p className="muted">
        {hasEndpoints
          ? 'None yet: a delivery is queued when the link is paid, fails, expires or is canceled.'
          : 'None: add an endpoint on the Webhooks screen to receive this link’s events.'}
      </p>
    );
  }
  return (
    <ul className="link-deliveries" aria-label="Deliveries of this link">
      {deliveries.map((delivery) => (
        <li key={delivery.id} data-delivery-id={delivery.id}>
          <div className="link-delivery-main">
            <span className="link-delivery-line">
              <span className="mono">{delivery.event_type}</span>
              <DeliveryBadge status={delivery.status} />
            </span>
            <span className="sub ellipsis" title={delivery.endpoint_url}>
              {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'} ·{' '}
              {delivery.endpoint_url}
            </span>
          </div>
          <button type="button" className="button button-small" onClick={() => inspect(delivery.id)}>
            Inspect
          </button>
        </li>
      ))}
    </ul>
  );
}
