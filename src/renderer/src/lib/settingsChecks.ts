// Every number the Settings form sends, checked against the API's own schema before sending, so one
// Save names all the fields that would be refused instead of the first the server happens to meet.
import { FeeSettingsSchema, SettingsSchema } from '../../../shared/types';

export interface NumberRule {
  type?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
  anyOf?: NumberRule[];
}

/** The schema of an API parameter ("fees.transaction_percent", "delivery_concurrency"), if a number. */
function ruleOf(param: string): NumberRule | undefined {
  const [group, name] = param.startsWith('fees.')
    ? [FeeSettingsSchema, param.slice(5)]
    : [SettingsSchema, param];
  const rule = (group.properties as Record<string, NumberRule>)[name];
  const isNumber = (r: NumberRule | undefined) => r?.type === 'number' || r?.type === 'integer';
  if (isNumber(rule)) return rule;
  // A number or null (preferred_port): the number's bounds, the union's words.
  const numeric = rule?.anyOf?.find(isNumber);
  return numeric ? { ...numeric, description: rule?.description ?? numeric.description } : undefined;
}

/** "1 to 256": a number setting's range as the API's schema has it, for the form's hints. */
export function rangeText(param: string): string {
  const rule = ruleOf(param);
  return `${rule?.minimum?.toLocaleString('en') ?? '…'} to ${rule?.maximum?.toLocaleString('en') ?? '…'}`;
}

/** Why `value` (as the draft would send it) breaks the API's rule for `param`, or null. */
export function numberProblem(param: string, value: unknown, typed: string): string | null {
  const rule = ruleOf(param);
  return rule ? ruleProblem(rule, value, typed) : null;
}

/** Why `value` breaks a number schema (type, whole, bounds), in its own words; null when it fits. */
export function ruleProblem(rule: NumberRule, value: unknown, typed: string): string | null {
  const fits =
    typeof value === 'number' &&
    (rule.type !== 'integer' || Number.isInteger(value)) &&
    (rule.minimum === undefined || value >= rule.minimum) &&
    (rule.maximum === undefined || value <= rule.maximum);
  if (fits) return null;
  const allowed = rule.description ?? `a number from ${rule.minimum ?? '…'} to ${rule.maximum ?? '…'}`;
  return `"${typed}" is not allowed here: use ${allowed}.`;
}
