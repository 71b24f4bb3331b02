// How the shown inbox answers: a status, a delay, or a sequence of statuses ("500, 500, 200").
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { messageOf } from '../../lib/errorMessage';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { describeAnswer, draftOf, parseDraft, sequenceState, type AnswerDraft } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { ActionButton } from '../../components/ActionButton';

const DEFAULTS = { status: 200, delay_ms: 0, sequence: [] };
const FIELDS: (keyof AnswerDraft)[] = ['status', 'delay_ms', 'sequence'];

export function AnswerForm() {
  const name = useConsoleStore((state) => state.inbox.name);
  const view = useConsoleStore((state) => state.inbox.views.find((v) => v.name === state.inbox.name));
  const setInboxAnswer = useConsoleStore((state) => state.setInboxAnswer);
  const settings = view?.settings ?? DEFAULTS;
  const sequence = sequenceState(settings, view?.sequence_used ?? 0);
  const [draft, setDraft] = useState<AnswerDraft>(() => draftOf(settings));
  const pushToast = useConsoleStore((state) => state.pushToast);
  const { formRef, errors, clear, show, showApiError, clearAll } = useFieldErrors(FIELDS);
  const [saving, setSaving] = useState(false);
  const change = (field: keyof AnswerDraft) => (value: string) => {
    clear(field);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if ('errors' in parsed) {
      show(parsed.errors);
      return;
    }
    clearAll();
    setSaving(true);
    try {
      await setInboxAnswer(parsed.settings);
    } catch (error) {
      if (!showApiError(error)) pushToast('error', `Could not set the answer: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="answer-title">
      <header className="panel-header">
        <h3 id="answer-title">How /_inbox/{name} answers</h3>
        <span className="count" data-testid="inbox-answer">
          {describeAnswer(settings, view?.sequence_used ?? 0)}
        </span>
      </header>
      <form ref={formRef} className="inbox-answer" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          name="status"
          label="Status"
          value={draft.status}
          onChange={change('status')}
          error={errors.status}
          hint="200 accepts; 500, 503 or 410 make the sandbox retry."
          inputMode="numeric"
        />
        <FormField
          name="delay_ms"
          label="Delay (ms)"
          value={draft.delay_ms}
          onChange={change('delay_ms')}
          error={errors.delay_ms}
          hint="Up to 60000; past 10000 a sandbox delivery times out."
          inputMode="numeric"
        />
        <FormField
          name="sequence"
          label="Sequence"
          value={draft.sequence}
          onChange={change('sequence')}
          error={errors.sequence}
          hint="One status per request, then Status: 500, 500, 200 fails twice, then accepts."
        />
        {sequence && (
          <p
            className={sequence.done ? 'inbox-sequence inbox-sequence-done' : 'inbox-sequence'}
            data-testid="inbox-sequence-state"
          >
            {sequence.text}
            {sequence.done && ' (Set answer starts it over)'}
          </p>
        )}
        <div className="inbox-answer-actions">
          <ActionButton
            type="submit"
            className="button button-primary"
            disabledReason={saving ? 'Setting the answer: wait for the sandbox to confirm it.' : undefined}
          >
            {saving ? 'Saving…' : 'Set answer'}
          </ActionButton>
        </div>
      </form>
    </section>
  );
}
