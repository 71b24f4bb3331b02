import type { Scenario, ScenarioStep } from '../../shared/scenario';
import type { WebhookEvent } from '../../shared/types';
import { startSandbox, type RunningSandbox } from '../startSandbox';
import { answerDiff, isIdKey } from './answerDiff';
import { stepRequest, stepTitle, StepIds, type StepRequest } from './stepRequests';

export interface StepResult {
  title: string;
  ok: boolean;
  /** What differed, one line each; empty when the step passed. */
  diff: string[];
  duration_ms: number;
}

export interface ScenarioResult {
  name: string;
  ok: boolean;
  steps: StepResult[];
}

const DEFAULT_KEY = 'sk_test_scenario';

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

async function send(
  origin: string,
  key: string,
  request: StepRequest,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...request.headers };
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  return { status: response.status, body };
}

function webhookRecorded(sandbox: RunningSandbox, step: ScenarioStep, ids: StepIds): string[] {
  if (!('expect_webhook' in step)) return [];
  const { type, link } = step.expect_webhook;
  const linkId = link === undefined ? undefined : ids.link(link);
  const events: WebhookEvent[] = [...sandbox.core.store.state.events.values()];
  const found = events.some((e) => e.type === type && (linkId === undefined || e.data.id === linkId));
  return found ? [] : [`no ${type} webhook event was recorded${link ? ` for ${link}` : ''}`];
}

async function runStep(
  sandbox: RunningSandbox,
  key: string,
  step: ScenarioStep,
  ids: StepIds,
): Promise<string[]> {
  const request = stepRequest(step, ids);
  if (!request) return webhookRecorded(sandbox, step, ids);
  const answer = await send(sandbox.origin, key, request);
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

/**
 * Replays a scenario against a fresh in-memory sandbox of its own, step by step over HTTP, and
 * says for each step what differed. Every step runs, so one change shows all it breaks.
 */
export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const sandbox = await startSandbox({ port: 0, requestLog: false });
  try {
    if (scenario.settings) {
      const applied = await fetch(`${sandbox.origin}/_console/api/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(scenario.settings),
      });
      if (!applied.ok) {
        const body = (await applied.json()) as { error?: { message?: string } };
        throw new Error(`The scenario's settings were refused: ${body.error?.message ?? applied.status}`);
      }
    }
    const key = scenario.api_key ?? sandbox.core.settings.api_keys[0] ?? DEFAULT_KEY;
    const ids = new StepIds();
    const steps: StepResult[] = [];
    for (const [index, step] of scenario.steps.entries()) {
      const started = performance.now();
      const title = stepTitle(step, stepRequest(step, ids), index);
      const diff = await runStep(sandbox, key, step, ids);
      steps.push({ title, ok: diff.length === 0, diff, duration_ms: performance.now() - started });
    }
    return { name: scenario.name ?? 'scenario', ok: steps.every((s) => s.ok), steps };
  } finally {
    await sandbox.close();
  }
}
