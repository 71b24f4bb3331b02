// One webhook endpoint: its URL, filter and secret, and the actions that change or try it.
import { useState } from 'react';
import { hasEndpointFaults } from '../../../../shared/faultBasics';
import type { WebhookEndpoint } from '../../../../shared/types';
import { useNow } from '../../hooks/useNow';
import { formatDateTime } from '../../lib/dates';
import { previousSecretSignsUntil } from '../../lib/previousSecret';
import { EVENT_TYPES } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EndpointCheckPanel } from './EndpointCheckPanel';
import { EndpointDialog } from './EndpointDialog';
import { EndpointFaultsMarker } from './EndpointFaultsMarker';
import { SecretField } from './SecretField';
import { TestEventDialog } from './TestEventDialog';
import { OfflineGate } from '../../components/OfflineGate';

/** The dialog open over the card, if any. */
type Opened = 'edit' | 'test' | 'check' | 'rotate' | 'delete' | null;

/** Its own component: it follows the sandbox clock each second without re-rendering the card. */
function PreviousSecretHint({ previous }: { previous: { expires_at: string }[] }) {
  const until = previousSecretSignsUntil(previous, useNow());
  return until && <p className="hint">The previous secret also signs until {formatDateTime(until)}.</p>;
}

export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const busy = useConsoleStore((state) => state.endpoints.busy[endpoint.id]);
  const setEnabled = useConsoleStore((state) => state.setEndpointEnabled);
  const rotate = useConsoleStore((state) => state.rotateEndpointSecret);
  const remove = useConsoleStore((state) => state.deleteEndpoint);
  const [opened, setOpened] = useState<Opened>(null);
  const all = EVENT_TYPES.every((type) => endpoint.event_types.includes(type));

  return (
    <li className={endpoint.enabled ? 'endpoint' : 'endpoint endpoint-disabled'} aria-label={endpoint.url}>
      <div className="endpoint-main">
        <p className="endpoint-url mono" title={endpoint.url}>
          {endpoint.url}
        </p>
        {hasEndpointFaults(endpoint.faults) && <EndpointFaultsMarker endpoint={endpoint} />}
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
        <PreviousSecretHint previous={endpoint.previous_secrets} />
      </div>
      <OfflineGate>
        <div className="endpoint-actions">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={endpoint.enabled}
              disabled={busy !== undefined}
              onChange={() => void setEnabled(endpoint.id, !endpoint.enabled)}
            />
            <span>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
          </label>
          <button
            type="button"
            className="button button-small"
            disabled={busy !== undefined || !endpoint.enabled}
            aria-busy={busy === 'test' || undefined}
            title={
              endpoint.enabled
                ? 'Send this endpoint a signed sample event'
                : 'Enable the endpoint to send it a test event'
            }
            onClick={() => setOpened('test')}
          >
            Send test event
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy !== undefined}
            title="Send this endpoint the deliveries that break receivers and see how it answers each"
            onClick={() => setOpened('check')}
          >
            Check this endpoint
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy !== undefined}
            onClick={() => setOpened('edit')}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy !== undefined}
            aria-busy={busy === 'rotate' || undefined}
            onClick={() => setOpened('rotate')}
          >
            Rotate secret
          </button>
          <button
            type="button"
            className="button button-small button-danger-text"
            disabled={busy !== undefined}
            aria-busy={busy === 'delete' || undefined}
            onClick={() => setOpened('delete')}
          >
            Delete
          </button>
        </div>
      </OfflineGate>
      {opened === 'edit' && <EndpointDialog endpoint={endpoint} onClose={() => setOpened(null)} />}
      {opened === 'test' && <TestEventDialog endpoint={endpoint} onClose={() => setOpened(null)} />}
      {opened === 'check' && <EndpointCheckPanel endpoint={endpoint} onClose={() => setOpened(null)} />}
      {opened === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          text={`${endpoint.url} gets a new secret. The current one keeps signing beside it for 24 hours, so your receiver has time to switch.`}
          confirmLabel="Rotate secret"
          onConfirm={() => void rotate(endpoint.id)}
          onClose={() => setOpened(null)}
        />
      )}
      {opened === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          text={`${endpoint.url} stops receiving webhooks and its waiting deliveries are dropped. Finished deliveries stay in the history.`}
          confirmLabel="Delete endpoint"
          danger
          onConfirm={() => void remove(endpoint.id)}
          onClose={() => setOpened(null)}
        />
      )}
    </li>
  );
}
