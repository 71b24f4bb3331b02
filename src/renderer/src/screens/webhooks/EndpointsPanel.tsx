// The webhook endpoints: each with its URL, filter and secret, and the actions that change it.
import { useState } from 'react';
import type { WebhookEndpoint } from '../../../../shared/types';
import { formatDateTime } from '../../lib/dates';
import { EVENT_TYPES, maskSecret } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { ConfirmDialog } from './ConfirmDialog';

function SecretField({ secret }: { secret: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => pushToast('error', 'Could not copy: the clipboard is not available here. Reveal and select it.'),
    );
  return (
    <div className="secret">
      <span className="mono secret-value" data-testid="endpoint-secret">
        {revealed ? secret : maskSecret(secret)}
      </span>
      <button
        type="button"
        className="button button-small"
        aria-pressed={revealed}
        onClick={() => setRevealed(!revealed)}
      >
        {revealed ? 'Hide' : 'Reveal'}
      </button>
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

type Confirming = 'rotate' | 'delete' | null;

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const busy = useConsoleStore((state) => state.webhooks.endpointBusy[endpoint.id]);
  const update = useConsoleStore((state) => state.updateEndpoint);
  const rotate = useConsoleStore((state) => state.rotateEndpointSecret);
  const remove = useConsoleStore((state) => state.deleteEndpoint);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const all = EVENT_TYPES.every((type) => endpoint.event_types.includes(type));

  return (
    <li className={endpoint.enabled ? 'endpoint' : 'endpoint endpoint-disabled'} aria-label={endpoint.url}>
      <div className="endpoint-main">
        <p className="endpoint-url mono" title={endpoint.url}>
          {endpoint.url}
        </p>
        <p className="sub">{endpoint.description || 'No description'}</p>
        <p className="endpoint-types">
          {all ? (
            <span className="chip">All events</span>
          ) : endpoint.event_types.length === 0 ? (
            <span className="chip">No events</span>
          ) : (
            endpoint.event_types.map((type) => (
              <span key={type} className="chip">
                {type.replace('payment_link.', '')}
              </span>
            ))
          )}
        </p>
        <SecretField secret={endpoint.secret} />
        {endpoint.previous_secrets.length > 0 && (
          <p className="hint">
            The previous secret also signs until{' '}
            {formatDateTime(
              endpoint.previous_secrets
                .map((s) => s.expires_at)
                .sort()
                .at(-1) as string,
            )}
            .
          </p>
        )}
      </div>
      <div className="endpoint-actions">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={endpoint.enabled}
            disabled={busy !== undefined}
            onChange={() => void update(endpoint.id, { enabled: !endpoint.enabled })}
          />
          <span>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
        </label>
        <button
          type="button"
          className="button button-small"
          disabled={busy !== undefined}
          aria-busy={busy === 'rotate' || undefined}
          onClick={() => setConfirming('rotate')}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="button button-small button-danger-text"
          disabled={busy !== undefined}
          aria-busy={busy === 'delete' || undefined}
          onClick={() => setConfirming('delete')}
        >
          Delete
        </button>
      </div>
      {confirming === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          text={`${endpoint.url} gets a new secret. The current one keeps signing beside it for 24 hours, so your receiver has time to switch.`}
          confirmLabel="Rotate secret"
          onConfirm={() => void rotate(endpoint.id)}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          text={`${endpoint.url} stops receiving webhooks and its waiting deliveries are dropped. Finished deliveries stay in the history.`}
          confirmLabel="Delete endpoint"
          danger
          onConfirm={() => void remove(endpoint.id)}
          onClose={() => setConfirming(null)}
        />
      )}
    </li>
  );
}

export function EndpointsPanel({ onAdd }: { onAdd(): void }) {
  const endpoints = useConsoleStore((state) => state.webhooks.endpoints);
  const phase = useConsoleStore((state) => state.webhooks.endpointsPhase);

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
