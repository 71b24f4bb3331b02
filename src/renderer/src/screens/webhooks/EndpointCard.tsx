// One webhook endpoint: its URL, filter and secret, and the actions that change or try it. Folded,
// the card is one line (URL, description, switch and actions), so five endpoints leave the
// deliveries in view at 1280×720; the fold is remembered per endpoint across reloads.
import { useId, useState } from 'react';
import { hasEndpointFaults } from '../../../../shared/faultBasics';
import type { WebhookEndpoint } from '../../../../shared/types';
import { useNow } from '../../hooks/useNow';
import { formatDateTime } from '../../lib/dates';
import { previousSecretSignsUntil } from '../../lib/previousSecret';
import { EVENT_TYPES } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import type { EndpointAction } from '../../store/endpointsSlice';
import { ActionButton } from '../../components/ActionButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EndpointCheckPanel } from './EndpointCheckPanel';
import { EndpointDialog } from './EndpointDialog';
import { EndpointFaultsMarker } from './EndpointFaultsMarker';
import { SecretField } from './SecretField';
import { TestEventDialog } from './TestEventDialog';
import { OfflineGate } from '../../components/OfflineGate';

/** The dialog open over the card, if any. */
type Opened = 'edit' | 'test' | 'check' | 'rotate' | 'delete' | null;

/** Why the card's controls wait: one action at a time per endpoint. */
const BUSY: Record<EndpointAction, string> = {
  toggle: 'Wait: the endpoint is being enabled or disabled',
  rotate: 'Wait: its secret is being rotated',
  delete: 'Wait: the endpoint is being deleted',
  test: 'Wait: a test event is being sent to it',
};

/** Its own component: it follows the sandbox clock each second without re-rendering the card. */
function PreviousSecretHint({ previous }: { previous: { expires_at: string }[] }) {
  const until = previousSecretSignsUntil(previous, useNow());
  return until && <p className="hint">The previous secret also signs until {formatDateTime(until)}.</p>;
}

export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const busy = useConsoleStore((state) => state.endpoints.busy[endpoint.id]);
  const folded = useConsoleStore((state) => state.endpoints.folded.includes(endpoint.id));
  const fold = useConsoleStore((state) => state.foldEndpoints);
  const setEnabled = useConsoleStore((state) => state.setEndpointEnabled);
  const rotate = useConsoleStore((state) => state.rotateEndpointSecret);
  const remove = useConsoleStore((state) => state.deleteEndpoint);
  const [opened, setOpened] = useState<Opened>(null);
  const detailsId = useId();
  const all = EVENT_TYPES.every((type) => endpoint.event_types.includes(type));
  const waiting = busy && BUSY[busy];

  return (
    <li
      className={`endpoint${endpoint.enabled ? '' : ' endpoint-disabled'}${folded ? ' endpoint-folded' : ''}`}
      aria-label={endpoint.url}
    >
      <div className="endpoint-main">
        <div className="endpoint-line">
          <button
            type="button"
            className="endpoint-fold"
            aria-expanded={!folded}
            aria-controls={detailsId}
            aria-label="Details"
            title={folded ? 'Unfold: show its description, events and secret' : 'Fold the card to one line'}
            onClick={() => fold([endpoint.id], !folded)}
          >
            <span aria-hidden="true">▸</span>
          </button>
          <p className="endpoint-url mono" title={endpoint.url}>
            {endpoint.url}
          </p>
          {folded && endpoint.description && (
            <span className="sub endpoint-line-note" title={endpoint.description}>
              {endpoint.description}
            </span>
          )}
          {folded && hasEndpointFaults(endpoint.faults) && (
            <EndpointFaultsMarker endpoint={endpoint} folded />
          )}
        </div>
        <div id={detailsId} className="endpoint-details" hidden={folded}>
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
      </div>
      <OfflineGate>
        <div className="endpoint-actions">
          <label className="switch" title={waiting || undefined}>
            <input
              type="checkbox"
              role="switch"
              checked={endpoint.enabled}
              disabled={busy !== undefined}
              onChange={() => void setEnabled(endpoint.id, !endpoint.enabled)}
            />
            <span>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
          </label>
          <ActionButton
            className="button button-small"
            disabledReason={
              waiting ||
              (!endpoint.enabled && 'A disabled endpoint gets no events: enable it to send a test event')
            }
            aria-busy={busy === 'test' || undefined}
            title="Send this endpoint a signed sample event"
            onClick={() => setOpened('test')}
          >
            Send test event
          </ActionButton>
          <ActionButton
            className="button button-small"
            disabledReason={waiting}
            title="Send this endpoint the deliveries that break receivers and see how it answers each"
            onClick={() => setOpened('check')}
          >
            Check this endpoint
          </ActionButton>
          <ActionButton
            className="button button-small"
            disabledReason={waiting}
            title="Change its URL, events, description, headers or faults"
            onClick={() => setOpened('edit')}
          >
            Edit
          </ActionButton>
          <ActionButton
            className="button button-small"
            disabledReason={waiting}
            aria-busy={busy === 'rotate' || undefined}
            title="Give it a new signing secret; the current one keeps signing beside it for 24 hours"
            onClick={() => setOpened('rotate')}
          >
            Rotate secret
          </ActionButton>
          <ActionButton
            className="button button-small button-danger-text"
            disabledReason={waiting}
            aria-busy={busy === 'delete' || undefined}
            title="Delete this endpoint and its waiting deliveries"
            onClick={() => setOpened('delete')}
          >
            Delete
          </ActionButton>
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
