import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { junitReport } from '../core/scenarios/junitReport';
import { runScenario, type ScenarioResult } from '../core/scenarios/runScenario';
import { parseScenario, ScenarioFileError } from '../core/scenarios/scenarioFile';

export const RUN_USAGE = `Usage: payment-links-sandbox run FILE [--junit OUT.xml]

Replays a scenario (exported from the console's Requests screen, or written by hand; see
docs/scenarios.md) against a fresh in-memory sandbox and compares each answer with the expected
one: status, error code, and every field but ids and times. Exits 0 when all steps match, 1 with
a diff when one does not, 2 when the file cannot be read.

Options:
  --junit FILE   also write the result as JUnit XML
  --help         show this help`;

function report(result: ScenarioResult): string[] {
  const lines = [`Scenario "${result.name}": ${result.steps.length} steps`];
  for (const step of result.steps) {
    lines.push(`  ${step.ok ? '✓' : '✗'} ${step.title}`);
    for (const line of step.diff) lines.push(`      ${line}`);
  }
  const passed = result.steps.filter((s) => s.ok).length;
  lines.push(
    result.ok
      ? `All ${passed} steps matched.`
      : `${result.steps.length - passed} of ${result.steps.length} steps differ.`,
  );
  return lines;
}

/** `payment-links-sandbox run FILE`: a tester's recorded session as a CI check. */
export async function run(argv: string[]): Promise<number> {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { junit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    console.error(`payment-links-sandbox run: ${(err as Error).message.split('\n')[0]} (see --help)`);
    return 2;
  }
  if (values.help) {
    console.log(RUN_USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error('payment-links-sandbox run: give exactly one scenario file (see --help)');
    return 2;
  }
  const file = positionals[0] as string;
  let scenario;
  try {
    scenario = parseScenario(await readFile(file, 'utf8'));
  } catch (err) {
    const why = err instanceof ScenarioFileError ? err.message : `cannot read it: ${(err as Error).message}`;
    console.error(`payment-links-sandbox run: ${file}: ${why}`);
    return 2;
  }
  const result = await runScenario(scenario);
  for (const line of report(result)) console.log(line);
  if (values.junit) await writeFile(values.junit, junitReport(result));
  return result.ok ? 0 : 1;
}
