import type { ErrorObject } from 'ajv';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from '../../shared/dataFolder';
import { SandboxError } from '../errors';
import { describeValue } from '../validation';
import type { JsonDocumentError } from '../store/jsonDocumentReader';

/**
 * How an import names what is wrong with a file: its place in the file (links[3].amount), what
 * was found, what is allowed, and that nothing was changed.
 */
export const NOTHING_CHANGED = 'Choose a file made by Settings → Export; nothing was changed.';

export const notAnExport = (found: unknown): SandboxError =>
  new SandboxError(
    'parameter_invalid',
    `This is not a Payment Links Sandbox export: "format" must be "${EXPORT_FORMAT}"; got ${found === undefined ? 'none' : describeValue(found)}. ${NOTHING_CHANGED}`,
    'format',
  );

export const otherSchemaVersion = (found: unknown): SandboxError =>
  new SandboxError(
    'parameter_invalid',
    `The file has schema version ${describeValue(found)}; this version of Payment Links Sandbox reads version ${EXPORT_SCHEMA_VERSION}. Nothing was changed.`,
    'schema_version',
  );

/** links/3/amount → links[3].amount */
function placeOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
}

/** What the schema that refused a value says is allowed, when it says it (the union's own, first). */
function allowedBy(errors: ErrorObject[], first: ErrorObject): string | undefined {
  const described = (e: ErrorObject) => (e.parentSchema as { description?: string } | undefined)?.description;
  const same = errors.filter((e) => e.instancePath === first.instancePath);
  return described(same.find((e) => e.keyword === 'anyOf') ?? first) ?? same.map(described).find(Boolean);
}

/**
 * The first problem ajv found in the value at `at` (a JSON pointer into the file, "" for the
 * file), and what is allowed there when the schema says.
 */
export function problemAt(at: string, errors: ErrorObject[]): SandboxError {
  const error = errors[0] as ErrorObject;
  const place = placeOf(at + error.instancePath);
  const where = place === '' ? 'The file' : place;
  let problem: string;
  if (error.keyword === 'required') {
    problem = `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
  } else if (error.keyword === 'additionalProperties') {
    problem = `${where} has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  } else {
    const allowed = allowedBy(errors, error);
    problem = `${where} ${error.message ?? 'is not valid'}; got ${describeValue(error.data)}${allowed ? `; allowed: ${allowed}` : ''}`;
  }
  return new SandboxError('parameter_invalid', `${problem}. ${NOTHING_CHANGED}`, place || undefined);
}

/** A rule between fields or records that the schema cannot state, broken at `place`. */
export const brokenAt = (place: string, problem: string): SandboxError =>
  new SandboxError('parameter_invalid', `${place} ${problem}. ${NOTHING_CHANGED}`, place);

export const missingField = (key: string): SandboxError =>
  new SandboxError('parameter_invalid', `The file is missing "${key}". ${NOTHING_CHANGED}`, key);

export const unknownField = (key: string): SandboxError =>
  new SandboxError('parameter_invalid', `The file has an unknown field "${key}". ${NOTHING_CHANGED}`, key);

/** Two records with one id; idempotency records are keyed by scope, which holds an API key. */
export const duplicateId = (list: string, index: number, first: number, id: string | null): SandboxError =>
  new SandboxError(
    'parameter_invalid',
    id === null
      ? `${list}[${index}] has the same scope (API key and Idempotency-Key) as ${list}[${first}]; scopes must be unique. Nothing was changed.`
      : `${list}[${index}] has the same id as ${list}[${first}] (${id}); ids must be unique. Nothing was changed.`,
    `${list}[${index}].${id === null ? 'scope' : 'id'}`,
  );

export const repeatedField = (key: string): SandboxError =>
  new SandboxError(
    'parameter_invalid',
    `The file has "${key}" twice; each field is once in an export. ${NOTHING_CHANGED}`,
    key,
  );

const NOT_AN_OBJECT = 'the document must be a JSON object';
const FIRST_BYTE_HOLDS: Record<string, string> = { '[': 'an array', '"': 'a string', '-': 'a number' };

/**
 * A file that does not read as JSON: empty, cut short (a copy that stopped early), a JSON value
 * that is not an object, or broken somewhere, named by its byte offset and, inside a list, its place.
 */
export function unreadableFile(err: JsonDocumentError, firstByte: number | undefined): SandboxError {
  if (firstByte === undefined) {
    return new SandboxError('body_invalid_json', `The file is empty. ${NOTHING_CHANGED}`);
  }
  const first = String.fromCharCode(firstByte);
  const holds = FIRST_BYTE_HOLDS[first] ?? (/\d/.test(first) ? 'a number' : undefined);
  if (err.message === NOT_AN_OBJECT && holds !== undefined) {
    return new SandboxError(
      'body_invalid_json',
      `The file holds ${holds}; an export is a JSON object. ${NOTHING_CHANGED}`,
    );
  }
  const problem = err.message.startsWith('the document ends')
    ? `The file ends early, at byte ${err.offset} (${err.message}): it was cut short`
    : err.message.includes(' is longer than ') || err.message.includes(' values (fields and list items')
      ? `The file cannot be read: ${err.message} (at byte ${err.offset})`
      : `The file is not JSON: ${err.message} (at byte ${err.offset})`;
  return new SandboxError('body_invalid_json', `${problem}. ${NOTHING_CHANGED}`, err.place);
}
