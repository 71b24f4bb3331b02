import { readFile, writeFile } from 'node:fs/promises';
import { makeFolder } from '../core/makeFolder';
import { dirname } from 'node:path';
import { printLines } from './printLines';
import { parseArgv } from './usageError';
import { synopsis } from './usageText';
import { junitReport } from '../core/scenarios/junitReport';
import { DEFAULT_STEP_TIMEOUT_MS, runScenario, type ScenarioResult } from '../core/scenarios/runScenario';
import { parseScenario, ScenarioFileError } from '../core/scenarios/scenarioFile';
import { baseUrlProblem } from './sandboxClient';

export const RUN_USAGE = `Usage: payment-links-sandbox run FILE [--junit OUT.xml] [--base-url URL --api-key KEY]

Replays a scenario (exported from the console's Requests screen, or written by hand; see
docs/scenarios.md) against a fresh in-memory sandbox and compares each answer with the expected
one: status, error code, and every field but ids and times. Exits 0 when all steps match, 1 with
a diff when one does not (a step that gets no answer fails with the reason), 2 when the file
cannot be read.

Options:
  --junit FILE       also write the result as JUnit XML (its folder is made if missing)
  --base-url URL     replay against the server at URL instead (another sandbox, the provider's
                     test mode): the differences are where it behaves otherwise
  --api-key KEY      the key sent to --base-url (default PLS_API_KEY, then the scenario's
                     api_key, then sk_test_cli)
  --timeout SECONDS  how long a step waits for its answer (default ${DEFAULT_STEP_TIMEOUT_MS / 1000})
  --help             show this help`;

const fail = (message: string): number => {
  console.error(`payment-links-sandbox run: ${message}`);
  return 2;
};

/** Bad usage: what was wrong, then what to type. */
const misused = (message: string): number => {
  fail(message);
  console.error(synopsis(RUN_USAGE));
  return 2;
};

function report(result: ScenarioResult): string[] {
  const lines = [`Scenario "${result.name}": ${result.steps.length} steps`];
  for (const note of result.notes) lines.push(`Note: ${note}`);
  for (const step of result.steps) {
    if (step.left_out !== undefined) {
      lines.push(`  - ${step.title} (left out: ${step.left_out})`);
      continue;
    }
    lines.push(`  ${step.ok ? '✓' : '✗'} ${step.title}`);
    for (const line of step.diff) lines.push(`      ${line}`);
  }
  const ran = result.steps.filter((s) => s.left_out === undefined);
  const passed = ran.filter((s) => s.ok).length;
  const leftOut = result.steps.length - ran.length;
  const also = leftOut > 0 ? ` (${leftOut} left out)` : '';
  lines.push(
    result.ok
      ? `All ${passed} steps matched${also}.`
      : `${ran.length - passed} of ${ran.length} steps differ${also}.`,
  );
  return lines;
}

function timeoutOf(text: string | undefined): number | Error {
  if (text === undefined) return DEFAULT_STEP_TIMEOUT_MS;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds <= 0 || seconds > 3600)
    return new Error(`--timeout takes seconds from 0.001 to 3600, not "${text}"`);
  return seconds * 1000;
}

function baseUrlOf(text: string): string | Error {
  const problem = baseUrlProblem(text);
  return problem ? new Error(problem) : text;
}

/** `payment-links-sandbox run FILE`: a tester's recorded session as a CI check. */
export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgv(
      argv,
      {
        junit: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      true,
      RUN_USAGE,
    );
  } catch (err) {
    return misused((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(RUN_USAGE);
    return 0;
  }
  if (positionals.length !== 1) return misused('give exactly one scenario file (see --help)');
  const timeoutMs = timeoutOf(values.timeout);
  if (timeoutMs instanceof Error) return misused(timeoutMs.message);
  const baseUrl = values['base-url'] === undefined ? undefined : baseUrlOf(values['base-url']);
  if (baseUrl instanceof Error) return misused(baseUrl.message);
  if (values['api-key'] !== undefined && baseUrl === undefined)
    return misused("--api-key goes with --base-url: the sandbox of its own takes the scenario's api_key");
  const apiKey =
    baseUrl === undefined ? undefined : (values['api-key'] ?? (process.env.PLS_API_KEY || undefined));
  const file = positionals[0] as string;
  // Before the scenario runs, so a report that has nowhere to go is said at once.
  if (values.junit) {
    try {
      await makeFolder(dirname(values.junit));
    } catch (err) {
      return fail(`cannot write the JUnit report ${values.junit}: ${(err as Error).message}`);
    }
  }
  let scenario;
  try {
    scenario = parseScenario(await readFile(file, 'utf8'));
  } catch (err) {
    const why = err instanceof ScenarioFileError ? err.message : `cannot read it: ${(err as Error).message}`;
    return fail(`${file}: ${why}`);
  }
  let result;
  try {
    result = await runScenario(scenario, {
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(apiKey === undefined ? {} : { apiKey }),
      timeoutMs,
    });
  } catch (err) {
    if (err instanceof ScenarioFileError) return fail(`${file}: ${err.message}`);
    throw err;
  }
  await printLines(report(result));
  if (values.junit) {
    try {
      await writeFile(values.junit, junitReport(result));
    } catch (err) {
      return fail(`cannot write the JUnit report ${values.junit}: ${(err as Error).message}`);
    }
  }
  return result.ok ? 0 : 1;
}
