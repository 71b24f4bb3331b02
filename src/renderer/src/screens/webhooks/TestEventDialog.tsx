// "Send a test event": the developer picks the event type; the delivery then opens in the inspector.
import { useState } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import type { WebhookEndpoint, WebhookEventType } from '../../../../shared/types';
import { EVENT_TYPES } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { OfflineGate } from '../../components/OfflineGate';
import { ActionButton } from '../../components/ActionButton';

export function TestEventDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const dialogRef = useModalDialog();
  const send = useConsoleStore((state) => state.sendTestEvent);
  const sending = useConsoleStore((state) => state.endpoints.busy[endpoint.id] === 'test');
  // What the endpoint listens for first, so the test looks like its real traffic.
  const [type, setType] = useState<WebhookEventType>(endpoint.event_types[0] ?? 'payment_link.paid');

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="test-event-title" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send(endpoint.id, type).then((sent) => sent && dialogRef.current?.close());
        }}
      >
        <h3 id="test-event-title">Send a test event</h3>
        <p className="muted">
          A signed event for a sample link goes to <span className="mono">{endpoint.url}</span> only, whatever
          its event filter. It is delivered and recorded like any delivery, marked as a test; its link is not
          in the sandbox.
        </p>
        <fieldset className="field checkbox-group">
          <legend>Event type</legend>
          {EVENT_TYPES.map((option) => (
            <label key={option} className="checkbox">
              <input
                type="radio"
                name="event_type"
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
              />
              <code>{option}</code>
              {!endpoint.event_types.includes(option) && <span className="sub">not in its filter</span>}
            </label>
          ))}
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            Close
          </button>
          <OfflineGate>
            <ActionButton
              type="submit"
              className="button button-primary"
              disabledReason={sending ? 'Sending the test event: wait for the answer.' : undefined}
              aria-busy={sending || undefined}
            >
              {sending ? 'Sending…' : 'Send test event'}
            </ActionButton>
          </OfflineGate>
        </div>
      </form>
    </dialog>
  );
}
