import { faultActionProblem, NewFaultRuleSchema, type NewFaultRule } from '../shared/faults';
import { bodyError } from '../core/validation';
import { FileTooLargeError, readBoundedFile } from '../core/readBoundedFile';

export const FAULT_USAGE = `  --fault RULE          a fault rule for the API (repeatable): [METHOD] [ROUTE] ACTION [OPTION=V...]
                        ACTION: status=CODE | latency=MS | drop | lose_response
                        OPTION: code=C retry_after=S (status), jitter=MS (latency),
                        remaining=N probability=P key=sk_test_...; or the rule as JSON
                        e.g. --fault "POST /payment-links status=500 remaining=2"
  --faults FILE         a JSON array of fault rules (as POST /sandbox/faults takes them)
                        With --fault or --faults the sandbox starts with exactly those rules.`;

/** Thrown with a message that says what was wrong and what is allowed; options.ts makes it a UsageError. */
export class FaultOptionError extends Error {}

/** The rule as the API would take it, or the API's own words for what is wrong with it. */
function checked(rule: unknown, where: string): NewFaultRule {
  const error = bodyError(NewFaultRuleSchema, rule);
  if (error) throw new FaultOptionError(`${where}: ${error.message}`);
  const action = faultActionProblem((rule as NewFaultRule).action);
  if (action) throw new FaultOptionError(`${where}: ${action.param}: ${action.problem}`);
  return rule as NewFaultRule;
}

const NUMBER = /^\d+(\.\d+)?$/;
const value = (text: string): string | number => (NUMBER.test(text) ? Number(text) : text);

/** Which option word sets which field: match.*, action.* or the rule's own. */
interface RuleDraft {
  match: Record<string, unknown>;
  action?: Record<string, unknown>;
  remaining?: unknown;
  probability?: unknown;
  seed?: unknown;
}

const OPTIONS: Record<string, (rule: RuleDraft, v: string | number) => void> = {
  status: (r, v) => (r.action = { type: 'status', ...r.action, status: v }),
  latency: (r, v) => (r.action = { type: 'latency', ...r.action, ms: v }),
  code: (r, v) => (r.action = { ...r.action, code: v }),
  retry_after: (r, v) => (r.action = { ...r.action, retry_after_seconds: v }),
  jitter: (r, v) => (r.action = { ...r.action, jitter_ms: v }),
  remaining: (r, v) => (r.remaining = v),
  probability: (r, v) => (r.probability = v),
  seed: (r, v) => (r.seed = v),
  key: (r, v) => (r.match.api_key = v),
};

/** One --fault (or a line of PLS_FAULT, `name`): the compact form, or JSON when it starts with {. */
export function parseFaultRule(text: string, name = '--fault'): NewFaultRule {
  const where = `${name} "${text}"`;
  if (text.trim().startsWith('{')) {
    try {
      return checked(JSON.parse(text), where);
    } catch (err) {
      if (err instanceof SyntaxError)
        throw new FaultOptionError(`${where} is not valid JSON: ${err.message}`);
      throw err;
    }
  }
  const rule: RuleDraft = { match: {} };
  for (const word of text.trim().split(/\s+/)) {
    if (/^[A-Z]+$/.test(word)) rule.match.method = word;
    else if (word.startsWith('/')) rule.match.path = word;
    else if (word === 'drop' || word === 'lose_response') rule.action = { ...rule.action, type: word };
    else {
      const [name, v] = word.split('=', 2) as [string, string | undefined];
      const set = OPTIONS[name];
      if (!set || v === undefined || v === '')
        throw new FaultOptionError(
          `${where}: "${word}" is not a method, a route (/…), drop, lose_response or one of ${Object.keys(
            OPTIONS,
          )
            .map((k) => `${k}=…`)
            .join(', ')}`,
        );
      set(rule, value(v));
    }
  }
  if (rule.action === undefined)
    throw new FaultOptionError(`${where} has no action: add status=CODE, latency=MS, drop or lose_response`);
  // A number-looking code or key is still text to the API.
  if (rule.action.code !== undefined) rule.action.code = String(rule.action.code);
  if (rule.match.api_key !== undefined) rule.match.api_key = String(rule.match.api_key);
  return checked(rule, where);
}

/** Far more than MAX_FAULT_RULES rules take; a file without end (/dev/zero) is not read whole. */
const MAX_FAULTS_FILE_BYTES = 1 << 20;

/** --faults FILE (or PLS_FAULTS, `name`): a JSON array of rules. */
export function readFaultsFile(file: string, name = '--faults'): NewFaultRule[] {
  let text: string;
  try {
    text = readBoundedFile(file, MAX_FAULTS_FILE_BYTES);
  } catch (err) {
    if (err instanceof FileTooLargeError) throw new FaultOptionError(`${name} ${file} ${err.message}`);
    throw new FaultOptionError(`${name} cannot read ${file}: ${(err as Error).message}`);
  }
  let rules: unknown;
  try {
    rules = JSON.parse(text);
  } catch (err) {
    throw new FaultOptionError(`${name} ${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(rules))
    throw new FaultOptionError(
      `${name} ${file} must hold a JSON array of rules, as POST /sandbox/faults takes them`,
    );
  return rules.map((rule, i) => checked(rule, `${name} ${file}, rule ${i}`));
}
