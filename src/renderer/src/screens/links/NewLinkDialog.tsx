// The "New link" form, in a modal dialog; the API's validation errors appear beside their field.
import { useState, type FormEvent } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import type { NewLinkInput } from '../../api/consoleClient';
import { amountTextProblem, formatMoney, toMinorUnits } from '../../lib/money';
import { amountWay, fractionDigits, minorUnitWords } from '../../../../shared/money';
import { CreateLinkBodySchema } from '../../../../shared/types';
import { useConsoleStore } from '../../store/consoleStore';
import { selectCurrency } from '../../store/settingsSlice';
import { messageOf } from '../../lib/errorMessage';
import { FormField } from '../../components/FormField';
import { ExpiresField, expiresAtOf, type ExpiresChoice } from './ExpiresField';
import { OfflineGate } from '../../components/OfflineGate';
import { useFieldErrors, type FieldErrors } from '../../hooks/useFieldErrors';
import { ActionButton } from '../../components/ActionButton';

const MAX_AMOUNT = (CreateLinkBodySchema.properties.amount as unknown as { maximum: number }).maximum;

type Field = 'amount' | 'title' | 'reference_id' | 'note' | 'expires_at' | 'settlement_account_id';
const FIELDS: Field[] = ['amount', 'title', 'reference_id', 'note', 'expires_at', 'settlement_account_id'];
type TextField = Exclude<Field, 'expires_at'>;

/** The API's bounds (1 to 100,000,000,000 minor units), said in the units the field takes. */
function amountRangeProblem(amount: string, currency: string): string | undefined {
  const minor = toMinorUnits(amount, currency);
  if (typeof minor !== 'number' || (minor >= 1 && minor <= MAX_AMOUNT)) return undefined;
  const low = formatMoney(1, currency);
  const high = formatMoney(MAX_AMOUNT, currency);
  return `Enter an amount from ${low} to ${high}.`;
}

/** "Whole IDR, like 15000 (1 IDR is 1 minor unit in the API)": the words the API's errors use too. */
const amountHint = (currency: string): string => {
  const way = amountWay(currency);
  return `${way.charAt(0).toUpperCase()}${way.slice(1)} (${minorUnitWords(currency)} in the API)`;
};

function formProblems(values: Record<TextField, string>, currency: string): FieldErrors<Field> {
  const problems: FieldErrors<Field> = {};
  if (!values.amount.trim()) problems.amount = 'Enter an amount.';
  else
    problems.amount =
      amountTextProblem(values.amount, currency) ?? amountRangeProblem(values.amount, currency);
  if (!values.title.trim()) problems.title = 'Enter a title: the payer sees it on the checkout page.';
  return Object.fromEntries(Object.entries(problems).filter(([, text]) => text));
}

export function NewLinkDialog({ onClose }: { onClose(): void }) {
  const dialogRef = useModalDialog();
  const currency = useConsoleStore(selectCurrency);
  const createLink = useConsoleStore((state) => state.createLink);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const [values, setValues] = useState<Record<TextField, string>>({
    amount: '',
    title: '',
    reference_id: '',
    note: '',
    settlement_account_id: '',
  });
  const [expires, setExpires] = useState<{ choice: ExpiresChoice; custom: string }>({
    choice: 'default',
    custom: '',
  });
  const { formRef, errors, clear, show, showApiError } = useFieldErrors(FIELDS);
  const [saving, setSaving] = useState(false);

  const change = (field: TextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the form can tell at once, it says for every field together, in a tester's words;
    // the API still judges the rest.
    const local = formProblems(values, currency);
    const expiresAt = expiresAtOf(expires.choice, expires.custom);
    if (expiresAt === '') local.expires_at = 'Pick the date and time it expires.';
    if (Object.keys(local).length > 0) {
      show(local);
      return;
    }
    const input: NewLinkInput = {
      amount: toMinorUnits(values.amount, currency),
      title: values.title,
      reference_id: values.reference_id.trim() || undefined,
      note: values.note || undefined,
      expires_at: expiresAt,
      settlement_account_id: values.settlement_account_id.trim() || undefined,
    };
    setSaving(true);
    try {
      const link = await createLink(input);
      pushToast('success', `Created “${link.title}”.`);
      onClose();
      // Focus goes on to the result: the new link's row, once drawn (while the filter shows it).
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-link-id="${CSS.escape(link.id)}"] .title-button`)?.focus(),
      );
    } catch (error) {
      if (!showApiError(error)) pushToast('error', `Could not create the link: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="new-link-title" onClose={onClose}>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <h3 id="new-link-title">New payment link</h3>
        <FormField
          name="amount"
          label={`Amount (${currency})`}
          hint={amountHint(currency)}
          value={values.amount}
          error={errors.amount}
          onChange={change('amount')}
          inputMode={fractionDigits(currency) === 0 ? 'numeric' : 'decimal'}
          autoFocus
        />
        <FormField
          name="title"
          label="Title"
          value={values.title}
          error={errors.title}
          onChange={change('title')}
        />
        <FormField
          name="reference_id"
          label="Reference"
          hint="Optional: your own order id"
          value={values.reference_id}
          error={errors.reference_id}
          onChange={change('reference_id')}
        />
        <FormField
          name="note"
          label="Note"
          hint="Optional: shown on the checkout page"
          value={values.note}
          error={errors.note}
          onChange={change('note')}
          multiline
        />
        <ExpiresField
          choice={expires.choice}
          custom={expires.custom}
          error={errors.expires_at}
          onChange={(choice, custom) => {
            setExpires({ choice, custom });
            clear('expires_at');
          }}
        />
        <FormField
          name="settlement_account_id"
          label="Settlement account"
          hint="Optional: a UUID; empty uses the sandbox's own account"
          value={values.settlement_account_id}
          error={errors.settlement_account_id}
          onChange={change('settlement_account_id')}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <OfflineGate>
            <ActionButton
              type="submit"
              className="button button-primary"
              disabledReason={saving ? 'Creating the link: wait for the answer.' : undefined}
            >
              {saving ? 'Creating…' : 'Create link'}
            </ActionButton>
          </OfflineGate>
        </div>
      </form>
    </dialog>
  );
}
