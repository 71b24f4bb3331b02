// The Webhooks screen: the queue switch, the endpoints, then every delivery, live; clicking a
// delivery opens the inspector.
import { useState } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import { DeliveriesPanel } from './DeliveriesPanel';
import { DeliveryInspector } from './DeliveryInspector';
import { EndpointDialog } from './EndpointDialog';
import { EndpointsPanel } from './EndpointsPanel';
import { QueueBar } from './QueueBar';

export function WebhooksScreen() {
  const [adding, setAdding] = useState(false);
  const inspectedId = useConsoleStore((state) => state.inspector.id);
  return (
    <section className="screen screen-webhooks" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Webhooks</h2>
        <QueueBar />
      </header>
      <EndpointsPanel onAdd={() => setAdding(true)} />
      <DeliveriesPanel />
      {adding && <EndpointDialog onClose={() => setAdding(false)} />}
      {inspectedId && <DeliveryInspector key={inspectedId} />}
    </section>
  );
}
