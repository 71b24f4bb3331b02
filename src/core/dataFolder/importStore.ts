import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  StoreExportSchema,
  type StoreExport,
} from '../../shared/dataFolder';
import { isoTime } from '../clock';
import { SandboxError } from '../errors';
import { describeValue, makeAjv } from '../http/validation';
import { withDefaults } from '../settings';
import type { StoreContents } from '../store/storeState';

const NOTHING_CHANGED = 'Choose a file made by Settings → Export; nothing was changed.';
let validator: ValidateFunction | null = null;

/**
 * Reads an export file back into store contents, or refuses it with the first problem, named by
 * its place in the file (links[3].amount), what was found and what is allowed. Refusing happens
 * before anything is touched, so a bad file changes nothing.
 */
export function readImport(text: string, nowMs: number): StoreContents {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SandboxError(
      'body_invalid_json',
      `The file is not JSON (${(err as Error).message}). ${NOTHING_CHANGED}`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new SandboxError(
      'body_invalid_json',
      `The file holds ${describeValue(data)}; an export is a JSON object. ${NOTHING_CHANGED}`,
    );
  }
  const file = data as Record<string, unknown>;
  if (file.format !== EXPORT_FORMAT) {
    throw new SandboxError(
      'parameter_invalid',
      `This is not a Payment Links Sandbox export: "format" must be "${EXPORT_FORMAT}"; got ${file.format === undefined ? 'none' : describeValue(file.format)}. ${NOTHING_CHANGED}`,
      'format',
    );
  }
  if (file.schema_version !== EXPORT_SCHEMA_VERSION) {
    throw new SandboxError(
      'parameter_invalid',
      `The file has schema version ${describeValue(file.schema_version)}; this version of Payment Links Sandbox reads version ${EXPORT_SCHEMA_VERSION}. Nothing was changed.`,
      'schema_version',
    );
  }
  // Settings added in a later version than the file's get their defaults.
  if (typeof file.settings === 'object' && file.settings !== null && !Array.isArray(file.settings)) {
    file.settings = withDefaults(file.settings);
  }
  validator ??= makeAjv().compile(StoreExportSchema);
  if (!validator(file)) throw problemAt(validator.errors?.[0] as ErrorObject);
  const checked = file as StoreExport;
  refuseDuplicates(checked);
  return toContents(checked, nowMs);
}

/** links/3/amount → links[3].amount */
function placeOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
}

function problemAt(error: ErrorObject): SandboxError {
  const place = placeOf(error.instancePath);
  const where = place === '' ? 'The file' : place;
  let problem: string;
  if (error.keyword === 'required') {
    problem = `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
  } else if (error.keyword === 'additionalProperties') {
    problem = `${where} has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  } else {
    problem = `${where} ${error.message ?? 'is not valid'}; got ${describeValue(error.data)}`;
  }
  return new SandboxError('parameter_invalid', `${problem}. ${NOTHING_CHANGED}`, place || undefined);
}

function refuseDuplicates(file: StoreExport): void {
  for (const list of ['links', 'events', 'endpoints', 'deliveries'] as const) {
    const seen = new Map<string, number>();
    file[list].forEach((record, index) => {
      const id = record.id.toLowerCase();
      const first = seen.get(id);
      if (first !== undefined) {
        throw new SandboxError(
          'parameter_invalid',
          `${list}[${index}] has the same id as ${list}[${first}] (${record.id}); ids must be unique. Nothing was changed.`,
          `${list}[${index}].id`,
        );
      }
      seen.set(id, index);
    });
  }
}

/**
 * Link ids are kept lowercase (lookups lowercase what they are given); a delivery that was on the
 * wire when the file was written is tried again at once, as after a restart.
 */
function toContents(file: StoreExport, nowMs: number): StoreContents {
  const now = isoTime(nowMs);
  return {
    settlement_account_id: file.settlement_account_id.toLowerCase(),
    settings: file.settings,
    queue_paused: file.queue_paused,
    links: file.links.map((link) => ({ ...link, id: link.id.toLowerCase() })),
    events: file.events,
    endpoints: file.endpoints,
    deliveries: file.deliveries.map((d) =>
      d.status === 'delivering' ? { ...d, status: 'retrying', next_attempt_at: now, updated_at: now } : d,
    ),
    idempotency: file.idempotency.filter((record) => record.expires_at_ms > nowMs),
  };
}
