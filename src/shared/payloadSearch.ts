// docs/contract.md §16: one search over what a webhook carries, for deliveries and inbox messages
// alike: the keyed routes, the console's routes and its search box, and `listen --search`.

/** The body a search reads: its text as sent, and its JSON value (undefined when it is not JSON). */
export interface SearchedBody {
  text(): string;
  json(): unknown;
  /** Set when the body is held as its JSON value (a delivery's event): free text then reads it. */
  held?: unknown;
}

export type PayloadSearch =
  { kind: 'text'; text: string } | { kind: 'field'; path: string[]; value: string; source: string };

export const PAYLOAD_SEARCH_MAX = 500;

export const PAYLOAD_SEARCH_HELP =
  'Search by free text, matched anywhere in the body in any case (INV-1001), or by `path = value` on the JSON body (data.reference_id = INV-1001, type = payment_link.failed); put text that holds = in double quotes ("a=b").';

const FIELD = /^[A-Za-z0-9_$-]+$/;

/**
 * A query as the API takes it (`q=`), or what is wrong with it in words that say what is allowed.
 * A blank query is no search: an emptied search box shows everything again.
 */
export function parsePayloadSearch(q: string): { search: PayloadSearch | undefined } | { problem: string } {
  const trimmed = q.trim();
  if (q.length > PAYLOAD_SEARCH_MAX)
    return { problem: `q is ${q.length} characters; at most ${PAYLOAD_SEARCH_MAX} are allowed.` };
  if (trimmed === '') return { search: undefined };
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return { search: { kind: 'text', text: trimmed.slice(1, -1).toLowerCase() } };
  const equals = trimmed.indexOf('=');
  if (equals < 0) return { search: { kind: 'text', text: trimmed.toLowerCase() } };
  const left = trimmed.slice(0, equals).trim();
  const value = unquoted(trimmed.slice(equals + 1).trim());
  if (left === '') return { problem: `q "${trimmed}" has no path before =. ${PAYLOAD_SEARCH_HELP}` };
  const path = pathFields(left);
  if (!path) {
    return {
      problem: `q "${trimmed}": "${left}" is not a path. A path is field names (letters, digits, _, - or $) joined by dots, an array item by its index (data.items.0 or data.items[0]). ${PAYLOAD_SEARCH_HELP}`,
    };
  }
  if (value === '') {
    return {
      problem: `q "${trimmed}" has no value after =. Give the value the field holds (${left} = INV-1001), or "" for an empty string.`,
    };
  }
  return { search: { kind: 'field', path, value: value === '""' ? '' : value, source: left } };
}

/** A body read from its text: parsed once, and only when a field search asks for it. */
export function textBody(text: () => string): SearchedBody {
  let parsed: { value: unknown } | undefined;
  return {
    text,
    json: () => {
      if (!parsed) {
        try {
          parsed = { value: JSON.parse(text()) };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
  };
}

/** Whether a body holds what the search asks for. Free text reads the text, a field the JSON. */
export function payloadMatches(search: PayloadSearch): (body: SearchedBody) => boolean {
  if (search.kind === 'field') return (body) => fieldEquals(fieldAt(body.json(), search.path), search.value);
  const text = search.text;
  // A case-blind pattern reads each string where it lies; lower-casing would copy every one first.
  const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const withinOneToken = !JSON_SYNTAX.test(text) && ![...text].some((c) => c < ' ');
  return (body) =>
    withinOneToken && body.held !== undefined ? tokenHolds(body.held, pattern) : pattern.test(body.text());
}

/**
 * What JSON.stringify writes between tokens or escapes inside strings (with control characters
 * and lone surrogates). Text without any of it can only match inside one token of the JSON text:
 * a key, a string, a number, true, false or null.
 */
const JSON_SYNTAX = /["\\:,{}[\]\ud800-\udfff]/;

/**
 * Free text over a held JSON value, token by token: what matching its JSON text would find, without
 * writing that text (a delivery's event is held parsed; a search reads 100,000 of them).
 */
function tokenHolds(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return pattern.test(value);
  if (typeof value === 'number' || typeof value === 'boolean') return pattern.test(String(value));
  if (value === null) return pattern.test('null');
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => tokenHolds(item, pattern));
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined && (pattern.test(key) || tokenHolds(field, pattern))) return true;
  }
  return false;
}

function pathFields(left: string): string[] | undefined {
  const fields = left.replace(/\[(\d+)\]/g, '.$1').split('.');
  return fields.every((f) => FIELD.test(f)) ? fields : undefined;
}

function unquoted(value: string): string {
  if (value === '""') return value;
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function fieldAt(value: unknown, path: string[]): unknown {
  let at = value;
  for (const field of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[field];
  }
  return at;
}

/** A string field equals the value as written; a number, boolean or null equals its JSON text. */
function fieldEquals(field: unknown, value: string): boolean {
  if (typeof field === 'string') return field === value;
  if (typeof field === 'number' || typeof field === 'boolean' || field === null)
    return JSON.stringify(field) === value;
  return false;
}
