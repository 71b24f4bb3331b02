// docs/testing-your-app.md's "Your own receiver" test file, run as written with node --test, in a
// folder standing in for the user's project whose `payment-links-sandbox` is this clone's.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { REPO_ROOT } from './cliProcess';
import { makeTempDir } from './harness';

const run = promisify(execFile);
const NAME = 'test/webhooks.test.ts';

/** The ```ts block of a document whose first line names `file`. */
async function shownFile(doc: string, file: string): Promise<string> {
  const text = await readFile(join(REPO_ROOT, doc), 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((block) => block[1] as string);
  const found = blocks.filter((block) => block.startsWith(`// ${file}\n`));
  assert.equal(found.length, 1, `${doc} should show ${file} once`);
  return found[0] as string;
}

test("docs/testing-your-app.md: the own-receiver test file passes as written against the package's startTestSandbox", async (t) => {
  const project = await makeTempDir('pls-own-receiver-');
  t.after(() => rm(project, { recursive: true, force: true }));
  const installed = join(project, 'node_modules/payment-links-sandbox');
  await mkdir(installed, { recursive: true });
  await mkdir(join(project, 'test'));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'your-app', type: 'module' }));
  await writeFile(
    join(installed, 'package.json'),
    JSON.stringify({ name: 'payment-links-sandbox', type: 'module', exports: './index.js' }),
  );
  const entry = pathToFileURL(join(REPO_ROOT, 'src/core/index.ts')).href;
  await writeFile(join(installed, 'index.js'), `export * from ${JSON.stringify(entry)};\n`);
  await writeFile(join(project, NAME), await shownFile('docs/testing-your-app.md', NAME));

  const tsx = import.meta.resolve('tsx');
  const { stdout } = await run(process.execPath, ['--import', tsx, '--test', '--test-reporter=spec', NAME], {
    cwd: project,
    timeout: 60_000,
    // Without this runner's NODE_TEST_CONTEXT, which would make the file report to it, not print.
    env: { ...process.env, NODE_TEST_CONTEXT: undefined },
  }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${NAME} failed:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  });
  assert.match(stdout, /✔ a paid webhook is verified and marks the order paid/);
  assert.match(stdout, /✔ a webhook with a bad signature is refused and changes nothing/);
  assert.match(stdout, /ℹ pass 2/);
  assert.match(stdout, /ℹ fail 0/);
});
