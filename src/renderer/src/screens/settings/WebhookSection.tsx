// How deliveries are retried, how many go at once, and how many are kept.
import { FormField } from '../../components/FormField';
import { SettingsSection } from './SettingsSection';
import type { SectionProps } from './sectionProps';
import { rangeText } from '../../lib/settingsChecks';

export function WebhookSection({ draft, errors, change }: SectionProps) {
  return (
    <SettingsSection
      id="settings-webhooks"
      title="Webhooks"
      text="Applies to the next attempt of every delivery."
    >
      <div className="settings-wide">
        <FormField
          name="retry_schedule"
          label="Retry schedule"
          hint="The delay before each attempt, first attempt first, separated by commas: 0s, 5s, 30s, 2m, 10m, 1h means six attempts, the first at once. After the last, the delivery fails."
          value={draft.retry_schedule}
          error={errors.retry_schedule}
          onChange={change('retry_schedule')}
        />
      </div>
      <FormField
        name="delivery_concurrency"
        label="Deliveries at once, per endpoint"
        hint={`${rangeText('delivery_concurrency')}. Each endpoint has its own, so one that hangs cannot hold up the others.`}
        value={draft.delivery_concurrency}
        error={errors.delivery_concurrency}
        onChange={change('delivery_concurrency')}
        inputMode="numeric"
      />
      <FormField
        name="delivery_retention"
        label="Deliveries kept"
        hint={`${rangeText('delivery_retention')}; the oldest finished ones go first.`}
        value={draft.delivery_retention}
        error={errors.delivery_retention}
        onChange={change('delivery_retention')}
        inputMode="numeric"
      />
      <FormField
        name="event_retention"
        label="Webhook events kept"
        hint={`${rangeText('event_retention')}; the oldest go first, unless a kept delivery still sends them.`}
        value={draft.event_retention}
        error={errors.event_retention}
        onChange={change('event_retention')}
        inputMode="numeric"
      />
      <FormField
        name="attempt_bodies_mb"
        label="Response bodies kept (MiB)"
        hint={`${rangeText('attempt_bodies_mb')}, waiting deliveries included; past it the oldest attempts keep the first 1 KiB of their response, then nothing.`}
        value={draft.attempt_bodies_mb}
        error={errors.attempt_bodies_mb}
        onChange={change('attempt_bodies_mb')}
        inputMode="numeric"
      />
    </SettingsSection>
  );
}
