// `npm run lint:openapi`: the document a running sandbox serves, checked by two linters no one
// here wrote (openApiLinters.ts), each with its standard ruleset.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../core';
import { lintWithRedocly, lintWithSpectral } from './openApiLinters';

const sandbox = await startSandbox({ port: 0 });
const dir = await mkdtemp(join(tmpdir(), 'pls-openapi-'));
const file = join(dir, 'openapi.json');
let clean = false;
try {
  const res = await fetch(`${sandbox.origin}/openapi.json`);
  await writeFile(file, JSON.stringify(await res.json(), null, 2));
  const results = [lintWithRedocly(file), lintWithSpectral(file)];
  for (const { report } of results) console.log(report.join('\n'));
  clean = results.every((r) => r.clean);
} finally {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
if (!clean) console.error('The served OpenAPI document has lint problems (docs/openapi.md).');
process.exitCode = clean ? 0 : 1;
