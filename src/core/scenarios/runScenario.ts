import type { Scenario, ScenarioStep } from '../../shared/scenario';
import type { WebhookEvent } from '../../shared/types';
import { startSandbox } from '../startSandbox';
import { answerDiff, isIdKey } from './answerDiff';
import { ScenarioFileError } from './scenarioFile';
import { sendStep } from './sendStep';
import { stepRequest, stepTitle, StepIds } from './stepRequests';
import { SettingsPatchSchema, type SettingsPatch } from '../../shared/types';
import { createValidatorCompiler } from '../validation';
import { SandboxError } from '../errors';

export interface StepResult {
  title: string;
  ok: boolean;
  /** What differed, one line each; empty when the step passed. */
  diff: string[];
  duration_ms: number;
  /** Why the step was not run (it passes): docs/scenarios.md says which steps are left out. */
  left_out?: string;
}

export interface ScenarioResult {
  name: string;
  ok: boolean;
  steps: StepResult[];
  /** What the run did differently from the file, said once before the steps. */
  notes: string[];
}

export interface RunOptions {
  /** A server that speaks the API (another sandbox, the provider's test mode); absent, one of its own. */
  baseUrl?: string;
  /** The key sent to `baseUrl`; default the scenario's api_key, else sk_test_cli. */
  apiKey?: string;
  /** How long a step waits for its answer before it fails; default 30 s. */
  timeoutMs?: number;
}

const DEFAULT_KEY = 'sk_test_scenario';
/** The key commands that talk to a running sandbox send when none is given (docs/scenarios.md). */
const RUNNING_SANDBOX_KEY = 'sk_test_cli';
export const DEFAULT_STEP_TIMEOUT_MS = 30_000;

/** Where the steps go, and what can be read there besides the answers. */
interface Target {
  base: string;
  key: string;
  /** The webhook events recorded so far; null where they cannot be read (another server). */
  events(): WebhookEvent[] | null;
  notes: string[];
  close(): Promise<void>;
}

/** Walks a recorded answer beside the replay's and pairs the ids the two sandboxes gave. */
function pairIds(recorded: unknown, fresh: unknown, ids: StepIds): void {
  if (Array.isArray(recorded) && Array.isArray(fresh)) {
    recorded.forEach((item, i) => pairIds(item, fresh[i], ids));
    return;
  }
  if (typeof recorded !== 'object' || recorded === null || typeof fresh !== 'object' || fresh === null)
    return;
  const replay = fresh as Record<string, unknown>;
  for (const [key, value] of Object.entries(recorded)) {
    const other = replay[key];
    if (isIdKey(key) && typeof value === 'string' && typeof other === 'string') ids.map(value, other);
    else pairIds(value, other, ids);
  }
}

function webhookRecorded(events: WebhookEvent[], step: ScenarioStep, ids: StepIds): string[] {
  if (!('expect_webhook' in step)) return [];
  const { type, link } = step.expect_webhook;
  const linkId = link === undefined ? undefined : ids.link(link);
  const found = events.some((e) => e.type === type && (linkId === undefined || e.data.id === linkId));
  return found ? [] : [`no ${type} webhook event was recorded${link ? ` for ${link}` : ''}`];
}

/**
 * Steps a replay leaves out, and why. Fault rules are not replayed: an export leaves out the
 * requests a drop or a status rule answered in the API's place, and keeps a lost answer's
 * request with the answer the server gave, so the same steps without the rules expect exactly
 * what the session's server did.
 */
function leftOut(step: ScenarioStep, target: Target): string | undefined {
  if ('request' in step && /^\/sandbox\/faults(?:[/?]|$)/.test(step.request.path))
    return 'fault rules are not replayed';
  if ('expect_webhook' in step && target.events() === null)
    return 'the webhook events of a server at --base-url cannot be read';
  return undefined;
}

