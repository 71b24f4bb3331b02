// Currency, fees and the two durations of a link's life: fixed on each link when it is made.
import { FormField, SelectField } from '../../components/FormField';
import { minorUnitWords } from '../../../../shared/money';
import { useConsoleStore } from '../../store/consoleStore';
import { selectCurrency } from '../../store/settingsSlice';
import { SettingsSection } from './SettingsSection';
import { ToggleField } from '../../components/ToggleField';
import type { SectionProps } from './sectionProps';

export function MoneySection({ draft, errors, change }: SectionProps) {
  const currency = useConsoleStore(selectCurrency);
  return (
    <SettingsSection
      id="settings-money"
      title="Links and fees"
      text="Fees and lifetime are fixed on each link when it is created: changes apply to new links only. Links carry no currency of their own, so the currency labels every amount, existing links included."
    >
      <FormField
        name="currency"
        label="Currency"
        hint="ISO 4217 code; amounts are in its minor unit. Changing it relabels every link's amount."
        value={draft.currency}
        error={errors.currency}
        onChange={change('currency')}
      />
      <SelectField
        name="paid_by"
        label="Fee paid by"
        value={draft.paid_by}
        error={errors.paid_by}
        onChange={(value) => change('paid_by')(value as 'merchant' | 'payer')}
      >
        <option value="merchant">Merchant (net amount is less)</option>
        <option value="payer">Payer (payer amount is more)</option>
      </SelectField>
      <FormField
        name="transaction_percent"
        label="Transaction fee (%)"
        hint="Of the amount, rounded half up."
        value={draft.transaction_percent}
        error={errors.transaction_percent}
        onChange={change('transaction_percent')}
        inputMode="decimal"
      />
      <FormField
        name="transaction_fixed"
        label="Transaction fee, fixed"
        hint={`Minor units added to each link's fee (${minorUnitWords(currency)}).`}
        value={draft.transaction_fixed}
        error={errors.transaction_fixed}
        onChange={change('transaction_fixed')}
        inputMode="numeric"
      />
      <ToggleField
        name="instant_settlement"
        label="Instant settlement"
        hint="Settles at payment, for an extra fee."
        checked={draft.instant_settlement}
        error={errors.instant_settlement}
        onChange={change('instant_settlement')}
      />
      <FormField
        name="instant_settlement_percent"
        label="Instant settlement fee (%)"
        value={draft.instant_settlement_percent}
        error={errors.instant_settlement_percent}
        onChange={change('instant_settlement_percent')}
        inputMode="decimal"
      />
      <FormField
        name="link_lifetime"
        label="Link lifetime"
        hint="Until a new link expires unless it says otherwise: 90s, 30m, 24h, 7d (1 minute to 90 days)."
        value={draft.link_lifetime}
        error={errors.link_lifetime}
        onChange={change('link_lifetime')}
      />
      <FormField
        name="settlement_delay"
        label="Settlement delay"
        hint="From payment to settled_at, without instant settlement: 0s to 365d."
        value={draft.settlement_delay}
        error={errors.settlement_delay}
        onChange={change('settlement_delay')}
      />
    </SettingsSection>
  );
}
