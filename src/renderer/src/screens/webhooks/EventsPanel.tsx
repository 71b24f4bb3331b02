// Every webhook event the sandbox recorded, newest first, with the deliveries each one made, or
// the fact that no endpoint wanted it.
import { useEffect } from 'react';
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { useConsoleStore } from '../../store/consoleStore';
import { DeliveryBadge } from './DeliveryBadge';

export function EventsPanel() {
  const { rows, total, phase } = useConsoleStore((state) => state.webhookEvents);
  const today = useSandboxDay();
  const show = useConsoleStore((state) => state.showWebhookEvents);
  const inspect = useConsoleStore((state) => state.inspectDelivery);
  useEffect(() => {
    show(true);
    return () => show(false);
  }, [show]);

  return (
    <section className="panel panel-grow" aria-labelledby="events-title">
      <header className="panel-header">
        <h3 id="events-title">Events</h3>
        <span className="count" aria-live="polite">
          {phase === 'loading'
            ? 'Loading…'
            : total > rows.length
              ? `newest ${rows.length} of ${total.toLocaleString('en')}`
              : `${total.toLocaleString('en')} ${total === 1 ? 'event' : 'events'}`}
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="panel-empty muted">
          {phase === 'loading'
            ? 'Loading events…'
            : 'No events yet: a link that is paid, fails, expires or is canceled records one.'}
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0}>
          <table className="log-table events-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Link</th>
                <th scope="col">Deliveries</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id} data-event-id={event.id}>
                  <td className="mono num" title={event.timestamp}>
                    {formatLogTime(event.timestamp, today)}
                  </td>
                  <td>
                    <code>{event.type}</code>
                  </td>
                  <td className="ellipsis-cell">
                    <a href={`#/links/${encodeURIComponent(event.link_id)}`} title={event.link_id}>
                      {event.link_title}
                    </a>
                  </td>
                  <td>
                    {event.deliveries.length === 0 ? (
                      <span className="muted">no endpoint wanted it</span>
                    ) : (
                      <span className="event-deliveries">
                        {event.deliveries.map((delivery) => (
                          <button
                            key={delivery.id}
                            type="button"
                            className="button button-small"
                            title={`Inspect the delivery to ${delivery.endpoint_url}`}
                            onClick={() => inspect(delivery.id)}
                          >
                            <DeliveryBadge status={delivery.status} />
                          </button>
                        ))}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
