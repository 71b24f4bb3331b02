// The webhook deliveries of one link; each opens the inspector over the Links screen. With none,
// why not: the endpoints when its events happened.
import type { WebhookEvent } from '../../../../../shared/types';
import { noDeliveriesNote } from '../../../lib/noDeliveriesNote';
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

export function LinkDeliveries({ ids, events }: { ids: string[]; events: WebhookEvent[] }) {
  const endpoints = useConsoleStore((state) => state.endpoints.list);

  if (ids.length === 0) {
    const note = noDeliveriesNote(events, endpoints);
    return (
      <p className="muted">
        {note.text} {note.toWebhooks && <a href="#/webhooks">Open Webhooks</a>}
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
