import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type RequestScenarioStep,
  type Scenario,
} from '../../shared/scenario';
import type { RequestLogEntry, Settings } from '../../shared/types';

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
    expect: {
      status: entry.status,
      ...(typeof code === 'string' ? { code } : {}),
      ...(answer ? { body: answer.json } : {}),
    },
    exact: true,
  };
}

/**
 * Whether the API did this request: a fault rule's status or drop answered in its place, so a
 * replay on a sandbox without that rule would answer differently. Latency and lose_response did it.
 */
const didRun = (entry: RequestLogEntry): boolean =>
  entry.fault?.action !== 'status' && entry.fault?.action !== 'drop';

/**
 * The Requests screen's export: the chosen API requests, oldest first, with the settings they
 * ran under, as a scenario `payment-links-sandbox run` replays. Console and checkout requests
 * are not part of the API a client drives, and requests a fault answered in the API's place
 * never ran: both are left out.
 */
export function scenarioFromRequests(entries: RequestLogEntry[], settings: Settings, name: string): Scenario {
  const { preferred_port: _port, public_url: _url, ...kept } = settings;
  const api = entries.filter((e) => e.api && didRun(e)).sort((a, b) => a.seq - b.seq);
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name,
    settings: kept,
    steps: api.map(stepOf),
  };
}
