// A command that runs until stopped stops as on Ctrl-C when whoever started it has gone (issue 31,
// item 7): its stdin, a pipe, reaches its end, or its stdout's reader goes (EPIPE). listen then
// removes the endpoint it registered. A stdin of /dev/null (what a shell gives `listen … &` in a
// script) never stops it. Real CLI children with real pipes, a real sandbox.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, test } from 'node:test';
import { http, killLeftoverClis, LINK_BODY, spawnCli, type CliProcess } from './cliProcess';
import { fileSandbox, makeTempDir, sleep } from './harness';

const sandbox = fileSandbox();
after(killLeftoverClis);

const env = { PLS_BASE_URL: undefined, PLS_HOST: undefined, PLS_PORT: undefined, PLS_API_KEY: undefined };
const endpointAt = async (url: string) =>
  (await sandbox.api('GET', '/sandbox/endpoints')).body.data.find((e: { url: string }) => e.url === url) as
    { id: string } | undefined;

/** `listen` forwarding to a URL of its own, once it says it is ready; with a stdin pipe when asked. */
async function readyListen(name: string, stdin: 'ignore' | 'pipe' = 'ignore') {
  const url = `http://127.0.0.1:9/${name}`;
  const listen = spawnCli(
    ['listen', '--forward-to', url, '--base-url', sandbox.origin],
    env,
    undefined,
    stdin,
  );
  await listen.waitFor(
    () => /^Ready! /m.test(listen.stdout + listen.stderr) || undefined,
    'listen to be ready',
  );
  const endpoint = await endpointAt(url);
  assert.ok(endpoint, 'listen made its endpoint');
  return { listen, url, endpoint };
}

async function tail(stdin: 'ignore' | 'pipe' = 'ignore'): Promise<CliProcess> {
  const process = spawnCli(['logs', 'tail', '--base-url', sandbox.origin], env, undefined, stdin);
  await process.waitFor(() => process.stderr.includes('Following the log of') || undefined, 'the tail');
  return process;
}

test('listen whose stdin pipe ends removes its endpoint and exits 0, as on Ctrl-C', async () => {
  const { listen, url, endpoint } = await readyListen('stdin-ends', 'pipe');
  listen.child.stdin?.end();
  assert.deepEqual(await listen.waitForExit(), { code: 0, signal: null }, listen.transcript());
  assert.match(listen.stdout, new RegExp(`Removed endpoint ${endpoint.id}\\.`));
  assert.equal(await endpointAt(url), undefined, 'its endpoint is gone');
});

test('listen whose stdout reader goes, with nothing written since, removes its endpoint and exits 0', async () => {
  const { listen, url } = await readyListen('stdout-goes');
  // No delivery comes: it must hear its reader go without writing a line.
  listen.child.stdout?.destroy();
  assert.deepEqual(await listen.waitForExit(), { code: 0, signal: null }, listen.transcript());
  assert.equal(await endpointAt(url), undefined, 'its endpoint is gone');
});

test('listen with stdin /dev/null, as `listen … &` in a script has it, keeps running until stopped', async () => {
  const { listen, url } = await readyListen('in-background');
  // /dev/null is at its end at once: had it counted, listen would be gone by now.
  await sleep(1500);
  assert.equal(listen.exitStatus, null, listen.transcript());
  assert.ok(await endpointAt(url));
  listen.signal('SIGINT');
  assert.equal((await listen.waitForExit()).code, 0);
  assert.equal(await endpointAt(url), undefined);
});

test('logs tail stops (exit 0) when its stdin pipe ends, or its stdout reader goes while nothing comes', async () => {
  const piped = await tail('pipe');
  piped.child.stdin?.end();
  assert.deepEqual(await piped.waitForExit(), { code: 0, signal: null }, piped.transcript());

  const unread = await tail();
  unread.child.stdout?.destroy();
  assert.deepEqual(await unread.waitForExit(), { code: 0, signal: null }, unread.transcript());
  const quiet = await tail();
  await sleep(1000);
  assert.equal(quiet.exitStatus, null, 'a stdin of /dev/null does not stop it');
  quiet.signal('SIGTERM');
  assert.equal((await quiet.waitForExit()).code, 0);
});

test('serve shuts down cleanly (exit 0, its data folder free again) when its stdin pipe ends, or a log line meets a reader gone', async () => {
  const dir = await makeTempDir('pls-stopping-');
  try {
    const start = async (stdin: 'ignore' | 'pipe') => {
      const serve = spawnCli(['serve', '--port', '0', '--data', dir], env, undefined, stdin);
      return { serve, origin: await serve.waitForOrigin() };
    };
    const piped = await start('pipe');
    piped.serve.child.stdin?.end();
    assert.deepEqual(await piped.serve.waitForExit(), { code: 0, signal: null }, piped.serve.transcript());

    const logged = await start('ignore');
    logged.serve.child.stdout?.destroy();
    // serve's stdout is its request log: the next line written meets the EPIPE.
    // It may answer, or be closing already: either way, it has a line to write.
    await http(logged.origin, 'POST', '/payment-links', { body: LINK_BODY }).catch(() => undefined);
    assert.deepEqual(await logged.serve.waitForExit(), { code: 0, signal: null }, logged.serve.transcript());
    // The lock was let go: the same data folder opens again at once.
    const again = await start('ignore');
    again.serve.signal('SIGTERM');
    assert.equal((await again.serve.waitForExit()).code, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
