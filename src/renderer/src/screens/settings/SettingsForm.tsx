// Every setting in one form: edits wait for Save (or Discard), and are kept while the tester visits
// other screens; an error from the API is shown beside its field, and the form keeps what was typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/types';
import { ConsoleApiError } from '../../api/consoleClient';
import { messageOf } from '../../lib/errorMessage';
import {
  changedFields,
  fieldOfParam,
  toDraft,
  toPatch,
  type DraftErrors,
  type DraftField,
  type SettingsDraft,
} from '../../lib/settingsDraft';
import { useConsoleStore } from '../../store/consoleStore';
import { ApiSection } from './ApiSection';
import { MoneySection } from './MoneySection';
import { ServerSection } from './ServerSection';
import { WebhookSection } from './WebhookSection';

export function SettingsForm({ settings }: { settings: Settings }) {
  const formRef = useRef<HTMLFormElement>(null);
  const saveSettings = useConsoleStore((state) => state.saveSettings);
  const loadServerInfo = useConsoleStore((state) => state.loadServerInfo);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const saved = toDraft(settings);
  const keepDraft = useConsoleStore((state) => state.keepSettingsDraft);
  // Edits left unsaved on another visit come back as they were.
  const [draft, setDraft] = useState<SettingsDraft>(() => useConsoleStore.getState().settingsDraft ?? saved);
  const [errors, setErrors] = useState<DraftErrors>({});
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
      setErrors(({ [field]: _gone, ...rest }) => rest);
    };

  /** Marks every field at fault and takes the tester to the first. */
  const showErrors = (found: DraftErrors) => {
    const fields = Object.keys(found) as DraftField[];
    setErrors(found);
    const input = formRef.current?.querySelector<HTMLElement>(`[name="${fields[0]}"]`);
    // Centred, so the message under the field shows too, clear of the save bar and the toasts.
    input?.focus({ preventScroll: true });
    input?.scrollIntoView({ block: 'center' });
    pushToast(
      'error',
      fields.length === 1
        ? 'Not saved: see the highlighted field.'
        : `Not saved: see the ${fields.length} highlighted fields.`,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = toPatch(draft, saved);
    if ('errors' in outcome) {
      showErrors(outcome.errors);
      return;
    }
    setSaving(true);
    try {
      const next = await saveSettings(outcome.patch);
      setBase(next);
      setDraft(toDraft(next));
      setErrors({});
      const portChanged = 'preferred_port' in outcome.patch;
      pushToast(
        'success',
        portChanged ? 'Settings saved. The new port takes effect after a restart.' : 'Settings saved.',
      );
      if (portChanged) void loadServerInfo();
    } catch (error) {
      const field = error instanceof ConsoleApiError ? fieldOfParam(error.param) : undefined;
      if (field) showErrors({ [field]: messageOf(error) });
      else pushToast('error', `Could not save the settings: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setDraft(saved);
    setErrors({});
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
        <button type="button" className="button" disabled={!dirty || saving} onClick={discard}>
          Discard
        </button>
        <button type="submit" className="button button-primary" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </div>
      <ServerSection {...sections} />
      <ApiSection {...sections} />
      <MoneySection {...sections} />
      <WebhookSection {...sections} />
    </form>
  );
}
