// Folders the file system will not make (issue 28): under /proc a mkdir answers ENOENT though the
// parent exists, where Node's recursive mkdir retried for ever at full CPU and the command never
// exited, not even on SIGTERM. Each command now says which folder in one line and exits.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { killLeftoverClis, runCli } from './cliProcess';
import { makeTempDir, TEST_SECRET as SECRET, writeScenario } from './harness';

/** Long enough for a first launch on a busy machine; a command that spins never gets there. */
const EXITS_WITHIN_MS = 15_000;
const linux = { skip: process.platform !== 'linux' && 'needs /proc' };

let receiver: Server;
let dir: string;
before(async () => {
  dir = await makeTempDir('pls-folders-');
  receiver = createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await killLeftoverClis();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `stderr must be one line:\n${stderr}`);
  return lines[0] as string;
}

for (const data of ['/proc/x', '/proc/nope/x']) {
  test(`serve --data ${data}: one line naming the folder, exit 1`, linux, async () => {
    const result = await runCli(['serve', '--port', '0', '--data', data], EXITS_WITHIN_MS);
    assert.equal(result.code, 1, result.cli.transcript());
    assert.doesNotMatch(result.stdout, /listening on/);
    const line = oneLine(result.stderr);
    assert.ok(line.startsWith(`payment-links-sandbox: ${data}: cannot be created`), line);
    assert.match(line, /ENOENT/);
    if (data === '/proc/nope/x') assert.match(line, /\/proc\/nope cannot be made/);
  });
}

test(
  'check-endpoint --junit /proc/nope/x.xml: one line naming the report, exit 2, before any probe',
  linux,
  async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    const result = await runCli(
      ['check-endpoint', url, '--secret', SECRET, '--junit', '/proc/nope/x.xml'],
      EXITS_WITHIN_MS,
    );
    assert.equal(result.code, 2, result.cli.transcript());
    assert.equal(result.stdout, '', 'no probe ran');
    assert.match(
      oneLine(result.stderr),
      /cannot write the JUnit report \/proc\/nope\/x\.xml: ENOENT.*'\/proc\/nope'/,
    );
  },
);

test(
  'run --junit /proc/nope/x.xml: one line naming the report, exit 2, before the scenario runs',
  linux,
  async () => {
    const scenario = await writeScenario(dir, 'one.scenario', {
      steps: [{ create: { amount: 50000, title: 'Mug' }, expect: { status: 201 } }],
    });
    const result = await runCli(['run', scenario, '--junit', '/proc/nope/x.xml'], EXITS_WITHIN_MS);
    assert.equal(result.code, 2, result.cli.transcript());
    assert.equal(result.stdout, '', 'the scenario did not run');
    assert.match(
      oneLine(result.stderr),
      /cannot write the JUnit report \/proc\/nope\/x\.xml: ENOENT.*'\/proc\/nope'/,
    );
  },
);

test('compare --update with a golden under /proc/nope: one line naming it, exit 2', linux, async () => {
  const recording = join(dir, 'empty.golden.ndjson');
  await writeFile(recording, '{"format":"payment-links-sandbox/golden","version":1}\n');
  const result = await runCli(['compare', '/proc/nope/g.ndjson', recording, '--update'], EXITS_WITHIN_MS);
  assert.equal(result.code, 2, result.cli.transcript());
  assert.match(oneLine(result.stderr), /cannot write \/proc\/nope\/g\.ndjson: ENOENT.*'\/proc\/nope'/);
});
