// `npm run lint:openapi`: the document a running sandbox serves, checked by two linters no one here
// wrote, each with its standard ruleset (redocly.yaml: recommended; .spectral.yaml: spectral:oas).
// Both run offline: their rulesets ship with them, and nothing here names a remote one.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../core';

const sandbox = await startSandbox({ port: 0 });
const dir = await mkdtemp(join(tmpdir(), 'pls-openapi-'));
const file = join(dir, 'openapi.json');
let failed = false;
try {
  const res = await fetch(`${sandbox.origin}/openapi.json`);
  await writeFile(file, JSON.stringify(await res.json(), null, 2));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const runs: [string, string[]][] = [
    ['redocly', ['lint', '--config', 'redocly.yaml', '--max-problems', '200', file]],
    ['spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file]],
  ];
  for (const [bin, args] of runs) {
    const run = spawnSync(join('node_modules', '.bin', bin), args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`${bin} found problems in the served OpenAPI document (status ${run.status}).`);
      failed = true;
    }
  }
} finally {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
