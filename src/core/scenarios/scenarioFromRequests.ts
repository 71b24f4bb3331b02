import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type RequestScenarioStep,
  type Scenario,
  type ScenarioLeftOut,
  type ScenarioNeed,
} from '../../shared/scenario';
import type { RequestLogEntry, RequestLogSummary, Settings } from '../../shared/types';
import { scenarioNeeds } from './scenarioNeeds';

const parsed = (text: string | null): { json: unknown } | null => {
  if (text === null || text === '') return null;
  try {
    return { json: JSON.parse(text) };
  } catch {
    return null;
  }
};

/** One recorded API request as a step that sends it again and expects the same answer. */
function stepOf(entry: RequestLogEntry): RequestScenarioStep {
  const body = parsed(entry.request_body);
  const answer = parsed(entry.response_body);
  const code = (answer?.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  return {
    request: {
      method: entry.method as RequestScenarioStep['request']['method'],
      path: entry.path,
      ...(entry.idempotency_key === null ? {} : { headers: { 'Idempotency-Key': entry.idempotency_key } }),
      ...(body ? { body: body.json } : entry.request_body ? { raw_body: entry.request_body } : {}),
    },
    ...(isPage(answer?.json)
      ? // A list's items and total are the store's, not the request's: a fresh sandbox has others.
        { expect: { status: entry.status } }
      : {
          expect: {
            status: entry.status,
            ...(typeof code === 'string' ? { code } : {}),
            ...(answer ? { body: answer.json } : {}),
          },
          exact: true,
        }),
  };
}

const isPage = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'pagination' in body &&
  Array.isArray((body as { data?: unknown }).data);

/** Why an entry cannot be a step, or null when it can. */
function leftOutBecause(entry: RequestLogEntry): string | null {
  if (!entry.api) return 'not a Payment Links API call (the console, the checkout page or a file)';
  if (entry.fault?.action === 'status')
    return `fault rule ${entry.fault.rule_id} answered it in the API's place, so the API never ran it`;
  if (entry.fault?.action === 'drop')
    return `fault rule ${entry.fault.rule_id} dropped it before the API ran it`;
  return null;
}

/**
 * The Requests screen's export: the chosen API requests, oldest first, with the settings they
 * ran under, as a scenario `payment-links-sandbox run` replays (docs/scenarios.md). Console and
 * checkout requests are not part of the API a client drives, and requests a fault rule answered
 * or dropped in the API's place never ran (a latency or lose_response rule let them run): those
 * are left out, each named with why. A step that needs a request of `log` (every API request kept,
 * oldest first) the export leaves out is named in `needs` (scenarioNeeds.ts).
 */
export function scenarioFromRequests(
  entries: RequestLogEntry[],
  log: readonly RequestLogSummary[],
  settings: Settings,
  name: string,
): { scenario: Scenario; left_out: ScenarioLeftOut[]; needs: ScenarioNeed[] } {
  const { preferred_port: _port, public_url: _url, ...kept } = settings;
  const steps: RequestLogEntry[] = [];
  const leftOut: ScenarioLeftOut[] = [];
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const reason = leftOutBecause(entry);
    if (reason === null) steps.push(entry);
    else leftOut.push({ seq: entry.seq, method: entry.method, path: entry.path, reason });
  }
  return {
    scenario: {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      name,
      settings: kept,
      steps: steps.map(stepOf),
    },
    left_out: leftOut,
    needs: scenarioNeeds(steps, log),
  };
}
