import { withWorkspaceName } from '../../shared/workspaceKey';
import Type, { type TSchema } from 'typebox';
import { faultActionProblem, NewFaultRuleSchema, type NewFaultRule } from '../../shared/faults';
import { parseDuration } from '../../shared/durations';
import { SettingsPatchSchema, type Settings, type SettingsPatch } from '../../shared/types';
import type { ClockStart } from '../clockControls';
import { feeProblem } from '../domain/fees';
import type { SandboxError } from '../errors';
import { MAX_ADVANCE_SECONDS } from '../../shared/clockAdvance';
import { scanJsonText, type JsonPath } from '../jsonText';
import { bodyError } from '../validation';
import { FileTooLargeError, readBoundedFile } from '../readBoundedFile';
import { withDefaults } from '../settings';
import {
  CLOCK_OFFSET_RULE,
  CONFIGURATION_VERSION,
  ConfigClockSchema,
  ConfigEndpointSchema,
  ConfigLinkSchema,
  ConfigurationSchema,
  SECTIONS,
  type ConfigClock,
  type ConfigEndpoint,
  type ConfigLink,
} from './configurationSchema';

/** A file that passed every check, as the core applies it. */
export interface Configuration {
  /** The file it was read from, for messages. */
  source: string;
  settings?: SettingsPatch;
  endpoints?: ConfigEndpoint[];
  faults?: NewFaultRule[];
  clock?: ClockStart;
  links?: ConfigLink[];
}

/** A file that cannot be applied: each problem names its place in the file and what is allowed. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';

  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    const more =
      problems.length > 1
        ? ` (${problems.length - 1} more: payment-links-sandbox config validate ${file} lists each)`
        : '';
    super(`configuration ${file}: ${problems[0]}${more}`);
  }
}

/**
 * docs/configuration.md, "Size": the most a file may hold. Its 100,000 links (MAX_CONFIGURED_LINKS)
 * at their longest fields, indented, still fit; what it does not take is a file without end.
 */
export const MAX_CONFIGURATION_BYTES = 256 * 1024 * 1024;

/** A configuration file's text: a ConfigurationError past the size limit, an fs error as thrown. */
export function readConfigurationText(file: string): string {
  try {
    return readBoundedFile(file, MAX_CONFIGURATION_BYTES);
  } catch (err) {
    if (!(err instanceof FileTooLargeError)) throw err;
    throw new ConfigurationError(file, [
      `${err.message.replace('the most it may hold', 'the most a configuration file may hold')} (100,000 links at their longest fit in less)`,
    ]);
  }
}

/** The API's own validator and wording for a record. */
const checkWith = (schema: TSchema, value: unknown): SandboxError | undefined => bodyError(schema, value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (section: TSchema) => {
  const { maxItems, description } = section as { maxItems?: number; description?: string };
  return Type.Optional(Type.Array(Type.Unknown(), { maxItems, description }));
};

/** The top level alone: each section is checked record by record, so every bad record is named. */
const Shell = Type.Object(
  {
    ...ConfigurationSchema.properties,
    settings: Type.Optional(Type.Unknown()),
    endpoints: listOf(SECTIONS.endpoints),
    faults: listOf(SECTIONS.faults),
    clock: Type.Optional(Type.Unknown()),
    links: listOf(SECTIONS.links),
  },
  { additionalProperties: false },
);

class Problems {
  readonly list: string[] = [];

  /** A record checked against its schema: "links[3].amount: Invalid amount: …". */
  record(where: string, schema: TSchema, value: unknown, what: string): boolean {
    if (!isObject(value)) {
      this.add(where, `must be ${what} (a JSON object); got ${describe(value)}`);
      return false;
    }
    const error = checkWith(schema, value);
    if (error) this.add(error.param ? `${where}.${error.param}` : where, error.message);
    return error === undefined;
  }

  add(where: string, problem: string): void {
    this.list.push(`${where}: ${problem}`);
  }
}

/** links[3].title, as every problem names its place. */
const pathText = (path: JsonPath): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : `${JSON.stringify(value)} (a ${typeof value})`;

function checkEndpoints(endpoints: unknown[], problems: Problems): void {
  const seen = new Map<string, number>();
  endpoints.forEach((endpoint, i) => {
    const where = `endpoints[${i}]`;
    // {workspace} stands for each workspace's name (docs/contract.md §15): checked as a name would be.
    const checked =
      isObject(endpoint) && typeof endpoint.url === 'string'
        ? { ...endpoint, url: withWorkspaceName(endpoint.url, 'workspace') }
        : endpoint;
    if (!problems.record(where, ConfigEndpointSchema, checked, 'a webhook endpoint')) return;
    const { id } = endpoint as ConfigEndpoint;
    const first = seen.get(id);
    if (first !== undefined)
      problems.add(
        `${where}.id`,
        `"${id}" is already declared by endpoints[${first}]; each id may appear once`,
      );
    else seen.set(id, i);
  });
}

function checkFaults(rules: unknown[], problems: Problems): void {
  rules.forEach((rule, i) => {
    const where = `faults[${i}]`;
    if (!problems.record(where, NewFaultRuleSchema, rule, 'a fault rule')) return;
    const action = faultActionProblem((rule as NewFaultRule).action);
    if (action) problems.add(`${where}.${action.param}`, action.problem);
  });
}

function checkLinks(links: unknown[], settings: SettingsPatch | undefined, problems: Problems): void {
  const seen = new Map<string, number>();
  // The fees and currency the file itself sets, over the defaults: start checks again against the stored ones.
  const applied = withDefaults((settings ?? null) as Partial<Settings> | null);
  links.forEach((link, i) => {
    const where = `links[${i}]`;
    if (!problems.record(where, ConfigLinkSchema, link, 'a payment link')) return;
    const { id, amount } = link as ConfigLink;
    const key = id.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined)
      problems.add(`${where}.id`, `"${id}" is already declared by links[${first}]; each id may appear once`);
    else seen.set(key, i);
    const unpaid = feeProblem(amount, applied);
    if (unpaid) problems.add(`${where}.amount`, unpaid.message);
  });
}

