// The Webhooks screen: the queue switch, the endpoints, then every delivery, live; clicking a
// delivery opens the inspector.
import { useState } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import { AddEndpointDialog } from './AddEndpointDialog';
import { DeliveriesTable } from './DeliveriesTable';
import { DeliveryInspector } from './DeliveryInspector';
import { EndpointsPanel } from './EndpointsPanel';
import { QueueBar } from './QueueBar';

export function WebhooksScreen() {
  const [adding, setAdding] = useState(false);
  const inspectedId = useConsoleStore((state) => state.webhooks.inspectedId);
  return (
    <section className="screen screen-webhooks" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Webhooks</h2>
        <QueueBar />
      </header>
      <EndpointsPanel onAdd={() => setAdding(true)} />
      <DeliveriesTable />
      {adding && <AddEndpointDialog onClose={() => setAdding(false)} />}
      {inspectedId && <DeliveryInspector key={inspectedId} />}
    </section>
  );
}
