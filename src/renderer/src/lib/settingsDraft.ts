// The Settings form's working copy: text as typed, turned into a PATCH of only what changed.
// Every changed field is checked before sending (durations here, numbers against the API's schema
// in settingsChecks), so one Save names all the problems at once.
import type { Settings } from '../../../shared/types';
import { formatDuration, formatDurationList, parseDuration, parseDurationList } from './durations';
import { numberProblem } from './settingsChecks';

export interface SettingsDraft {
  preferred_port: string;
  public_url: string;
  api_keys: string;
  lenient_validation: boolean;
  require_idempotency_key: boolean;
  currency: string;
  transaction_percent: string;
  transaction_fixed: string;
  instant_settlement: boolean;
  instant_settlement_percent: string;
  paid_by: 'merchant' | 'payer';
  link_lifetime: string;
  settlement_delay: string;
  retry_schedule: string;
  delivery_concurrency: string;
  delivery_retention: string;
  event_retention: string;
  attempt_bodies_mb: string;
  idempotency_retention: string;
  request_log_mb: string;
}

export type DraftField = keyof SettingsDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;
export type SettingsPatch = Partial<Omit<Settings, 'fees'>> & { fees?: Partial<Settings['fees']> };

export function toDraft(settings: Settings): SettingsDraft {
  return {
    preferred_port: settings.preferred_port === null ? '' : String(settings.preferred_port),
    public_url: settings.public_url ?? '',
    api_keys: settings.api_keys.join('\n'),
    lenient_validation: settings.lenient_validation,
    require_idempotency_key: settings.require_idempotency_key,
    currency: settings.currency,
    transaction_percent: String(settings.fees.transaction_percent),
    transaction_fixed: String(settings.fees.transaction_fixed),
    instant_settlement: settings.fees.instant_settlement,
    instant_settlement_percent: String(settings.fees.instant_settlement_percent),
    paid_by: settings.fees.paid_by,
    link_lifetime: formatDuration(settings.link_lifetime_seconds),
    settlement_delay: formatDuration(settings.settlement_delay_seconds),
    retry_schedule: formatDurationList(settings.webhook_retry_schedule_seconds),
    delivery_concurrency: String(settings.delivery_concurrency),
    delivery_retention: String(settings.delivery_retention),
    event_retention: String(settings.event_retention),
    attempt_bodies_mb: String(settings.attempt_bodies_mb),
    idempotency_retention: String(settings.idempotency_retention),
    request_log_mb: String(settings.request_log_mb),
  };
}

export const changedFields = (draft: SettingsDraft, saved: SettingsDraft): DraftField[] =>
  (Object.keys(draft) as DraftField[]).filter((field) => draft[field] !== saved[field]);

/** Plain decimal numbers become numbers; anything else goes as typed, for the API to explain. */
const numberOrText = (text: string): number | string =>
  /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;

const DURATION_HINT = 'write a duration such as 90s, 5m, 2h or 1d (a plain number is seconds)';

const KNOWN_FIELDS: Record<DraftField, true> = {
  preferred_port: true,
  public_url: true,
  api_keys: true,
  lenient_validation: true,
  require_idempotency_key: true,
  currency: true,
  transaction_percent: true,
  transaction_fixed: true,
  instant_settlement: true,
  instant_settlement_percent: true,
  paid_by: true,
  link_lifetime: true,
  settlement_delay: true,
  retry_schedule: true,
  delivery_concurrency: true,
  delivery_retention: true,
  event_retention: true,
  attempt_bodies_mb: true,
  idempotency_retention: true,
  request_log_mb: true,
};

export const DRAFT_FIELDS = Object.keys(KNOWN_FIELDS) as DraftField[];

/** The API's names for the fields the form names otherwise, so its errors land beside them. */
export const PARAM_ALIASES: Record<string, DraftField> = {
  link_lifetime_seconds: 'link_lifetime',
  settlement_delay_seconds: 'settlement_delay',
  webhook_retry_schedule_seconds: 'retry_schedule',
  'fees.transaction_percent': 'transaction_percent',
  'fees.transaction_fixed': 'transaction_fixed',
  'fees.instant_settlement': 'instant_settlement',
  'fees.instant_settlement_percent': 'instant_settlement_percent',
  'fees.paid_by': 'paid_by',
};

/** The PATCH for what changed, or every changed field the API would refuse (all of them, not the first). */
export function toPatch(
  draft: SettingsDraft,
  saved: SettingsDraft,
): { patch: SettingsPatch } | { errors: DraftErrors } {
  const patch: Record<string, unknown> = {};
  const fees: Record<string, unknown> = {};
  const errors: DraftErrors = {};
  for (const field of changedFields(draft, saved)) {
    const value = draft[field];
    if (typeof value === 'boolean') {
      if (field === 'instant_settlement') fees[field] = value;
      else patch[field] = value;
      continue;
    }
    const text = value.trim();
    switch (field) {
      case 'preferred_port': {
        patch.preferred_port = text === '' ? null : numberOrText(text);
        const problem = text === '' ? null : numberProblem('preferred_port', patch.preferred_port, text);
        // The form's words: an empty field, not null, is the default.
        if (problem)
          errors.preferred_port = `"${text}" is not allowed here: use a port from 1024 to 65535, or leave it empty for 4545.`;
        break;
      }
      case 'public_url':
        patch.public_url = text === '' ? null : text.replace(/\/+$/, '');
        break;
      case 'api_keys':
        patch.api_keys = text.split(/[\s,]+/).filter((key) => key !== '');
        break;
      case 'currency':
        patch.currency = text.toUpperCase();
        break;
      case 'transaction_percent':
      case 'transaction_fixed':
      case 'instant_settlement_percent': {
        fees[field] = numberOrText(text);
        const problem = numberProblem(`fees.${field}`, fees[field], text);
        if (problem) errors[field] = problem;
        break;
      }
      case 'paid_by':
        fees.paid_by = text;
        break;
      case 'link_lifetime':
      case 'settlement_delay': {
        const seconds = parseDuration(text);
        const param = field === 'link_lifetime' ? 'link_lifetime_seconds' : 'settlement_delay_seconds';
        if (seconds === null) errors[field] = `"${text}" is not a duration: ${DURATION_HINT}.`;
        else patch[param] = seconds;
        const problem = seconds === null ? null : numberProblem(param, seconds, text);
        if (problem) errors[field] = problem;
        break;
      }
      case 'retry_schedule': {
        const list = parseDurationList(text);
        if ('bad' in list)
          errors.retry_schedule = `"${list.bad}" is not a duration: ${DURATION_HINT}; separate delays with commas.`;
        else patch.webhook_retry_schedule_seconds = list.seconds;
        break;
      }
      default: {
        patch[field] = numberOrText(text);
        const problem = numberProblem(field, patch[field], text);
        if (problem) errors[field] = problem;
      }
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (Object.keys(fees).length > 0) patch.fees = fees;
  return { patch: patch as SettingsPatch };
}
