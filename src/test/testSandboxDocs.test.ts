// docs/testing-your-app.md's test files (the own receiver, workers in workspaces, a shared sandbox),
// each run as written with node --test, in a folder standing in for the user's project whose
// `payment-links-sandbox` is this clone's.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test, type TestContext } from 'node:test';
import { startSandbox } from '../core';
import { REPO_ROOT } from './cliProcess';
import { makeTempDir } from './harness';

const run = promisify(execFile);
const DOC = 'docs/testing-your-app.md';

/** The ```ts block of a document whose first line names `file`. */
async function shownFile(doc: string, file: string): Promise<string> {
  const text = await readFile(join(REPO_ROOT, doc), 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((block) => block[1] as string);
  const found = blocks.filter((block) => block.startsWith(`// ${file}\n`));
  assert.equal(found.length, 1, `${doc} should show ${file} once`);
  return found[0] as string;
}

/** A project with this clone as its `payment-links-sandbox`, and the document's `file` in it. */
async function yourProject(t: TestContext, file: string): Promise<string> {
  const project = await makeTempDir('pls-testing-docs-');
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
  await writeFile(join(project, file), await shownFile(DOC, file));
  return project;
}

/** What `node --test file` printed (spec reporter), failing with it when the file fails. */
async function runTests(project: string, file: string, env: Record<string, string> = {}): Promise<string> {
  const tsx = import.meta.resolve('tsx');
  const { stdout } = await run(process.execPath, ['--import', tsx, '--test', '--test-reporter=spec', file], {
    cwd: project,
    timeout: 60_000,
    // Without this runner's NODE_TEST_CONTEXT, which would make the file report to it, not print.
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, ...env },
  }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${file} failed:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  });
  return stdout;
}

test("docs/testing-your-app.md: the own-receiver test file passes as written against the package's startTestSandbox", async (t) => {
  const file = 'test/webhooks.test.ts';
  const stdout = await runTests(await yourProject(t, file), file);
  assert.match(stdout, /✔ a paid webhook is verified and marks the order paid/);
  assert.match(stdout, /✔ a webhook with a bad signature is refused and changes nothing/);
  assert.match(stdout, /ℹ pass 2/);
  assert.match(stdout, /ℹ fail 0/);
});

test('docs/testing-your-app.md: the workers file passes as written, its two tests at once in two workspaces', async (t) => {
  const file = 'test/workers.test.ts';
  const stdout = await runTests(await yourProject(t, file), file);
  assert.match(stdout, /✔ an unpaid link expires the next day/);
  assert.match(stdout, /✔ a create that meets a 503 is refused, and the retry is made/);
  assert.match(stdout, /ℹ pass 2/);
  assert.match(stdout, /ℹ fail 0/);
});

test('docs/testing-your-app.md: the shared-sandbox file passes as written against a sandbox started beforehand, twice in a row', async (t) => {
  const file = 'test/shared-sandbox.test.ts';
  const project = await yourProject(t, file);
  const server = await startSandbox({ port: 0 });
  t.after(() => server.close());
  // The second run finds what the first left in the workspace, and starts it fresh all the same.
  for (const round of [1, 2]) {
    const stdout = await runTests(project, file, { PAYMENTS_BASE_URL: server.origin });
    assert.match(stdout, /✔ a paid link sends a signed webhook to this workspace/);
    assert.match(stdout, /✔ the workspace starts empty whatever an earlier run left/);
    assert.match(stdout, /ℹ pass 2/, `round ${round}`);
    assert.match(stdout, /ℹ fail 0/);
    const left = server.workspaces.get('shared_sandbox_tests');
    assert.equal(left?.data.counts().links, 1, 'close() leaves the workspace for a look in the console');
    assert.deepEqual(left?.endpoints.list(), [], 'and removes the endpoint it registered');
  }
  assert.equal(server.core.data.counts().links, 0, "the server's default workspace was not touched");
});
