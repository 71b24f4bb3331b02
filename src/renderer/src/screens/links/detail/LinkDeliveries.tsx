// The webhook deliveries of one link; each opens the inspector over the Links screen.
import { useConsoleStore } from '../../../store/consoleStore';
import { DeliveryBadge } from '../../webhooks/DeliveryBadge';

/** One delivery, read from its record, so it changes with the table and the inspector. */
function LinkDelivery({ id }: { id: string }) {
  const delivery = useConsoleStore((state) => state.deliveryRecords[id]);
  const inspect = useConsoleStore((state) => state.inspectDelivery);
  if (!delivery) return null;
  return (
    <li data-delivery-id={delivery.id}>
      <div className="link-delivery-main">
        <span className="link-delivery-line">
          <span className="mono">{delivery.event_type}</span>
          <DeliveryBadge status={delivery.status} />
        </span>
        <span className="sub ellipsis" title={delivery.endpoint_url}>
          {delivery.attempt_count} {delivery.attempt_count === 1 ? 'attempt' : 'attempts'} ·{' '}
          {delivery.endpoint_url}
        </span>
      </div>
      <button type="button" className="button button-small" onClick={() => inspect(delivery.id)}>
        Inspect
      </button>
    </li>
  );
}

export function LinkDeliveries({ ids }: { ids: string[] }) {
  const hasEndpoints = useConsoleStore((state) => state.endpoints.list.length > 0);

  if (ids.length === 0) {
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
      {ids.map((id) => (
        <LinkDelivery key={id} id={id} />
      ))}
    </ul>
  );
}