function clockStart(clock: ConfigClock, problems: Problems): ClockStart | undefined {
  const state = clock.frozen === undefined ? undefined : clock.frozen ? 'frozen' : 'running';
  if (clock.offset === undefined) return { state };
  const seconds = parseDuration(clock.offset);
  if (seconds === null || seconds < 1 || seconds > MAX_ADVANCE_SECONDS) {
    problems.add(
      'clock.offset',
      `${JSON.stringify(clock.offset)} is not allowed; offset must be ${CLOCK_OFFSET_RULE}`,
    );
    return undefined;
  }
  return { state, offsetSeconds: seconds };
}

/**
 * The top level, key by key, so that one unknown key or one section of the wrong shape is one
 * problem among the others rather than the only one said (issue 31: a stray "port" hid five bad
 * records). Each key is checked alone, beside a valid version, in the validator's own words.
 * Returns the keys present and well shaped: the sections to check record by record.
 */
function checkTopLevel(file: Record<string, unknown>, problems: Problems): Set<string> {
  const shaped = new Set<string>();
  const version = checkWith(Shell, 'version' in file ? { version: file.version } : {});
  if (version) problems.add(version.param ?? '(top level)', version.message);
  for (const key of Object.keys(file)) {
    if (key === 'version') continue;
    const error = checkWith(Shell, { version: CONFIGURATION_VERSION, [key]: file[key] });
    if (error) problems.add(error.param ?? key, error.message);
    else shaped.add(key);
  }
  return shaped;
}

/**
 * A configuration file's text checked whole: every problem found, each naming its JSON path and
 * what is allowed there, or the configuration to apply. Nothing here touches a store.
 */
export function checkConfiguration(
  text: string,
  source: string,
): { configuration: Configuration; problems: [] } | { configuration?: undefined; problems: string[] } {
  // Editors on Windows may start a UTF-8 file with a byte order mark; it is not part of the JSON.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let file: unknown;
  try {
    file = JSON.parse(json);
  } catch (err) {
    return { problems: [`not valid JSON: ${(err as Error).message}`] };
  }
  const problems = new Problems();
  // JSON.parse keeps a repeated key's last value: refused and named, as the API refuses one in a
  // body; the rest of the file is still checked, as it parsed.
  for (const path of scanJsonText(json, { everyDuplicate: true }).duplicates)
    problems.add(pathText(path), `"${String(path.at(-1))}" is given twice in one object; give each key once`);
  if (!isObject(file))
    return {
      problems: [
        ...problems.list,
        `the file must hold one JSON object, such as {"version": 1}; got ${describe(file)}`,
      ],
    };
  const shaped = checkTopLevel(file, problems);
  const section = <T>(key: string): T | undefined => (shaped.has(key) ? (file[key] as T) : undefined);
  const settingsFine =
    section('settings') === undefined ||
    problems.record('settings', SettingsPatchSchema, file.settings, 'settings');
  checkEndpoints(section<unknown[]>('endpoints') ?? [], problems);
  checkFaults(section<unknown[]>('faults') ?? [], problems);
  let clock: ClockStart | undefined;
  if (section('clock') !== undefined && problems.record('clock', ConfigClockSchema, file.clock, 'the clock'))
    clock = clockStart(file.clock as ConfigClock, problems);
  const settings = settingsFine ? section<SettingsPatch>('settings') : undefined;
  checkLinks(section<unknown[]>('links') ?? [], settings, problems);
  if (problems.list.length > 0) return { problems: problems.list };
  return {
    problems: [],
    configuration: {
      source,
      settings: file.settings as SettingsPatch | undefined,
      endpoints: file.endpoints as ConfigEndpoint[] | undefined,
      faults: file.faults as NewFaultRule[] | undefined,
      clock,
      links: file.links as ConfigLink[] | undefined,
    },
  };
}

/** Reads and checks a file; a ConfigurationError says what is wrong and where. */
export async function readConfiguration(file: string): Promise<Configuration> {
  let text: string;
  try {
    text = readConfigurationText(file);
  } catch (err) {
    if (err instanceof ConfigurationError) throw err;
    throw new ConfigurationError(file, [`cannot be read: ${(err as Error).message}`]);
  }
  const { configuration, problems } = checkConfiguration(text, file);
  if (!configuration) throw new ConfigurationError(file, problems);
  return configuration;
}
