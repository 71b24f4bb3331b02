// Every setting in one form: edits wait for Save (or Discard), and are kept while the tester visits
// other screens; an error from the API is shown beside its field, and the form keeps what was typed.
import { useEffect, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/types';
import { messageOf } from '../../lib/errorMessage';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import {
  changedFields,
  DRAFT_FIELDS,
  PARAM_ALIASES,
  toDraft,
  toPatch,
  type DraftField,
  type SettingsDraft,
} from '../../lib/settingsDraft';
import { useConsoleStore } from '../../store/consoleStore';
import { ApiSection } from './ApiSection';
import { MoneySection } from './MoneySection';
import { ServerSection } from './ServerSection';
import { WebhookSection } from './WebhookSection';
import { ActionButton } from '../../components/ActionButton';

export function SettingsForm({ settings }: { settings: Settings }) {
  const saveSettings = useConsoleStore((state) => state.saveSettings);
  const loadServerInfo = useConsoleStore((state) => state.loadServerInfo);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const saved = toDraft(settings);
  const keepDraft = useConsoleStore((state) => state.keepSettingsDraft);
  // Edits left unsaved on another visit come back as they were.
  const [draft, setDraft] = useState<SettingsDraft>(() => useConsoleStore.getState().settingsDraft ?? saved);
  const { formRef, errors, clear, show, showApiError, clearAll } = useFieldErrors(
    DRAFT_FIELDS,
    PARAM_ALIASES,
  );
  const [saving, setSaving] = useState(false);
  const changed = changedFields(draft, saved);
  const dirty = changed.length > 0;
  useEffect(() => keepDraft(dirty ? draft : null), [dirty, draft, keepDraft]);

  // Settings changed elsewhere (another window, an import) show at once unless edits are pending.
  const [base, setBase] = useState(settings);
  useEffect(() => {
    if (settings === base) return;
    setBase(settings);
    if (changedFields(draft, toDraft(base)).length === 0) setDraft(toDraft(settings));
  }, [settings, base, draft]);

  const change =
    <F extends DraftField>(field: F) =>
    (value: SettingsDraft[F]) => {
      setDraft((current) => ({ ...current, [field]: value }));
      clear(field);
    };

  /** The save bar may be far from the fields: a toast says how many are marked. */
  const notSaved = (count: number) =>
    pushToast(
      'error',
      count === 1
        ? 'Not saved: see the highlighted field.'
        : `Not saved: see the ${count} highlighted fields.`,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = toPatch(draft, saved);
    if ('errors' in outcome) {
      show(outcome.errors);
      notSaved(Object.keys(outcome.errors).length);
      return;
    }
    setSaving(true);
    try {
      const next = await saveSettings(outcome.patch);
      setBase(next);
      setDraft(toDraft(next));
      clearAll();
      const portChanged = 'preferred_port' in outcome.patch;
      pushToast(
        'success',
        portChanged ? 'Settings saved. The new port takes effect after a restart.' : 'Settings saved.',
      );
      if (portChanged) void loadServerInfo();
    } catch (error) {
      if (showApiError(error)) notSaved(1);
      else pushToast('error', `Could not save the settings: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setDraft(saved);
    clearAll();
  };

  const sections = { draft, errors, change };
  return (
    <form ref={formRef} className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
      <div
        className={dirty ? 'save-bar save-bar-dirty' : 'save-bar'}
        role="region"
        aria-label="Save settings"
      >
        <span className="save-state" data-testid="save-state">
          {dirty
            ? `Unsaved changes (${changed.length} ${changed.length === 1 ? 'field' : 'fields'})`
            : 'All changes saved'}
        </span>
        <ActionButton
          type="button"
          className="button"
          disabledReason={
            (!dirty && 'Nothing to discard: no setting has been changed.') ||
            (saving && 'Saving the settings: wait for the answer.')
          }
          onClick={discard}
        >
          Discard
        </ActionButton>
        <ActionButton
          type="submit"
          className="button button-primary"
          disabledReason={
            (!dirty && 'Nothing to save: no setting has been changed.') ||
            (saving && 'Saving the settings: wait for the answer.')
          }
        >
          {saving ? 'Saving…' : 'Save settings'}
        </ActionButton>
      </div>
      <ServerSection {...sections} />
      <ApiSection {...sections} />
      <MoneySection {...sections} />
      <WebhookSection {...sections} />
    </form>
  );
}
