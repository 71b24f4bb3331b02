// The add-rule form's text fields, and the rule they make for POST /_console/api/faults.
import type { FaultActionType, NewFaultRule } from '../../../../shared/faults';

export interface FaultDraft {
  method: '' | 'GET' | 'POST';
  path: string;
  apiKey: string;
  type: FaultActionType;
  status: string;
  code: string;
  retryAfter: string;
  ms: string;
  jitter: string;
  remaining: string;
  probability: string;
}

export const EMPTY_DRAFT: FaultDraft = {
  method: 'POST',
  path: '/payment-links',
  apiKey: '',
  type: 'status',
  status: '500',
  code: '',
  retryAfter: '',
  ms: '1000',
  jitter: '',
  remaining: '',
  probability: '',
};

/**
 * A number when the text is one; otherwise the text itself, so the API's answer names what is wrong
 * with it rather than the form guessing.
 */
const numberOr = (text: string): number | string =>
  /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
const optional = <K extends string>(key: K, text: string) =>
  text.trim() === '' ? {} : ({ [key]: numberOr(text) } as Record<K, number>);

export function ruleOf(draft: FaultDraft): NewFaultRule {
  const action =
    draft.type === 'status'
      ? {
          type: draft.type,
          status: numberOr(draft.status) as number,
          ...(draft.code.trim() ? { code: draft.code.trim() } : {}),
          ...optional('retry_after_seconds', draft.retryAfter),
        }
      : draft.type === 'latency'
        ? { type: draft.type, ms: numberOr(draft.ms) as number, ...optional('jitter_ms', draft.jitter) }
        : { type: draft.type };
  return {
    match: {
      ...(draft.method ? { method: draft.method } : {}),
      ...(draft.path ? { path: draft.path as NonNullable<NewFaultRule['match']>['path'] } : {}),
      ...(draft.apiKey.trim() ? { api_key: draft.apiKey.trim() } : {}),
    },
    action,
    ...optional('remaining', draft.remaining),
    ...optional('probability', draft.probability),
  };
}
