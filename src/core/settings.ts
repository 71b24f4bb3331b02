import type { Settings, SettingsPatch } from '../shared/types';

export const DEFAULT_SETTINGS: Settings = {
  currency: 'IDR',
  public_url: null,
  api_keys: [],
  fees: {
    transaction_percent: 2.9,
    transaction_fixed: 0,
    instant_settlement: false,
    instant_settlement_percent: 0.5,
    paid_by: 'merchant',
  },
  link_lifetime_seconds: 86_400,
  settlement_delay_seconds: 86_400,
  lenient_validation: false,
  require_idempotency_key: false,
  webhook_retry_schedule_seconds: [0, 5, 30, 120, 600, 3600],
  delivery_concurrency: 8,
  delivery_retention: 10_000,
  attempt_bodies_mb: 256,
  event_retention: 10_000,
  idempotency_retention: 100_000,
  request_log_mb: 64,
  preferred_port: null,
};

export { DEFAULT_PORT } from '../shared/serverOrigin';

/** Stored settings over the defaults, so a setting added in a later version has its default. */
export function withDefaults(stored: Partial<Settings> | null): Settings {
  return { ...DEFAULT_SETTINGS, ...stored, fees: { ...DEFAULT_SETTINGS.fees, ...stored?.fees } };
}

/** Settings after a change: fees may change one field at a time. */
export function settingsWith(base: Settings, patch: SettingsPatch): Settings {
  return withDefaults({ ...base, ...patch, fees: { ...base.fees, ...patch.fees } });
}
