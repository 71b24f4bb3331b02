// The Webhooks screen: the queue switch, the endpoints, then every delivery, live; clicking a
// delivery opens the inspector (which App shows over any screen).
import { useState } from 'react';
import { DeliveriesPanel } from './DeliveriesPanel';
import { EndpointDialog } from './EndpointDialog';
import { EndpointsPanel } from './EndpointsPanel';
import { QueueBar } from './QueueBar';

export function WebhooksScreen() {
  const [adding, setAdding] = useState(false);
  return (
    <section className="screen screen-webhooks" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Webhooks</h2>
        <QueueBar />
      </header>
      <EndpointsPanel onAdd={() => setAdding(true)} />
      <DeliveriesPanel />
      {adding && <EndpointDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
