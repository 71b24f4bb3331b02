import { LINK_STATUSES } from '../../shared/types';

/**
 * The least each stored record must be for the store to index it. Damage found here is named and
 * refused at start-up instead of surfacing later as a stack trace from deep inside an index.
 */
type Check = (value: Record<string, unknown>) => string | null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (v: Record<string, unknown>, key: string): string | null =>
  typeof v[key] === 'string' ? null : `its "${key}" is ${describe(v[key])}, not a string`;
const strOrNull = (v: Record<string, unknown>, key: string): string | null =>
  v[key] === null || typeof v[key] === 'string' ? null : `its "${key}" is ${describe(v[key])}`;
const num = (v: Record<string, unknown>, key: string): string | null =>
  typeof v[key] === 'number' ? null : `its "${key}" is ${describe(v[key])}, not a number`;
const first = (...problems: (string | null)[]): string | null => problems.find((p) => p !== null) ?? null;

const STATUSES = new Set<unknown>(LINK_STATUSES);

const RECORDS: Record<string, { noun: string; check: Check }> = {
  links: {
    noun: 'a payment link',
    check: (v) =>
      first(
        str(v, 'id'),
        STATUSES.has(v.status) ? null : `its "status" is ${describe(v.status)}`,
        str(v, 'created_at'),
        str(v, 'expires_at'),
        strOrNull(v, 'settle_at'),
        strOrNull(v, 'settled_at'),
      ),
  },
  events: {
    noun: 'a webhook event',
    check: (v) =>
      first(str(v, 'id'), str(v, 'type'), isObject(v.data) ? str(v.data, 'id') : 'it has no link'),
  },
  idempotency: {
    noun: 'an idempotency record',
    check: (v) => first(str(v, 'scope'), str(v, 'body'), num(v, 'status'), num(v, 'expires_at_ms')),
  },
  endpoints: {
    noun: 'a webhook endpoint',
    check: (v) =>
      first(str(v, 'id'), str(v, 'url'), Array.isArray(v.event_types) ? null : 'it has no event types'),
  },
  deliveries: {
    noun: 'a webhook delivery',
    check: (v) =>
      first(
        str(v, 'id'),
        str(v, 'event_id'),
        str(v, 'endpoint_id'),
        str(v, 'status'),
        num(v, 'seq'),
        Array.isArray(v.attempts) ? null : 'it has no attempts list',
      ),
  },
};

export const RECORD_LISTS = Object.keys(RECORDS);

/** Why `value` cannot be an item of `list`, or null when it can. */
export function recordProblem(list: string, value: unknown): string | null {
  const kind = RECORDS[list];
  if (!kind) return null;
  if (!isObject(value)) return `is ${describe(value)}, not ${kind.noun}`;
  const problem = kind.check(value);
  return problem === null ? null : `is not ${kind.noun}: ${problem}`;
}

const LIST_OF_OP: Record<string, string> = {
  link: 'links',
  event: 'events',
  idem: 'idempotency',
  endpoint: 'endpoints',
  delivery: 'deliveries',
};

/** Why a journal op cannot be applied, or null when it can. */
export function opProblem(op: unknown): string | null {
  if (!isObject(op) || typeof op.op !== 'string') return `an op is ${describe(op)}`;
  const list = LIST_OF_OP[op.op];
  if (list) {
    const problem = recordProblem(list, op.v);
    return problem === null ? null : `its "${op.op}" op ${problem}`;
  }
  switch (op.op) {
    case 'endpoint.delete':
    case 'delivery.delete':
      return typeof op.id === 'string' ? null : `its "${op.op}" op has no id`;
    case 'delivery.patch':
      return typeof op.id === 'string' && isObject(op.set) ? null : 'its "delivery.patch" op is incomplete';
    case 'settings':
      return isObject(op.v) ? null : `its "settings" op holds ${describe(op.v)}`;
    case 'account':
      return typeof op.v === 'string' ? null : `its "account" op holds ${describe(op.v)}`;
    case 'queue':
      return typeof op.paused === 'boolean' ? null : 'its "queue" op has no paused flag';
    case 'clock': {
      const problem = isObject(op.v) ? clockProblem(op.v) : `it is ${describe(op.v)}`;
      return problem === null ? null : `its "clock" op is damaged: ${problem}`;
    }
    case 'faults':
      return Array.isArray(op.v) && op.v.every(isObject) ? null : `its "faults" op holds ${describe(op.v)}`;
    case 'replace':
      return isObject(op.v) ? null : `its "replace" op holds ${describe(op.v)}`;
    default:
      return `it has an unknown op "${op.op}" (written by a newer version?)`;
  }
}

/** Why a stored clock state cannot be the sandbox's time, or null when it can. */
export function clockProblem(v: Record<string, unknown>): string | null {
  return first(
    Number.isSafeInteger(v.offset_ms) ? null : `its "offset_ms" is ${describe(v.offset_ms)}, not an integer`,
    v.frozen_at === null || (Number.isSafeInteger(v.frozen_at) && (v.frozen_at as number) >= 0)
      ? null
      : `its "frozen_at" is ${describe(v.frozen_at)}, not null or a time in milliseconds`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? 'a long string' : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : String(value);
}
