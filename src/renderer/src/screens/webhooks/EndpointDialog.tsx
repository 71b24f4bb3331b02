// The endpoint form, in a modal dialog: adds one, or edits the URL, description, event filter and
// webhook faults of one; the API's validation errors appear beside their field.
import { useState, type FormEvent } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import type { WebhookEndpoint, WebhookEventType } from '../../../../shared/types';
import { messageOf } from '../../lib/errorMessage';
import { EVENT_TYPES } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { FormField } from '../../components/FormField';
import { NO_ENDPOINT_FAULTS } from '../../../../shared/faultBasics';
import type { EndpointFaults } from '../../../../shared/faults';
import { EndpointFaultsFields } from './EndpointFaultsFields';
import { OfflineGate } from '../../components/OfflineGate';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { ActionButton } from '../../components/ActionButton';

const FIELDS = ['url', 'description', 'event_types', 'faults'] as const;

/** A number typed as digits is sent as a number; anything else as typed, for the API to explain. */
const wholeOf = (text: string): number =>
  /^\d+$/.test(text.trim()) ? Number(text) : (text as unknown as number);

interface EndpointDialogProps {
  /** The endpoint to edit; without one the dialog adds a new endpoint. */
  endpoint?: WebhookEndpoint;
  onClose(): void;
}

export function EndpointDialog({ endpoint, onClose }: EndpointDialogProps) {
  const dialogRef = useModalDialog();
  const createEndpoint = useConsoleStore((state) => state.createEndpoint);
  const editEndpoint = useConsoleStore((state) => state.editEndpoint);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.event_types ?? EVENT_TYPES);
  const [faults, setFaults] = useState<EndpointFaults>(endpoint?.faults ?? NO_ENDPOINT_FAULTS);
  const [delayText, setDelayText] = useState(String(faults.delay_seconds));
  const [seedText, setSeedText] = useState(faults.seed === undefined ? '' : String(faults.seed));
  const { formRef, errors, apiParam, clear, show, showApiError } = useFieldErrors(FIELDS);
  const [saving, setSaving] = useState(false);

  const toggleType = (type: WebhookEventType) => {
    clear('event_types');
    setTypes((current) =>
      current.includes(type)
        ? current.filter((t) => t !== type)
        : EVENT_TYPES.filter((t) => t === type || current.includes(t)),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (types.length === 0) {
      show({ event_types: 'Tick at least one event: an endpoint with none would never be called.' });
      return;
    }
    setSaving(true);
    // An empty seed removes it: the shuffle is random again.
    const withDelay = {
      ...faults,
      delay_seconds: wholeOf(delayText),
      seed: seedText.trim() === '' ? null : wholeOf(seedText),
    };
    try {
      if (endpoint) {
        await editEndpoint(endpoint.id, {
          url: url.trim(),
          description: description.trim(),
          event_types: types,
          faults: withDelay,
        });
        pushToast('success', `Saved ${url.trim()}.`);
      } else {
        const added = await createEndpoint({
          url: url.trim(),
          description: description.trim() || undefined,
          event_types: types,
          faults: withDelay,
        });
        pushToast('success', `Added ${added.url}. Send it a test event, or pay a link.`);
      }
      onClose();
    } catch (error) {
      if (!showApiError(error))
        pushToast('error', `Could not ${endpoint ? 'save' : 'add'} the endpoint: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="endpoint-dialog-title" onClose={onClose}>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <h3 id="endpoint-dialog-title">{endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</h3>
        <FormField
          name="url"
          label="URL"
          hint="Where to POST events, e.g. http://localhost:3000/webhooks"
          value={url}
          error={errors.url}
          onChange={(value) => {
            clear('url');
            setUrl(value);
          }}
          inputMode="url"
          autoFocus
        />
        <FormField
          name="description"
          label="Description"
          hint="Optional: what receives these events"
          value={description}
          error={errors.description}
          onChange={(value) => {
            clear('description');
            setDescription(value);
          }}
        />
        <fieldset
          className={errors.event_types ? 'field checkbox-group field-invalid' : 'field checkbox-group'}
          aria-describedby={errors.event_types ? 'field-event_types-error' : undefined}
        >
          <legend>Event types</legend>
          {EVENT_TYPES.map((type, index) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                name={index === 0 ? 'event_types' : undefined}
                checked={types.includes(type)}
                onChange={() => toggleType(type)}
              />
              <code>{type}</code>
            </label>
          ))}
          {errors.event_types && (
            <span id="field-event_types-error" className="field-error">
              {errors.event_types}
            </span>
          )}
        </fieldset>
        <EndpointFaultsFields
          faults={faults}
          delayText={delayText}
          error={errors.faults}
          errorParam={apiParam}
          onChange={(next) => {
            clear('faults');
            setFaults(next);
          }}
          onDelayText={(text) => {
            clear('faults');
            setDelayText(text);
          }}
          seedText={seedText}
          onSeedText={(text) => {
            clear('faults');
            setSeedText(text);
          }}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <OfflineGate>
            <ActionButton
              type="submit"
              className="button button-primary"
              disabledReason={
                saving ? `${endpoint ? 'Saving' : 'Adding'} the endpoint: wait for the answer.` : undefined
              }
            >
              {endpoint ? (saving ? 'Saving…' : 'Save changes') : saving ? 'Adding…' : 'Add endpoint'}
            </ActionButton>
          </OfflineGate>
        </div>
      </form>
    </dialog>
  );
}
