// `npm run lint:openapi`: the document a running sandbox serves, checked by two linters no one here
// wrote, each with its standard ruleset (redocly.yaml: recommended; .spectral.yaml: spectral:oas).
// Both run offline: their rulesets ship with them, and nothing here names a remote one.
// Either one's warning fails the check, as an error does: the bar is 0 and 0.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../core';

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const bin = (name: string): string => join('node_modules', '.bin', name);

/** Redocly exits 0 on warnings, so its JSON report is read instead of its status. */
function redocly(file: string): boolean {
  const run = spawnSync(bin('redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'json', file], {
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  let report: RedoclyReport;
  try {
    report = JSON.parse(run.stdout) as RedoclyReport;
  } catch {
    console.error(`redocly did not report (status ${run.status}):\n${run.stderr}`);
    return false;
  }
  for (const p of report.problems) {
    console.error(`redocly ${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`redocly (recommended): ${errors} errors, ${warnings} warnings`);
  return errors === 0 && warnings === 0;
}

function spectral(file: string): boolean {
  const run = spawnSync(
    bin('spectral'),
    ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file],
    { stdio: 'inherit', env },
  );
  return run.status === 0;
}

const sandbox = await startSandbox({ port: 0 });
const dir = await mkdtemp(join(tmpdir(), 'pls-openapi-'));
const file = join(dir, 'openapi.json');
let clean = false;
try {
  const res = await fetch(`${sandbox.origin}/openapi.json`);
  await writeFile(file, JSON.stringify(await res.json(), null, 2));
  const results = [redocly(file), spectral(file)];
  clean = results.every(Boolean);
} finally {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
if (!clean) console.error('The served OpenAPI document has lint problems (docs/openapi.md).');
process.exitCode = clean ? 0 : 1;
