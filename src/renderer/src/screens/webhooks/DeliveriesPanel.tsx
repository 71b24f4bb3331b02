// The delivery history: filters, count and Clear history above the live, virtualised table; the
// search over what deliveries carry and the picks for Compare under them.
import { useState } from 'react';
import { isFiltered } from '../../lib/deliveryList';
import { ActionButton } from '../../components/ActionButton';
import { useConsoleStore } from '../../store/consoleStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeliveriesTable } from './DeliveriesTable';
import { DeliveryFilters } from './DeliveryFilters';
import { OfflineGate } from '../../components/OfflineGate';
import { PayloadSearchBox } from '../../components/PayloadSearchBox';
import { CompareTray } from '../compare/CompareTray';

function DeliveriesEmpty() {
  const filtered = useConsoleStore((state) => isFiltered(state.deliveries.filter));
  const hasEndpoints = useConsoleStore((state) => state.endpoints.list.length > 0);
  const searchProblem = useConsoleStore((state) => state.deliveries.searchProblem);
  if (searchProblem) {
    return (
      <div className="panel-empty">
        <p className="empty-title">The search cannot run</p>
        <p className="muted">Fix it as it says under the search box.</p>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="panel-empty">
        <p className="empty-title">No deliveries match</p>
        <p className="muted">
          Change the filters or the search; matching deliveries appear here as they happen.
        </p>
      </div>
    );
  }
  return (
    <div className="panel-empty">
      <p className="empty-title">No deliveries yet</p>
      <p className="muted">
        {hasEndpoints
          ? 'Send an endpoint a test event, or pay, fail, expire or cancel a link (from the Links screen or the API): its webhook shows up here live.'
          : 'Add an endpoint, then pay a link: each event becomes a signed delivery you can follow and inspect here.'}
      </p>
    </div>
  );
}

export function DeliveriesPanel() {
  const count = useConsoleStore((state) => state.deliveries.total);
  const total = useConsoleStore((state) => state.deliveries.total);
  const phase = useConsoleStore((state) => state.deliveries.phase);
  // Clear history removes delivered and failed deliveries only: with none, there is nothing to clear.
  const finished = useConsoleStore((state) => state.deliveryQueue.state?.finished);
  const nothingToClear = total === 0 || finished === 0;
  const clear = useConsoleStore((state) => state.clearDeliveryHistory);
  const [confirming, setConfirming] = useState(false);
  const query = useConsoleStore((state) => state.deliveries.filter.q);
  const searchProblem = useConsoleStore((state) => state.deliveries.searchProblem);
  const setFilter = useConsoleStore((state) => state.setDeliveryFilter);

  return (
    <section className="panel panel-grow" aria-labelledby="deliveries-title">
      <header className="panel-header">
        <h3 id="deliveries-title">Deliveries</h3>
        <OfflineGate>
          <DeliveryFilters />
        </OfflineGate>
        <span className="count" aria-live="polite">
          {phase === 'loading'
            ? 'Loading…'
            : `${total.toLocaleString('en')} ${total === 1 ? 'delivery' : 'deliveries'}`}
        </span>
        <OfflineGate>
          <ActionButton
            className="button button-small"
            disabledReason={
              nothingToClear
                ? 'Nothing to clear: only delivered or failed deliveries are cleared'
                : phase === 'loading'
                  ? 'Wait: the deliveries are being read'
                  : phase === 'error' && 'The deliveries could not be read: reload the screen'
            }
            title="Delete finished deliveries"
            onClick={() => setConfirming(true)}
          >
            Clear history
          </ActionButton>
        </OfflineGate>
      </header>
      <div className="panel-subbar">
        <OfflineGate>
          <PayloadSearchBox
            label="Search deliveries by what they carry"
            value={query}
            problem={searchProblem}
            onSearch={(q) => setFilter({ q })}
          />
        </OfflineGate>
        <CompareTray />
      </div>
      {count > 0 ? (
        <DeliveriesTable />
      ) : phase === 'loading' ? (
        <p className="panel-empty muted">Loading deliveries…</p>
      ) : (
        <DeliveriesEmpty />
      )}
      {confirming && (
        <ConfirmDialog
          title="Clear the delivery history?"
          text="Every delivered and failed delivery is removed, with its attempts. Waiting deliveries stay and are still sent."
          confirmLabel="Clear history"
          danger
          onConfirm={() => void clear()}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
