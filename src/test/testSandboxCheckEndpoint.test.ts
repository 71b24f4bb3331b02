// sandbox.checkEndpoint (docs/testing-your-app.md): a developer's test grades their receiver — the
// Express example (a correct one) passes every probe; one that takes anything fails the signature
// and timestamp probes; bad calls say what to give.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startTestSandbox } from '../core/testing/testSandbox';
import { CliProcess, REPO_ROOT } from './cliProcess';
import { TEST_SECRET as SECRET } from './harness';

async function expressReceiver(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = new CliProcess(
    [],
    { WEBHOOK_SECRET: SECRET, PORT: '0' },
    {
      file: process.execPath,
      args: [join(REPO_ROOT, 'docs/examples/receivers/express.mjs')],
    },
  );
  const origin = await child.waitFor(
    () => /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(child.stdout)?.[1],
    'the Express receiver listening',
  );
  return { url: `${origin}/webhooks`, stop: () => child.forceKill() };
}

async function acceptsAnything(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server };
}

test('your own endpoint, checked with its secret: the Express example passes every probe', async () => {
  const receiver = await expressReceiver();
  after(() => receiver.stop());
  const sandbox = await startTestSandbox({ webhookUrl: receiver.url, webhookSecret: SECRET });
  after(() => sandbox.close());
  const report = await sandbox.checkEndpoint();
  assert.equal(report.status, 'done');
  assert.deepEqual(
    report.probes.filter((probe) => probe.status === 'fail').map((probe) => `${probe.name}: ${probe.reason}`),
    [],
  );
  assert.notEqual(report.result, 'fail');
  assert.equal(report.url, receiver.url);
  assert.equal(report.progress.done, report.progress.total);
});

test('another URL with its secret: a receiver that takes anything fails the signature and timestamp probes', async () => {
  const { url, server } = await acceptsAnything();
  after(() => server.close());
  const sandbox = await startTestSandbox();
  after(() => sandbox.close());
  const report = await sandbox.checkEndpoint(url, { secret: SECRET });
  assert.equal(report.result, 'fail');
  assert.deepEqual(
    report.probes.filter((probe) => probe.status === 'fail').map((probe) => probe.name),
    ['wrong_signature', 'missing_signature', 'stale_timestamp', 'future_timestamp'],
  );
  const wrong = report.probes.find((probe) => probe.name === 'wrong_signature');
  assert.ok(wrong?.fix, 'a failed probe says how to fix it');
  assert.equal(wrong?.exchanges[0]?.response?.status, 204);
});

test('checkEndpoint says what to give: no URL without webhookUrl, no secret for another URL, a bad URL', async () => {
  const sandbox = await startTestSandbox();
  after(() => sandbox.close());
  await assert.rejects(sandbox.checkEndpoint(), /give the URL to check .*webhookUrl/);
  await assert.rejects(sandbox.checkEndpoint('http://127.0.0.1:9/hooks'), /give \{ secret \}/);
  await assert.rejects(sandbox.checkEndpoint('ftp://example.test/hooks', { secret: SECRET }), /http/);
});
