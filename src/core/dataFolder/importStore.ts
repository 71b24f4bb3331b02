import type { ValidateFunction } from 'ajv';
import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  StoreExportSchema,
  type StoreCounts,
  type StoreExport,
} from '../../shared/dataFolder';
import type { Settings } from '../../shared/types';
import { isoTime } from '../clock';
import type { SandboxError } from '../errors';
import { makeAjv } from '../validation';
import { withDefaults } from '../settings';
import { JsonDocumentError, readJsonDocument } from '../store/jsonDocumentReader';
import { IMPORT_RECORD_VALUES } from '../store/storeLimits';
import type { ClockState, NowUnder } from '../sandboxClock';
import type { SandboxCore } from '../sandboxCore';
import type { StoreContents } from '../store/storeState';
import { retriedAtOnce } from '../webhooks/retryPolicy';
import {
  brokenAt,
  missingField,
  notAnExport,
  otherSchemaVersion,
  problemAt,
  repeatedField,
  unknownField,
  unreadableFile,
} from './importProblems';
import { ImportReferences, type KeptLists, type ListName } from './importReferences';
import {
  deliveryProblem,
  endpointProblem,
  eventProblem,
  faultRulesProblem,
  idempotencyProblem,
  linkProblem,
  type Broken,
} from './importRules';

const LISTS: readonly ListName[] = ['links', 'events', 'endpoints', 'deliveries', 'idempotency'];
const STREAMED: ReadonlySet<string> = new Set(LISTS);
/** What each record must be beyond its schema: rules between its own fields. */
const RULES: { [L in ListName]: (record: StoreExport[L][number]) => Broken | null } = {
  links: linkProblem,
  events: eventProblem,
  endpoints: endpointProblem,
  deliveries: deliveryProblem,
  idempotency: idempotencyProblem,
};

interface Validators {
  /** One per top-level field, lists included (a list that is not an array arrives as a field). */
  fields: Map<string, ValidateFunction>;
  records: Record<ListName, ValidateFunction>;
}
let validators: Validators | null = null;

/** The export schema taken apart: every record is checked on its own, as it arrives. */
function compileValidators(): Validators {
  const ajv = makeAjv();
  const properties = StoreExportSchema.properties as Record<string, object>;
  const fields = new Map(Object.entries(properties).map(([key, schema]) => [key, ajv.compile(schema)]));
  const itemsOf = (list: ListName) => ajv.compile((properties[list] as { items: object }).items);
  const records = Object.fromEntries(LISTS.map((list) => [list, itemsOf(list)])) as Validators['records'];
  return { fields, records };
}

/**
 * Reads an export file back into store contents as it arrives, never holding it as one string
 * (a million links are more than V8's string cap), or refuses it with the first problem, named by
 * its place in the file (links[3].amount), what was found and what is allowed: a value out of the
 * API's bounds, a field another contradicts, an id repeated, a reference to a record not in the
 * file. Refusing happens before anything is touched, so a bad file changes nothing.
 */
export async function readImport(body: AsyncIterable<Uint8Array>, now: NowUnder): Promise<StoreContents> {
  const file = new ImportedFile(now);
  const seen: { firstByte?: number } = {};
  try {
    const head = await readJsonDocument(noticingFirstByte(body, seen), {
      streamed: STREAMED,
      valueLimit: IMPORT_RECORD_VALUES,
      onField: (key, value) => file.field(key, value),
      onRecord: (list, index, value) => file.record(list as ListName, index, value),
      onListEnd: (list) => file.listEnded(list as ListName),
    });
    return file.contents(head);
  } catch (err) {
    if (err instanceof JsonDocumentError) throw unreadableFile(err, seen.firstByte);
    throw err;
  }
}

/** A file's times read under its own clock when it brings one, else under the clock the store has. */
const nowUnderFile =
  (core: SandboxCore): NowUnder =>
  (clock) =>
    core.clock.nowUnder(clock ?? core.store.state.clock);

/** Replaces the store with an export file in one durable step. */
export async function importFile(core: SandboxCore, body: AsyncIterable<Uint8Array>): Promise<void> {
  const contents = await readImport(body, nowUnderFile(core));
  await core.replaceStore(contents);
}

/** What an import of the file would bring, read and checked as an import reads it; nothing changes. */
export async function checkImportFile(
  core: SandboxCore,
  body: AsyncIterable<Uint8Array>,
): Promise<StoreCounts> {
  const contents = await readImport(body, nowUnderFile(core));
  return {
    links: contents.links.length,
    events: contents.events.length,
    deliveries: contents.deliveries?.length ?? 0,
    endpoints: contents.endpoints.length,
    idempotency_records: contents.idempotency.length,
  };
}

/**
 * The file as it is read. A problem is refused at once when the file has already shown itself to
 * be an export of this version (format and schema_version come first in every export); before
 * that it is held until the end, so that a file that is not an export at all is called that rather
 * than refused for some detail.
 */
