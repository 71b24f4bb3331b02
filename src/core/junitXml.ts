/** One test case of a JUnit report: passed, failed (message, then details) or skipped. */
export interface JunitCase {
  name: string;
  duration_ms: number;
  failure?: { message: string; details: string };
  skipped?: string;
}

const escape = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/**
 * One suite as JUnit XML, which CI systems show as one test per case: the one writer behind
 * `run --junit` (a scenario's steps) and `check-endpoint --junit` (a check's probes).
 */
export function junitXml(suite: string, cases: JunitCase[]): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = cases.reduce((sum, c) => sum + c.duration_ms, 0);
  const lines = cases.map((c) => {
    const open = `    <testcase classname="${escape(suite)}" name="${escape(c.name)}" time="${seconds(c.duration_ms)}"`;
    if (c.skipped !== undefined)
      return `${open}>\n      <skipped message="${escape(c.skipped)}"/>\n    </testcase>`;
    if (c.failure === undefined) return `${open}/>`;
    return `${open}>\n      <failure message="${escape(c.failure.message)}">${escape(c.failure.details)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${cases.length}" failures="${failures}" time="${seconds(total)}">`,
    `  <testsuite name="${escape(suite)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds(total)}">`,
    ...lines,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
