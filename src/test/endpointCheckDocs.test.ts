// docs/endpoint-check.md: its commands run exactly as written by a shell against a real sandbox and
// a real receiver, and its table of probes names the probes a check runs, in their order.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT } from './cliProcess';
import { KEY, startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

const DOC = join(REPO_ROOT, 'docs', 'endpoint-check.md');

let sandbox: TestSandbox;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await sandbox.stop();
});

const run = async (line: string, env: Record<string, string>) =>
  JSON.parse((await promisify(execFile)('sh', ['-c', line], { env: { ...process.env, ...env } })).stdout);

test('the commands docs/endpoint-check.md shows start a check and read it, as written', async () => {
  const text = await readFile(DOC, 'utf8');
  const lines = [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    // The check-endpoint lines ("From the command line") are cliCheckEndpoint.test.ts's to run.
    (block[1] as string)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.includes(' check-endpoint ')),
  );
  assert.equal(lines.length, 2, lines.join('\n'));
  const env = {
    SANDBOX: sandbox.origin,
    KEY,
    WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
    WEBHOOK_SECRET: SECRET,
  };
  const started = await run(lines[0] as string, env);
  assert.equal(started.data.status, 'running', JSON.stringify(started));
  assert.equal(started.data.url, env.WEBHOOK_URL);
  // ?wait=60: the one read answers once the check is done, with no polling.
  const read = await run(lines[1] as string, { ...env, CHECK_ID: started.data.id });
  assert.equal(read.data.status, 'done', JSON.stringify(read.data.progress));
  assert.equal(read.data.id, started.data.id);
  // A receiver that takes anything: the four refusal probes fail, the rest pass.
  assert.deepEqual(read.data.counts, { pass: 7, fail: 4, warn: 0 });
  const table = [...text.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]);
  assert.deepEqual(
    table,
    read.data.probes.map((p: { name: string }) => p.name),
  );
});