class ImportedFile {
  private readonly validators = (validators ??= compileValidators());
  private readonly kept: KeptLists = {
    links: [],
    events: [],
    endpoints: [],
    deliveries: [],
    idempotency: [],
  };
  private readonly references = new ImportReferences(this.kept, (problem) => this.refuse(problem));
  /** Top-level keys read so far: JSON lets one repeat, an export never does. */
  private readonly keys = new Set<string>();
  private readonly fields: Record<string, unknown> = {};
  private held: SandboxError | null = null;
  /** The time once the file is in: under its clock, once read (exports write it before the lists). */
  private nowMs: number;

  constructor(private readonly nowUnder: NowUnder) {
    this.nowMs = nowUnder();
  }

  field(key: string, value: unknown): void {
    if (this.keys.has(key)) this.refuse(repeatedField(key));
    this.keys.add(key);
    if (key === 'format' && value !== EXPORT_FORMAT) throw notAnExport(value);
    if (key === 'schema_version' && value !== EXPORT_SCHEMA_VERSION) {
      if (this.fields.format !== undefined) throw otherSchemaVersion(value);
    }
    // Settings added in a later version than the file's get their defaults.
    const checked = key === 'settings' && isObject(value) ? withDefaults(value) : value;
    this.fields[key] = checked;
    const validate = this.validators.fields.get(key);
    if (!validate) this.refuse(unknownField(key));
    else if (!validate(checked)) this.refuse(problemAt(`/${key}`, validate.errors ?? []));
    else if (key === 'clock') this.nowMs = this.nowUnder(checked as ClockState);
    else if (key === 'faults') {
      const broken = faultRulesProblem(checked as NonNullable<StoreExport['faults']>);
      if (broken) this.refuse(brokenAt(`faults${broken.at}`, broken.problem));
    }
  }

  record(list: ListName, index: number, value: unknown): void {
    if (this.held) return;
    if (index === 0 && this.keys.has(list)) {
      this.refuse(repeatedField(list));
      return;
    }
    const validate = this.validators.records[list];
    if (!validate(value)) {
      this.refuse(problemAt(`/${list}/${index}`, validate.errors ?? []));
      return;
    }
    const record = value as StoreExport[ListName][number];
    const broken = (RULES[list] as (r: typeof record) => Broken | null)(record);
    if (broken) {
      this.refuse(brokenAt(`${list}[${index}].${broken.at}`, broken.problem));
      return;
    }
    this.keep(list, record);
    const id = list === 'idempotency' ? (record as { scope: string }).scope : (record as { id: string }).id;
    this.references.add(list, index, id);
  }

  listEnded(list: ListName): void {
    if (this.keys.has(list)) this.refuse(repeatedField(list));
    this.keys.add(list);
    if (!this.held) this.references.listEnded(list);
  }

  contents(head: Record<string, unknown>): StoreContents {
    if (head.format !== EXPORT_FORMAT) throw notAnExport(head.format);
    if (head.schema_version !== EXPORT_SCHEMA_VERSION) throw otherSchemaVersion(head.schema_version);
    if (this.held) throw this.held;
    for (const key of StoreExportSchema.required) if (!(key in head)) throw missingField(key);
    return {
      settlement_account_id: (this.fields.settlement_account_id as string).toLowerCase(),
      settings: this.fields.settings as Settings,
      queue_paused: this.fields.queue_paused as boolean,
      ...(this.fields.clock === undefined ? {} : { clock: this.fields.clock as StoreExport['clock'] }),
      faults: (this.fields.faults as StoreExport['faults']) ?? [],
      ...this.kept,
    };
  }

  private refuse(problem: SandboxError): void {
    const isExport =
      this.fields.format === EXPORT_FORMAT && this.fields.schema_version === EXPORT_SCHEMA_VERSION;
    if (isExport) throw problem;
    this.held ??= problem;
  }

  /**
   * Link ids are kept lowercase (lookups lowercase what they are given); a delivery that was on
   * the wire when the file was written is tried again at once, as after a restart; idempotency
   * records that have expired since are left behind.
   */
  private keep<L extends ListName>(list: L, record: StoreExport[L][number]): void {
    let kept = record;
    if (list === 'links') {
      const link = record as StoreExport['links'][number];
      const id = link.id.toLowerCase();
      if (id !== link.id) kept = { ...link, id } as typeof record;
    } else if (list === 'deliveries') {
      const delivery = record as StoreExport['deliveries'][number];
      if (delivery.status === 'delivering') {
        kept = { ...delivery, ...retriedAtOnce(isoTime(this.nowMs)) } as typeof record;
      }
    } else if (list === 'idempotency') {
      if ((record as StoreExport['idempotency'][number]).expires_at_ms <= this.nowMs) return;
    }
    (this.kept[list] as StoreExport[L][number][]).push(kept);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Passes the body through, noting its first non-blank byte: what a file that is not an object holds. */
async function* noticingFirstByte(
  body: AsyncIterable<Uint8Array>,
  seen: { firstByte?: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    if (seen.firstByte === undefined) {
      seen.firstByte = chunk.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
    }
    yield chunk;
  }
}
