// docs/ci.md, "Parallel workers, one sandbox": each command it shows, run as written by a shell in
// its example's folder, against a real sandbox, as a team's CI would run it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { CliProcess, killLeftoverClis, REPO_ROOT } from './cliProcess';
import { startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
let commands: string[] = [];
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  const doc = await readFile(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
  const start = doc.indexOf('## Parallel workers, one sandbox');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  commands = [...section.matchAll(/```sh\n(.+)\n```/g)].map((block) => block[1] as string);
});
after(async () => {
  await killLeftoverClis();
  await sandbox.stop();
});

/** Where each command runs, by the program it starts. */
const FOLDERS: Record<string, string> = { python3: 'python', go: 'go', node: 'node', php: 'php' };

async function runShown(program: string): Promise<CliProcess> {
  const command = commands.find((line) => line.startsWith(`${program} `));
  assert.ok(command, `docs/ci.md shows a ${program} command: ${commands.join(' | ')}`);
  const run = new CliProcess(
    [],
    // NODE_TEST_CONTEXT is node:test's word to its own children: the example's `node --test` is none.
    { PAYMENTS_BASE_URL: sandbox.origin, NODE_TEST_CONTEXT: undefined },
    {
      file: 'sh',
      args: ['-c', command],
      cwd: join(REPO_ROOT, 'docs', 'examples', FOLDERS[program] as string),
    },
  );
  const { code } = await run.waitForExit(120_000);
  assert.equal(code, 0, `${command}${run.transcript()}`);
  return run;
}

const workspaceNames = async (): Promise<string[]> =>
  ((await sandbox.api('GET', '/sandbox/workspaces?per_page=1000')).body.data as { name: string }[]).map(
    (w) => w.name,
  );

test('the section shows one command per language, and nothing else', () => {
  assert.deepEqual(commands, [
    'python3 parallel_workers.py',
    'go test -count=1 -run TestParallelWorkers -v ./...',
    'node --test --test-concurrency=4',
    'php parallel_workers.php',
  ]);
});

test("Python: four workers with multiprocessing, one sandbox, none sees another's", async () => {
  const run = await runShown('python3');
  assert.match(run.stdout, /^4 workers, 3 rounds each: none saw another's link, webhook, clock or fault\.$/m);
  const names = await workspaceNames();
  for (const n of [0, 1, 2, 3]) assert.ok(names.includes(`worker_${n}`), names.join(', '));
  assert.equal((await sandbox.api('GET', '/payment-links')).body.data.length, 0, 'default saw none of it');
});

/** Whether the program is on PATH; a test it needs is skipped, saying why, when not. */
const onPath = async (program: string): Promise<boolean> =>
  promisify(execFile)('sh', ['-c', `command -v ${program}`]).then(
    () => true,
    () => false,
  );

test("Go: four subtests under t.Parallel(), one sandbox, none sees another's", async (t) => {
  if (!(await onPath('go'))) {
    t.skip("go is not on PATH here: Debian's golang-go runs this example (.ci/run installs it)");
    return;
  }
  const run = await runShown('go');
  for (const n of [0, 1, 2, 3])
    assert.match(run.stdout, new RegExp(`--- PASS: TestParallelWorkers/worker_${n}`));
  const names = await workspaceNames();
  for (const n of [0, 1, 2, 3]) assert.ok(names.includes(`go_${n}`), names.join(', '));
});

test("Node: four test files, four processes with --test-concurrency, one sandbox, none sees another's", async () => {
  const before = await workspaceNames();
  const run = await runShown('node');
  assert.match(run.stdout, /^# pass 4$/m);
  const made = (await workspaceNames()).filter((name) => name.startsWith('node_') && !before.includes(name));
  assert.equal(made.length, 4, `one workspace per process: ${made.join(', ')}`);
});

test("PHP: four processes started with proc_open, one sandbox, none sees another's", async (t) => {
  if (!(await onPath('php'))) {
    t.skip("php is not on PATH here: Debian's php-cli runs this example (.ci/run installs it)");
    return;
  }
  const run = await runShown('php');
  assert.match(run.stdout, /^4 workers, 3 rounds each: none saw another's link, webhook, clock or fault\.$/m);
  const names = await workspaceNames();
  for (const n of [0, 1, 2, 3]) assert.ok(names.includes(`php_${n}`), names.join(', '));
});
