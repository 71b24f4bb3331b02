// Every command docs/cli.md and docs/keyed-api.md show, run exactly as written by a shell, against
// a real sandbox: `payment-links-sandbox` is on PATH as an installed package puts it, and the
// variables the docs name (PLS_BASE_URL, SANDBOX, KEY, LINK_ID, EVENT_ID, CURSOR) are set as a
// reader would set them.
import assert from 'node:assert/strict';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_BIN, CliProcess, killLeftoverClis, REPO_ROOT } from './cliProcess';
import { createLink, eventually, KEY, makeTempDir, startTestSandbox, type TestSandbox } from './harness';
import { assertLogEntry } from './logEntryCheck';
import { WebhookReceiver } from './webhookReceiver';

/** The lines of a document's ```sh blocks: each one command. */
async function shownCommands(doc: string): Promise<string[]> {
  const text = await readFile(join(REPO_ROOT, doc === 'README.md' ? doc : join('docs', doc)), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    (block[1] as string).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')),
  );
}

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let dir: string;
let env: NodeJS.ProcessEnv;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  receiver = await WebhookReceiver.start();
  dir = await makeTempDir('pls-docs-');
  // What an installed package puts on PATH: a `payment-links-sandbox` that runs this CLI.
  await writeFile(
    join(dir, 'payment-links-sandbox'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, CLI_BIN)}" "$@"\n`,
  );
  await chmod(join(dir, 'payment-links-sandbox'), 0o755);
  await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
  const pending = await createLink(sandbox);
  const paid = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: paid.id, event: 'paid' } });
  const delivered = await sandbox.api('GET', `/sandbox/deliveries?link=${paid.id}&status=delivered&wait=30`);
  const cursor = (await sandbox.api('GET', '/sandbox/logs')).body.cursor as string;
  env = {
    PATH: `${dir}:${process.env.PATH}`,
    PLS_BASE_URL: sandbox.origin,
    PLS_API_KEY: undefined,
    SANDBOX: sandbox.origin,
    KEY,
    EVENT_ID: delivered.body.data[0].event_id,
    CURSOR: cursor,
    // cli.md cancels a pending link; keyed-api.md waits for a paid one's webhook.
    LINK_ID: pending.id,
  };
  env.PAID_LINK_ID = paid.id;
});
after(async () => {
  await killLeftoverClis();
  await receiver.stop();
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The line run by a shell in the temp folder; `exec` so that a signal reaches the command itself. */
const shell = (line: string, extra: NodeJS.ProcessEnv = {}) =>
  new CliProcess([], { ...env, ...extra }, { file: 'sh', args: ['-c', `exec ${line}`], cwd: dir });

/** Commands that run until stopped: each is stopped once it shows it is working, and must exit 0. */
async function runUntilStopped(line: string, process: CliProcess): Promise<void> {
  if (line.includes(' listen ')) {
    // With --print-json the Ready line is on stderr, stdout holding bodies alone.
    await process.waitFor(
      () => /^Ready! /m.test(process.stdout + process.stderr) || undefined,
      'listen ready',
    );
    const given = /--forward-to (\S+)/.exec(line)?.[1] ?? '';
    const url = given.includes('://') ? given : `http://${given}`;
    const listed = await sandbox.api('GET', '/sandbox/endpoints');
    assert.ok(listed.body.data.some((e: { url: string }) => e.url === url));
  } else {
    await process.waitFor(() => process.stderr.includes('Following the log of') || undefined, 'the tail');
    const link = await createLink(sandbox);
    const redirected = /> (\S+)$/.exec(line)?.[1];
    if (redirected) {
      const lines = await eventually(async () => {
        const text = await readFile(join(dir, redirected), 'utf8').catch(() => '');
        return text.includes(link.id) ? text.trim().split('\n') : undefined;
      }, `the create in ${redirected}`);
      for (const entry of lines) assertLogEntry(JSON.parse(entry));
    } else
      await process.waitFor(() => process.stdout.includes('POST /payment-links 201') || undefined, 'a line');
  }
  process.signal('SIGTERM');
  assert.deepEqual(await process.waitForExit(), { code: 0, signal: null }, process.transcript());
}

test('every command docs/cli.md shows runs as written', async () => {
  // check-endpoint's lines need a receiver of their own: cliCheckEndpoint.test.ts runs them.
  const commands = (await shownCommands('cli.md')).filter((line) => !line.includes(' check-endpoint '));
  assert.equal(commands.length, 18, commands.join('\n'));
  for (const line of commands) {
    assert.match(line, /^payment-links-sandbox /);
    const process = shell(line);
    if (/ (listen --forward-to (?!.*--print-secret)|logs tail)/.test(line))
      await runUntilStopped(line, process);
    else {
      const { code } = await process.waitForExit();
      assert.equal(code, 0, `${line}${process.transcript()}`);
      assert.notEqual(process.stdout, '', line);
    }
  }
  const endpoints = (await sandbox.api('GET', '/sandbox/endpoints')).body.data as { url: string }[];
  assert.deepEqual(
    endpoints.map((e) => e.url),
    [receiver.url],
    'listen removed its endpoint',
  );
});

test("README's commands against a running sandbox are docs/cli.md's, each run as written above", async () => {
  const documented = new Set(await shownCommands('cli.md'));
  const readme = (await shownCommands('README.md')).filter((line) =>
    line.startsWith('payment-links-sandbox '),
  );
  assert.equal(readme.length, 5, readme.join('\n'));
  assert.deepEqual(
    readme.filter((line) => !documented.has(line)),
    [],
  );
});

test('every command docs/keyed-api.md shows runs as written and gets its answer', async () => {
  const commands = await shownCommands('keyed-api.md');
  assert.equal(commands.length, 4, commands.join('\n'));
  for (const line of commands) {
    assert.match(line, /^curl /);
    const process = shell(line, { LINK_ID: env.PAID_LINK_ID });
    const { code } = await process.waitForExit();
    assert.equal(code, 0, `${line}${process.transcript()}`);
    const answer = JSON.parse(process.stdout);
    assert.equal(answer.error, undefined, `${line}: ${process.stdout}`);
    if (line.includes('/sandbox/deliveries')) assert.equal(answer.data.length, 1);
    if (line.includes('/sandbox/logs')) for (const entry of answer.data) assertLogEntry(entry);
  }
});
