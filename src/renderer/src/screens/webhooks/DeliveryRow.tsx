// One row of the deliveries table: when it last changed, event, link, endpoint, state, attempts, next retry, actions.
// It re-renders only when its own delivery changes.
import { memo } from 'react';
import type { DeliveryRow as Row } from '../../api/consoleClient';
import { useNow, useSandboxDay } from '../../hooks/useNow';
import { isWaiting } from '../../../../shared/deliveryStatus';
import { formatLogTime } from '../../lib/dates';
import { retryWait } from '../../lib/clockWait';
import { endpointName } from '../../lib/endpointName';
import { shortId } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { DeliveryActions } from './DeliveryActions';
import { DeliveryBadge } from './DeliveryBadge';
import { PickBox } from '../compare/PickBox';

function NextRetry({ delivery }: { delivery: Row }) {
  const now = useNow();
  const frozen = useConsoleStore((state) => state.clock.view?.frozen ?? false);
  if (!delivery.next_attempt_at || !isWaiting(delivery)) return <span className="muted">—</span>;
  // Nothing goes out while the queue is paused, however soon it was due.
  if (delivery.status === 'paused') return <span className="muted">when resumed</span>;
  const dueIn = Date.parse(delivery.next_attempt_at) - now;
  // Due but not sent: order per link holds it behind an earlier delivery, or its endpoint is off.
  if (dueIn < -1000)
    return (
      <span
        className="muted"
        title="Due, and held back: an earlier delivery of the same link to this endpoint goes first, or the endpoint is disabled."
      >
        waiting its turn
      </span>
    );
  const wait = retryWait(delivery.next_attempt_at, now, frozen);
  return (
    <>
      <span className="countdown" title={wait.title}>
        {wait.text}
      </span>{' '}
      {wait.note && (
        <span className="sub" title={wait.title}>
          {wait.note}
        </span>
      )}
    </>
  );
}

interface DeliveryRowProps {
  id: string;
  index: number;
  top: number;
}

export const DeliveryRow = memo(function DeliveryRow({ id, index, top }: DeliveryRowProps) {
  const delivery = useConsoleStore((state) => state.deliveryRecords[id]);
  const selected = useConsoleStore((state) => state.inspector.id === id);
  const inspect = useConsoleStore((state) => state.inspectDelivery);
  const today = useSandboxDay();
  // A deleted endpoint's deliveries stay: they go by their URL alone.
  const description = useConsoleStore(
    (state) => state.endpoints.list.find((endpoint) => endpoint.id === delivery?.endpoint_id)?.description,
  );
  if (!delivery) return null;
  return (
    <div
      className="table-row delivery-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      data-delivery-id={delivery.id}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => inspect(delivery.id)}
      onKeyDown={(event) => {
        // Without preventDefault the same Enter goes on to press the dialog's focused Close button.
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          inspect(delivery.id);
        }
      }}
    >
      <div role="cell" className="cell cell-updated mono">
        <PickBox
          pick={{ kind: 'delivery', id: delivery.id, label: `${delivery.event_type} ${delivery.id}` }}
        />
        <span title={`Last changed ${delivery.updated_at}; created ${delivery.created_at}`}>
          {formatLogTime(delivery.updated_at, today)}
        </span>
      </div>
      <div role="cell" className="cell cell-event">
        <code title={delivery.event_type}>{delivery.event_type}</code>
        {delivery.test && <span className="chip chip-test">test</span>}
      </div>
      <div role="cell" className="cell mono">
        {/* A way across: the link this delivery is about, in its own detail (a test event's is a sample). */}
        {delivery.test ? (
          <span title={`${delivery.link_id}: a sample link, not stored`}>{shortId(delivery.link_id)}</span>
        ) : (
          <a
            href={`#/links/${encodeURIComponent(delivery.link_id)}`}
            title={`Open link ${delivery.link_id}`}
            onClick={(event) => event.stopPropagation()}
          >
            {shortId(delivery.link_id)}
          </a>
        )}
      </div>
      <div role="cell" className="cell cell-endpoint">
        <span className="ellipsis" title={delivery.endpoint_url}>
          {endpointName(delivery.endpoint_url, { description, origin: window.location.origin })}
        </span>
      </div>
      <div role="cell" className="cell cell-state">
        <DeliveryBadge status={delivery.status} />
        {delivery.last_error && delivery.status !== 'delivered' && (
          <span className="sub row-error" title={delivery.last_error}>
            {delivery.last_error}
          </span>
        )}
      </div>
      <div role="cell" className="cell num">
        <span>
          {delivery.attempt_count}
          {delivery.last_status !== null && <span className="sub"> · {delivery.last_status}</span>}
        </span>
      </div>
      <div role="cell" className="cell">
        <NextRetry delivery={delivery} />
      </div>
      <div role="cell" className="cell">
        <DeliveryActions delivery={delivery} />
      </div>
    </div>
  );
});
