// Every delivery, newest first and live: its event, link, endpoint, state, attempts and next retry.
import type { DeliveryRow } from '../../api/consoleClient';
import { useNow } from '../../hooks/useNow';
import { DELIVERY_FILTERS, formatRelative, isWaiting, shortId } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { DELIVERY_PAGE, type DeliveryAction, type DeliveryFilter } from '../../store/webhooksSlice';
import { DeliveryBadge } from './DeliveryBadge';

function NextRetry({ delivery }: { delivery: DeliveryRow }) {
  const now = useNow();
  if (!delivery.next_attempt_at || !['queued', 'retrying', 'paused'].includes(delivery.status))
    return <span className="muted">—</span>;
  if (delivery.status === 'paused' && Date.parse(delivery.next_attempt_at) - now < 1000)
    return <span className="muted">when resumed</span>;
  return (
    <span className="countdown" title={delivery.next_attempt_at}>
      {formatRelative(delivery.next_attempt_at, now)}
    </span>
  );
}

function DeliveryActions({ delivery }: { delivery: DeliveryRow }) {
  const busy = useConsoleStore((state) => state.webhooks.deliveryBusy[delivery.id]);
  const run = useConsoleStore((state) => state.runDeliveryAction);
  const waiting = isWaiting(delivery.status);
  // A paused delivery is a waiting one held by the queue: it can be dropped, not hurried.
  const removable = waiting || delivery.status === 'paused';
  const button = (action: DeliveryAction, label: string, enabled: boolean, hint: string) => (
    <button
      type="button"
      className="button button-small"
      disabled={busy !== undefined || !enabled}
      aria-busy={busy === action || undefined}
      title={hint}
      onClick={(event) => {
        event.stopPropagation();
        void run(delivery.id, action);
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="row-actions">
      {button(
        'resend',
        'Resend',
        delivery.status !== 'delivering',
        'Send the same event again, with the same webhook-id',
      )}
      {waiting && button('retry', 'Retry now', true, 'Send it now instead of waiting')}
      {removable && button('delete', 'Delete', true, 'Drop this waiting delivery')}
    </div>
  );
}

export function DeliveriesTable() {
  const deliveries = useConsoleStore((state) => state.webhooks.deliveries);
  const total = useConsoleStore((state) => state.webhooks.deliveryTotal);
  const phase = useConsoleStore((state) => state.webhooks.deliveriesPhase);
  const filter = useConsoleStore((state) => state.webhooks.filter);
  const hasEndpoints = useConsoleStore((state) => state.webhooks.endpoints.length > 0);
  const inspectedId = useConsoleStore((state) => state.webhooks.inspectedId);
  const setFilter = useConsoleStore((state) => state.setDeliveryFilter);
  const inspect = useConsoleStore((state) => state.inspectDelivery);

  return (
    <section className="panel panel-grow" aria-labelledby="deliveries-title">
      <header className="panel-header">
        <h3 id="deliveries-title">Deliveries</h3>
        <label className="field-inline">
          <span>Status</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value as DeliveryFilter)}>
            {DELIVERY_FILTERS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <span className="count" aria-live="polite">
          {phase === 'loading'
            ? 'Loading…'
            : total > deliveries.length
              ? `newest ${DELIVERY_PAGE} of ${total.toLocaleString('en')}`
              : `${total.toLocaleString('en')} ${total === 1 ? 'delivery' : 'deliveries'}`}
        </span>
      </header>
      {deliveries.length > 0 ? (
        <div className="table-scroll">
          <table className="deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Link</th>
                <th scope="col">Endpoint</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Next retry</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr
                  key={delivery.id}
                  data-delivery-id={delivery.id}
                  aria-selected={delivery.id === inspectedId}
                  tabIndex={0}
                  onClick={() => inspect(delivery.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && event.target === event.currentTarget) inspect(delivery.id);
                  }}
                >
                  <td>
                    <code>{delivery.event_type}</code>
                  </td>
                  <td className="mono" title={delivery.link_id}>
                    {shortId(delivery.link_id)}
                  </td>
                  <td className="ellipsis-cell" title={delivery.endpoint_url}>
                    {delivery.endpoint_url}
                  </td>
                  <td>
                    <DeliveryBadge status={delivery.status} />
                    {delivery.last_error && delivery.status !== 'delivered' && (
                      <span className="sub row-error" title={delivery.last_error}>
                        {delivery.last_error}
                      </span>
                    )}
                  </td>
                  <td className="num">
                    {delivery.attempt_count}
                    {delivery.last_status !== null && <span className="sub"> · {delivery.last_status}</span>}
                  </td>
                  <td>
                    <NextRetry delivery={delivery} />
                  </td>
                  <td>
                    <DeliveryActions delivery={delivery} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : phase === 'loading' ? (
        <p className="panel-empty muted">Loading deliveries…</p>
      ) : filter !== 'all' ? (
        <div className="panel-empty">
          <p className="empty-title">No deliveries match</p>
          <p className="muted">Pick another status; matching deliveries appear here as they happen.</p>
        </div>
      ) : (
        <div className="panel-empty">
          <p className="empty-title">No deliveries yet</p>
          <p className="muted">
            {hasEndpoints
              ? 'Pay, fail, expire or cancel a link (from the Links screen or the API) and its webhook shows up here live.'
              : 'Add an endpoint, then pay a link: each event becomes a signed delivery you can follow and inspect here.'}
          </p>
        </div>
      )}
    </section>
  );
}
