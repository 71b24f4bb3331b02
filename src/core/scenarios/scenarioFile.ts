import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  STEP_KINDS,
  ScenarioSchema,
  type Scenario,
} from '../../shared/scenario';
import { makeAjv } from '../validation';
import { API_KEY_WORDS, isApiKey } from '../../shared/apiKey';

/** A scenario file that cannot be run: the message says where and what is allowed. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

interface Checkers {
  wholeFile: ValidateFunction;
  steps: Record<string, ValidateFunction>;
}
let checkers: Checkers | null = null;

/** Compiled at the first scenario read, not while a server that may never run one starts. */
function compileCheckers(): Checkers {
  const ajv = makeAjv();
  const wholeFile = ajv.compile({
    ...ScenarioSchema,
    properties: { ...ScenarioSchema.properties, steps: { type: 'array' } },
  });
  const steps = Object.fromEntries(
    Object.entries(STEP_KINDS).map(([kind, schema]) => [kind, ajv.compile(schema)]),
  );
  return { wholeFile, steps };
}
const KINDS = Object.keys(STEP_KINDS);

function describe(where: string, error: ErrorObject | undefined): string {
  if (!error) return `${where} is not valid`;
  const at = `${where}${error.instancePath.replace(/\//g, '.')}`;
  if (error.keyword === 'additionalProperties')
    return `${at} has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  if (error.keyword === 'anyOf') return `${at} is not one of the allowed shapes`;
  if (error.keyword === 'const' || error.keyword === 'enum')
    return `${at} must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue ?? (error.params as { allowedValues?: unknown }).allowedValues)}`;
  return `${at} ${error.message ?? 'is not valid'}`;
}

/**
 * The console's export answers `{data, meta}` like every console route; saved as it came, the
 * file is still the scenario in `data`.
 */
function unwrapped(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'format' in value) return value;
  const { data } = value as { data?: unknown };
  const wrapped =
    typeof data === 'object' && data !== null && (data as { format?: unknown }).format === SCENARIO_FORMAT;
  return wrapped ? data : value;
}

/**
 * Reads a scenario from its JSON text (or the console export's answer that holds it). Each step is checked against the shape its kind allows
 * (named by its key: request, create, retrieve…), so an error names one step and one field.
 */
export function parseScenario(text: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ScenarioFileError(`The scenario is not valid JSON: ${(err as Error).message}`);
  }
  value = unwrapped(value);
  const head = value as { format?: unknown; version?: unknown } | null;
  if (typeof head !== 'object' || head === null || head.format !== SCENARIO_FORMAT)
    throw new ScenarioFileError(`The file is not a scenario: its "format" must be "${SCENARIO_FORMAT}".`);
  if (head.version !== SCENARIO_VERSION)
    throw new ScenarioFileError(
      `The scenario has version ${JSON.stringify(head.version)}; this version reads version ${SCENARIO_VERSION}.`,
    );
  const { wholeFile, steps: stepCheckers } = (checkers ??= compileCheckers());
  if (!wholeFile(value)) throw new ScenarioFileError(describe('scenario', wholeFile.errors?.[0]));
  // The server's own rule for a key, so a replay is not refused at every step with 401.
  const apiKey = (value as { api_key?: string }).api_key;
  if (apiKey !== undefined && !isApiKey(apiKey))
    throw new ScenarioFileError(`scenario.api_key must be ${API_KEY_WORDS}; got ${JSON.stringify(apiKey)}.`);
  const steps = (value as { steps: unknown[] }).steps;
  if (steps.length === 0) throw new ScenarioFileError('scenario.steps is empty: give at least one step.');
  steps.forEach((step, index) => {
    const where = `steps[${index}]`;
    const kind = typeof step === 'object' && step !== null ? KINDS.find((k) => k in step) : undefined;
    if (!kind) throw new ScenarioFileError(`${where} names no step: give one of ${KINDS.join(', ')}.`);
    const check = stepCheckers[kind];
    if (check && !check(step)) throw new ScenarioFileError(describe(where, check.errors?.[0]));
  });
  return value as Scenario;
}
