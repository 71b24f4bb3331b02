import type { ScenarioResult } from './runScenario';

const escape = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** A scenario's result as JUnit XML, which CI systems show as one test per step. */
export function junitReport(result: ScenarioResult): string {
  const failures = result.steps.filter((s) => !s.ok).length;
  const skipped = result.steps.filter((s) => s.left_out !== undefined).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = result.steps.reduce((sum, s) => sum + s.duration_ms, 0);
  const cases = result.steps.map((step) => {
    const open = `    <testcase classname="${escape(result.name)}" name="${escape(step.title)}" time="${seconds(step.duration_ms)}"`;
    if (step.left_out !== undefined)
      return `${open}>\n      <skipped message="${escape(`left out: ${step.left_out}`)}"/>\n    </testcase>`;
    if (step.ok) return `${open}/>`;
    const message = escape(step.diff[0] ?? 'failed');
    return `${open}>\n      <failure message="${message}">${escape(step.diff.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${result.steps.length}" failures="${failures}" time="${seconds(total)}">`,
    `  <testsuite name="${escape(result.name)}" tests="${result.steps.length}" failures="${failures}" skipped="${skipped}" time="${seconds(total)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
