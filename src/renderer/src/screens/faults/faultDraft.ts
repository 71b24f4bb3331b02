// The add-rule form's text fields, and the rule they make for POST /_console/api/faults.
import {
  FaultActionSchema,
  NewFaultRuleSchema,
  type FaultActionType,
  type NewFaultRule,
} from '../../../../shared/faults';
import { ruleProblem, type NumberRule } from '../../lib/settingsChecks';

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
  seed: string;
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
  seed: '',
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
    ...optional('seed', draft.seed),
  };
}

const ACTION_RULES = FaultActionSchema.properties as Record<string, NumberRule>;
const RULE_RULES = NewFaultRuleSchema.properties as Record<string, NumberRule>;

/** The form's number fields, where the API reads each, for the action types that use them. */
const NUMBER_FIELDS: { field: keyof FaultDraft; rule: NumberRule | undefined; for?: FaultActionType }[] = [
  { field: 'status', rule: ACTION_RULES.status, for: 'status' },
  { field: 'retryAfter', rule: ACTION_RULES.retry_after_seconds, for: 'status' },
  { field: 'ms', rule: ACTION_RULES.ms, for: 'latency' },
  { field: 'jitter', rule: ACTION_RULES.jitter_ms, for: 'latency' },
  { field: 'remaining', rule: RULE_RULES.remaining },
  { field: 'probability', rule: RULE_RULES.probability },
  { field: 'seed', rule: RULE_RULES.seed },
];

/**
 * Every number field the API would refuse, checked against its own schema before sending, so one
 * Add rule names them all, each in words ("use an HTTP status from 400 to 599").
 */
export function draftProblems(draft: FaultDraft): Partial<Record<keyof FaultDraft, string>> {
  const problems: Partial<Record<keyof FaultDraft, string>> = {};
  for (const { field, rule, for: type } of NUMBER_FIELDS) {
    const text = draft[field].trim();
    if (!rule || text === '' || (type && draft.type !== type)) continue;
    const problem = ruleProblem(rule, numberOr(text), text);
    if (problem) problems[field] = problem;
  }
  return problems;
}
