// The form that adds a fault rule: which requests (method, route, key), what happens to them, and
// for how many; the API's validation errors appear beside their field.
import { useState, type FormEvent } from 'react';
import { FAULT_ACTION_TYPES } from '../../../../shared/faultBasics';
import { FormField, SelectField } from '../../components/FormField';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { messageOf } from '../../lib/errorMessage';
import { useConsoleStore } from '../../store/consoleStore';
import { ACTION_CHOICES } from './describeFault';
import { draftProblems, EMPTY_DRAFT, ruleOf, type FaultDraft } from './faultDraft';
import { ActionButton } from '../../components/ActionButton';

type Field = keyof FaultDraft;

const FIELDS = Object.keys(EMPTY_DRAFT) as Field[];

/** The API's names for the fields the form names otherwise. */
const ALIASES: Record<string, Field> = {
  'match.method': 'method',
  'match.path': 'path',
  'match.api_key': 'apiKey',
  'action.type': 'type',
  'action.status': 'status',
  'action.code': 'code',
  'action.retry_after_seconds': 'retryAfter',
  'action.ms': 'ms',
  'action.jitter_ms': 'jitter',
};

export function FaultRuleForm() {
  const routes = useConsoleStore((state) => state.faults.routes);
  const addFault = useConsoleStore((state) => state.addFault);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const [draft, setDraft] = useState<FaultDraft>(EMPTY_DRAFT);
  const { formRef, errors, clear, show, showApiError } = useFieldErrors(FIELDS, ALIASES);
  const [saving, setSaving] = useState(false);

  const set = (field: Field) => (value: string) => {
    clear(field);
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const text = (field: Field, label: string, hint?: string) => (
    <FormField
      name={field}
      label={label}
      hint={hint}
      value={draft[field]}
      error={errors[field]}
      onChange={set(field)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = draftProblems(draft);
    if (Object.keys(problems).length > 0) {
      show(problems);
      return;
    }
    setSaving(true);
    try {
      const rule = await addFault(ruleOf(draft));
      pushToast('success', `Rule ${rule.id} added; it is on.`);
      setDraft((current) => ({ ...current, remaining: '', probability: '' }));
    } catch (error) {
      if (!showApiError(error)) pushToast('error', `Could not add the rule: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="panel fault-form"
      aria-labelledby="fault-form-title"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <header className="panel-header">
        <h3 id="fault-form-title">Add a rule</h3>
      </header>
      <div className="fault-form-grid">
        <SelectField
          name="method"
          label="Method"
          value={draft.method}
          error={errors.method}
          onChange={set('method')}
        >
          <option value="">Any</option>
          <option value="GET">GET</option>
          <option value="POST">POST</option>
        </SelectField>
        <SelectField name="path" label="Route" value={draft.path} error={errors.path} onChange={set('path')}>
          <option value="">Any route</option>
          {routes.map((route) => (
            <option key={route} value={route}>
              {route}
            </option>
          ))}
        </SelectField>
        {text('apiKey', 'API key', 'Optional: only requests with this sk_test_ key')}
        <SelectField name="type" label="Action" value={draft.type} error={errors.type} onChange={set('type')}>
          {FAULT_ACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACTION_CHOICES[type]}
            </option>
          ))}
        </SelectField>
        {draft.type === 'status' && (
          <>
            {text('status', 'Status', '400 to 599, e.g. 500, 503 or 429')}
            {text('code', 'Error code', 'Optional: default internal_error, rate_limited…')}
            {text('retryAfter', 'Retry-After (s)', 'Optional; 429 sends 1 by default')}
          </>
        )}
        {draft.type === 'latency' && (
          <>
            {text('ms', 'Delay (ms)', '0 to 60000')}
            {text('jitter', 'Jitter (ms)', 'Optional: up to this much more, at random')}
          </>
        )}
        {text('remaining', 'Remaining', 'Optional: the next N matching requests, then the rule goes')}
        {text('probability', 'Probability', 'Optional: 0 to 1, default 1 (every matching request)')}
        {text('seed', 'Seed', 'Optional: 0 to 4294967295, the same probability and jitter draws each run')}
        <div className="fault-form-submit">
          <ActionButton
            type="submit"
            className="button button-primary"
            disabledReason={saving ? 'Adding the rule: wait for the answer.' : undefined}
          >
            {saving ? 'Adding…' : 'Add rule'}
          </ActionButton>
        </div>
      </div>
    </form>
  );
}