async function runStep(
  target: Target,
  step: ScenarioStep,
  ids: StepIds,
  timeoutMs: number,
): Promise<string[]> {
  const request = stepRequest(step, ids);
  if (!request) return webhookRecorded(target.events() ?? [], step, ids);
  const answer = await sendStep(target.base, target.key, request, timeoutMs);
  if ('noAnswer' in answer) return [answer.noAnswer];
  const expect = 'expect' in step ? step.expect : undefined;
  if ('create' in step && step.as) {
    const id = (answer.body as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id === 'string') ids.name(step.as, id);
  }
  if (expect?.body !== undefined) pairIds(expect.body, answer.body, ids);
  const lines: string[] = [];
  if (expect?.status !== undefined && expect.status !== answer.status)
    lines.push(`status: expected ${expect.status}, got ${answer.status}`);
  else if (expect?.status === undefined && answer.status >= 400)
    lines.push(`status: ${answer.status} where no error was expected`);
  if (expect?.code !== undefined) {
    const code = (answer.body as { error?: { code?: unknown } } | null)?.error?.code;
    if (code !== expect.code)
      lines.push(`error code: expected ${JSON.stringify(expect.code)}, got ${JSON.stringify(code ?? null)}`);
  }
  if (expect?.body !== undefined) {
    const expected = JSON.parse(ids.rewrite(JSON.stringify(expect.body))) as unknown;
    lines.push(...answerDiff(expected, answer.body, 'exact' in step && step.exact === true));
  }
  return lines;
}

/** The Settings screen's check of a settings patch, made on first use: a start never pays for it. */
let settingsCheck: ((settings: unknown) => unknown) | undefined;
const checkSettings = (settings: unknown): unknown =>
  (settingsCheck ??= createValidatorCompiler(() => false)({
    schema: SettingsPatchSchema,
    method: 'PATCH',
    url: '/settings',
    httpPart: 'body',
  }))(settings);

/** A fresh in-memory sandbox of the run's own, started with the scenario's settings. */
async function ownSandbox(scenario: Scenario): Promise<Target> {
  const sandbox = await startSandbox({ port: 0, requestLog: false });
  try {
    // Checked as the Settings screen's PATCH checks them, and applied to the core in hand.
    if (scenario.settings) {
      const checked = checkSettings(scenario.settings) as { error?: Error };
      if (checked.error)
        throw new ScenarioFileError(`The scenario's settings were refused: ${checked.error.message}`);
      try {
        await sandbox.core.updateSettings(scenario.settings as SettingsPatch);
      } catch (err) {
        if (!(err instanceof SandboxError)) throw err;
        throw new ScenarioFileError(`The scenario's settings were refused: ${err.message}`);
      }
    }
  } catch (err) {
    await sandbox.close();
    throw err;
  }
  return {
    base: sandbox.origin,
    key: scenario.api_key ?? sandbox.core.settings.api_keys[0] ?? DEFAULT_KEY,
    events: () => [...sandbox.core.store.state.events.values()],
    notes: [],
    close: () => sandbox.close(),
  };
}

/** A server that speaks the API, as it is: its settings are its own. */
function otherServer(scenario: Scenario, baseUrl: string, apiKey: string | undefined): Target {
  return {
    base: baseUrl.replace(/\/+$/, ''),
    key: apiKey ?? scenario.api_key ?? RUNNING_SANDBOX_KEY,
    events: () => null,
    notes: scenario.settings
      ? [`The scenario's settings are not applied: the server at ${baseUrl} runs with its own.`]
      : [],
    close: async () => {},
  };
}

/**
 * Replays a scenario step by step over HTTP, against a fresh in-memory sandbox of its own or the
 * server at `baseUrl`, and says for each step what differed. Every step runs, so one change shows
 * all it breaks; a step that gets no answer fails with the reason and the next one runs.
 */
export async function runScenario(scenario: Scenario, options: RunOptions = {}): Promise<ScenarioResult> {
  const target =
    options.baseUrl === undefined
      ? await ownSandbox(scenario)
      : otherServer(scenario, options.baseUrl, options.apiKey);
  const timeoutMs = options.timeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  try {
    const ids = new StepIds();
    const steps: StepResult[] = [];
    for (const [index, step] of scenario.steps.entries()) {
      const title = stepTitle(step, index);
      const skip = leftOut(step, target);
      if (skip !== undefined) {
        steps.push({ title, ok: true, diff: [], duration_ms: 0, left_out: skip });
        continue;
      }
      const started = performance.now();
      const diff = await runStep(target, step, ids, timeoutMs);
      steps.push({ title, ok: diff.length === 0, diff, duration_ms: performance.now() - started });
    }
    return { name: scenario.name ?? 'scenario', ok: steps.every((s) => s.ok), steps, notes: target.notes };
  } finally {
    await target.close();
  }
}
