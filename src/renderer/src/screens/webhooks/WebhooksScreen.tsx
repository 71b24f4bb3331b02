// The Webhooks screen: the queue switch, the endpoints, then every delivery, live, or every
// recorded event with its deliveries; clicking a delivery opens the inspector (which App shows
// over any screen).
import { useState } from 'react';
import { DeliveriesPanel } from './DeliveriesPanel';
import { EndpointDialog } from './EndpointDialog';
import { EndpointsPanel } from './EndpointsPanel';
import { EventsPanel } from './EventsPanel';
import { QueueBar } from './QueueBar';
import { SkipToDeliveries } from './SkipToDeliveries';
import { OfflineGate } from '../../components/OfflineGate';
import { useConsoleStore } from '../../store/consoleStore';

export function WebhooksScreen() {
  const [adding, setAdding] = useState(false);
  const view = useConsoleStore((state) => state.webhooksView);
  const setView = useConsoleStore((state) => state.setWebhooksView);
  return (
    <section className="screen screen-webhooks" aria-labelledby="screen-title">
      {view === 'deliveries' && <SkipToDeliveries />}
      <header className="screen-header">
        <h2 id="screen-title">Webhooks</h2>
        <OfflineGate>
          <QueueBar />
        </OfflineGate>
      </header>
      <EndpointsPanel onAdd={() => setAdding(true)} />
      <div className="view-switch" role="group" aria-label="History">
        {(['deliveries', 'events'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="button button-small"
            aria-pressed={view === name}
            onClick={() => setView(name)}
          >
            {name === 'deliveries' ? 'Deliveries' : 'Events'}
          </button>
        ))}
      </div>
      {view === 'deliveries' ? <DeliveriesPanel /> : <EventsPanel />}
      {adding && <EndpointDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
