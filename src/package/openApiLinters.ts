// The two linters `npm run lint:openapi` runs on the served document, each with its standard
// ruleset (redocly.yaml: recommended; .spectral.yaml: spectral:oas). Both run offline: their
// rulesets ship with them, and nothing here names a remote one. A warning fails as an error
// does: the bar is 0 and 0.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

export interface LintResult {
  clean: boolean;
  /** One line per problem, and a last line with the totals. */
  report: string[];
}

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const bin = (root: string, name: string): string => join(root, 'node_modules', '.bin', name);

/** Redocly exits 0 on warnings, so its JSON report is read instead of its status. */
export function lintWithRedocly(file: string, root = '.'): LintResult {
  const run = spawnSync(
    bin(root, 'redocly'),
    ['lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', file],
    { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 },
  );
  let parsed: RedoclyReport;
  try {
    parsed = JSON.parse(run.stdout) as RedoclyReport;
  } catch {
    return { clean: false, report: [`redocly did not report (status ${run.status}): ${run.stderr}`] };
  }
  const { errors, warnings } = parsed.totals;
  return {
    clean: errors === 0 && warnings === 0,
    report: [
      ...parsed.problems.map(
        (p) => `redocly ${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
      ),
      `redocly (recommended): ${errors} errors, ${warnings} warnings`,
    ],
  };
}

export function lintWithSpectral(file: string, root = '.'): LintResult {
  const run = spawnSync(
    bin(root, 'spectral'),
    ['lint', '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'warn', '--format', 'text', file],
    { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 },
  );
  const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
  return { clean: run.status === 0, report: [...lines, `spectral (spectral:oas): status ${run.status}`] };
}
