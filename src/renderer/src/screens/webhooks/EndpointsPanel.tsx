// The webhook endpoints, or how to add the first one (the built-in inbox, in one click).
import { DEFAULT_INBOX, inboxUrl } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { EndpointCard } from './EndpointCard';
import { ActionButton } from '../../components/ActionButton';
import { OfflineGate } from '../../components/OfflineGate';

/** Folds every card to one line, or unfolds them all once every one is folded. */
function FoldAll() {
  const endpoints = useConsoleStore((state) => state.endpoints.list);
  const folded = useConsoleStore((state) => state.endpoints.folded);
  const fold = useConsoleStore((state) => state.foldEndpoints);
  const allFolded = endpoints.every((endpoint) => folded.includes(endpoint.id));
  return (
    <button
      type="button"
      className="button button-small"
      title={
        allFolded
          ? 'Show every endpoint in full'
          : 'Fold every endpoint to one line, to keep the deliveries in view'
      }
      onClick={() =>
        fold(
          endpoints.map((endpoint) => endpoint.id),
          !allFolded,
        )
      }
    >
      {allFolded ? 'Unfold all' : 'Fold all'}
    </button>
  );
}

export function EndpointsPanel({ onAdd }: { onAdd(): void }) {
  const endpoints = useConsoleStore((state) => state.endpoints.list);
  const phase = useConsoleStore((state) => state.endpoints.phase);
  const addInboxEndpoint = useConsoleStore((state) => state.addInboxEndpoint);
  const inboxAdded = endpoints.some(
    (endpoint) => endpoint.url === inboxUrl(DEFAULT_INBOX, window.location.origin),
  );
  const addInbox = (primary: boolean) => (
    <ActionButton
      className={`button ${primary ? 'button-primary' : 'button-small'}`}
      onClick={() => void addInboxEndpoint()}
    >
      Add the built-in inbox as an endpoint
    </ActionButton>
  );

  return (
    <section className="panel" aria-labelledby="endpoints-title">
      <header className="panel-header">
        <h3 id="endpoints-title">Endpoints</h3>
        <span className="count">
          {endpoints.length} {endpoints.length === 1 ? 'endpoint' : 'endpoints'}
        </span>
        {endpoints.length > 1 && <FoldAll />}
        <OfflineGate>
          {endpoints.length > 0 && !inboxAdded && addInbox(false)}
          <ActionButton className="button button-primary button-small" onClick={onAdd}>
            Add endpoint
          </ActionButton>
        </OfflineGate>
      </header>
      {endpoints.length > 0 ? (
        <ul className="endpoint-list">
          {endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : phase === 'loading' ? (
        <p className="panel-empty muted">Loading endpoints…</p>
      ) : (
        <div className="panel-empty">
          <p className="empty-title">No endpoints yet</p>
          <p className="muted">
            Add the URL your app receives webhooks on. Every payment link event is then signed with its{' '}
            <code>whsec_</code> secret and POSTed there. No receiver of your own yet? The sandbox has one
            built in: its events then show on the Inbox screen, with their signatures checked.
          </p>
          <OfflineGate>
            <div className="empty-actions">
              {addInbox(true)}
              <ActionButton className="button" onClick={onAdd}>
                Add an endpoint
              </ActionButton>
            </div>
          </OfflineGate>
        </div>
      )}
    </section>
  );
}
