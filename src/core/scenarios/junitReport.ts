import { junitXml } from '../junitXml';
import type { ScenarioResult } from './runScenario';

/** A scenario's result as JUnit XML, which CI systems show as one test per step. */
export const junitReport = (result: ScenarioResult): string =>
  junitXml(
    result.name,
    result.steps.map((step) => ({
      name: step.title,
      duration_ms: step.duration_ms,
      ...(step.left_out !== undefined
        ? { skipped: `left out: ${step.left_out}` }
        : step.ok
          ? {}
          : { failure: { message: step.diff[0] ?? 'failed', details: step.diff.join('\n') } }),
    })),
  );
