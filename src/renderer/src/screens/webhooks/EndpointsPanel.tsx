// The webhook endpoints, or how to add the first one (the built-in inbox, in one click).
import { DEFAULT_INBOX, inboxUrl } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { EndpointCard } from './EndpointCard';
import { OfflineGate } from '../../components/OfflineGate';

export function EndpointsPanel({ onAdd }: { onAdd(): void }) {
  const endpoints = useConsoleStore((state) => state.endpoints.list);
  const phase = useConsoleStore((state) => state.endpoints.phase);
  const addInboxEndpoint = useConsoleStore((state) => state.addInboxEndpoint);
  const inboxAdded = endpoints.some(
    (endpoint) => endpoint.url === inboxUrl(DEFAULT_INBOX, window.location.origin),
  );
  const addInbox = (primary: boolean) => (
    <button
      type="button"
      className={`button ${primary ? 'button-primary' : 'button-small'}`}
      onClick={() => void addInboxEndpoint()}
    >
      Add the built-in inbox as an endpoint
    </button>
  );

  return (
    <section className="panel" aria-labelledby="endpoints-title">
      <header className="panel-header">
        <h3 id="endpoints-title">Endpoints</h3>
        <span className="count">
          {endpoints.length} {endpoints.length === 1 ? 'endpoint' : 'endpoints'}
        </span>
        <OfflineGate>
          {endpoints.length > 0 && !inboxAdded && addInbox(false)}
          <button type="button" className="button button-primary button-small" onClick={onAdd}>
            Add endpoint
          </button>
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
              <button type="button" className="button" onClick={onAdd}>
                Add an endpoint
              </button>
            </div>
          </OfflineGate>
        </div>
      )}
    </section>
  );
}
