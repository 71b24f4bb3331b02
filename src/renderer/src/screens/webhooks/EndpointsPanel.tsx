// The webhook endpoints, or how to add the first one.
import { useConsoleStore } from '../../store/consoleStore';
import { EndpointCard } from './EndpointCard';

export function EndpointsPanel({ onAdd }: { onAdd(): void }) {
  const endpoints = useConsoleStore((state) => state.endpoints.list);
  const phase = useConsoleStore((state) => state.endpoints.phase);

  return (
    <section className="panel" aria-labelledby="endpoints-title">
      <header className="panel-header">
        <h3 id="endpoints-title">Endpoints</h3>
        <span className="count">
          {endpoints.length} {endpoints.length === 1 ? 'endpoint' : 'endpoints'}
        </span>
        <button type="button" className="button button-primary button-small" onClick={onAdd}>
          Add endpoint
        </button>
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
            <code>whsec_</code> secret and POSTed there.
          </p>
          <button type="button" className="button button-primary" onClick={onAdd}>
            Add an endpoint
          </button>
        </div>
      )}
    </section>
  );
}
