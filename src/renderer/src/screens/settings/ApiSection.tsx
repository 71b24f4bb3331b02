// Who may call the API, and how strictly requests are read.
import { FormField } from '../../components/FormField';
import { SettingsSection } from './SettingsSection';
import { ToggleField } from '../../components/ToggleField';
import type { SectionProps } from './sectionProps';
import { rangeText } from '../../lib/settingsChecks';

export function ApiSection({ draft, errors, change }: SectionProps) {
  return (
    <SettingsSection id="settings-api" title="API" text="Keys and validation apply to the next request.">
      <FormField
        name="api_keys"
        label="Accepted keys"
        hint="One sk_test_ key per line. Empty: any well-formed sk_test_ key is accepted."
        value={draft.api_keys}
        error={errors.api_keys}
        onChange={change('api_keys')}
        multiline
      />
      <div className="settings-stack">
        <ToggleField
          name="lenient_validation"
          label="Lenient validation"
          hint="Ignore unknown body and query fields instead of answering 400 parameter_unknown."
          checked={draft.lenient_validation}
          error={errors.lenient_validation}
          onChange={change('lenient_validation')}
        />
        <ToggleField
          name="require_idempotency_key"
          label="Require Idempotency-Key"
          hint="Creates without the header get 400 parameter_missing."
          checked={draft.require_idempotency_key}
          error={errors.require_idempotency_key}
          onChange={change('require_idempotency_key')}
        />
      </div>
      <FormField
        name="idempotency_retention"
        label="Idempotency-Keys kept"
        hint={`${rangeText('idempotency_retention')} stored responses, each for 24 hours; past this the oldest are forgotten early.`}
        value={draft.idempotency_retention}
        error={errors.idempotency_retention}
        onChange={change('idempotency_retention')}
        inputMode="numeric"
      />
      <FormField
        name="request_log_mb"
        label="Request log size (MiB)"
        hint={`${rangeText('request_log_mb')} MiB of the app's requests, bodies included, kept across restarts for the Requests screen; past this the oldest go first.`}
        value={draft.request_log_mb}
        error={errors.request_log_mb}
        onChange={change('request_log_mb')}
        inputMode="numeric"
      />
    </SettingsSection>
  );
}
