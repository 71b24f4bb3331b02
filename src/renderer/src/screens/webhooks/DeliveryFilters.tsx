// The history's filters: status, event type and endpoint, each applied by the console API.
import type { DeliveryStatus, WebhookEventType } from '../../../../shared/types';
import { DELIVERY_FILTERS, EVENT_TYPES } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';

export function DeliveryFilters() {
  const filter = useConsoleStore((state) => state.deliveries.filter);
  const endpoints = useConsoleStore((state) => state.endpoints.list);
  const setFilter = useConsoleStore((state) => state.setDeliveryFilter);
  // A deleted endpoint's deliveries stay in the history, so its filter may outlive it.
  const knownEndpoint = filter.endpoint_id === 'all' || endpoints.some((e) => e.id === filter.endpoint_id);

  return (
    <div className="delivery-filters">
      <label className="field-inline">
        <span>Status</span>
        <select
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as DeliveryStatus | 'all' })}
        >
          {DELIVERY_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span>Event</span>
        <select
          value={filter.event_type}
          onChange={(event) => setFilter({ event_type: event.target.value as WebhookEventType | 'all' })}
        >
          <option value="all">All</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type.replace('payment_link.', '')}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span>Endpoint</span>
        <select
          className="endpoint-filter"
          value={filter.endpoint_id}
          onChange={(event) => setFilter({ endpoint_id: event.target.value })}
        >
          <option value="all">All</option>
          {endpoints.map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.description ? `${endpoint.description} — ${endpoint.url}` : endpoint.url}
            </option>
          ))}
          {!knownEndpoint && <option value={filter.endpoint_id}>A deleted endpoint</option>}
        </select>
      </label>
    </div>
  );
}
