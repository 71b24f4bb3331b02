// docs/ci.md, "Parallel workers, one sandbox": the command it shows, run as written by a shell in
// docs/examples/python, against a real sandbox, as a Python team's CI would run it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CliProcess, killLeftoverClis, REPO_ROOT } from './cliProcess';
import { startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox | undefined;
after(async () => {
  await killLeftoverClis();
  await sandbox?.stop();
});

test("docs/ci.md's parallel workers run as written: four workers, one sandbox, none sees another's", async () => {
  const doc = await readFile(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Parallel workers, one sandbox'));
  const command = /```sh\n(.+)\n```/.exec(section)?.[1];
  assert.equal(command, 'python3 parallel_workers.py');
  sandbox = await startTestSandbox({ inMemory: true });
  const run = new CliProcess(
    [],
    { PAYMENTS_BASE_URL: sandbox.origin },
    { file: 'sh', args: ['-c', command as string], cwd: join(REPO_ROOT, 'docs', 'examples', 'python') },
  );
  const { code } = await run.waitForExit(60_000);
  assert.equal(code, 0, run.transcript());
  assert.match(run.stdout, /^4 workers, 3 rounds each: none saw another's link, webhook, clock or fault\.$/m);
  const workspaces = (await sandbox.api('GET', '/sandbox/workspaces')).body.data as { name: string }[];
  assert.deepEqual(workspaces.map((w) => w.name).sort(), [
    'default',
    'worker_0',
    'worker_1',
    'worker_2',
    'worker_3',
  ]);
  assert.equal((await sandbox.api('GET', '/payment-links')).body.data.length, 0, 'default saw none of it');
});
