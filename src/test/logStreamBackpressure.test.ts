// `logs tail --json` and `listen` whose output is not read (issue 28: `logs tail --json | sleep 45`
// grew from 88 to 215 MB in 30 s). Each stops reading the log stream while stdout's reader is
// behind, so its memory stays flat and the sandbox's bound for a client that does not read (4 MiB,
// docs/keyed-api.md) cuts the stream off; once the output is read again, or its reader exits
// without reading (`| sleep 45` once the 45 s are up), it says so and exits 1. A reader that has had
// enough (`| head`) ends it with exit 0. Real CLI children, a real sandbox, real pipes nobody reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { after, test } from 'node:test';
import type { KeptEntry } from '../core/sandboxLog';
import { killLeftoverClis, spawnCli, type CliProcess } from './cliProcess';
import { createLink, eventually, KEY, fileSandbox } from './harness';
import { fileReceiver } from './receiverSandbox';

const sandbox = fileSandbox();
const receiver = fileReceiver();
after(killLeftoverClis);

const MIB = 1024 * 1024;
const rss = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/**
 * Runs the CLI with a stdout nobody reads (until `resume`) and returns it with its log stream: the
 * first connection it opens, seen from the sandbox's side, once `started` holds.
 */
async function unreadCli(args: string[], started: (cli: CliProcess) => Promise<unknown>) {
  const connections: Socket[] = [];
  const onConnection = (socket: Socket) => connections.push(socket);
  sandbox.app.server.on('connection', onConnection);
  const cli = spawnCli(args, { PLS_BASE_URL: sandbox.origin, PLS_API_KEY: undefined });
  cli.child.stdout?.pause();
  await started(cli);
  sandbox.app.server.off('connection', onConnection);
  return { cli, stream: connections[0] as Socket };
}

/**
 * Logs 64 MiB of entries (each refused create with its 60 KB body): sixteen times what the sandbox
 * holds for a client, far past what the sockets buffer; the traffic goes on after the cut, and the
 * CLI's memory must not notice. Returns its peak RSS and how much was logged when the stream was cut.
 */
async function flood(cli: CliProcess, stream: Socket) {
  let logged = 0;
  const count = (kept: KeptEntry) => (logged += kept.json.length);
  sandbox.core.log.added.on('entry', count);
  const body = JSON.stringify({ amount: 100, title: 't'.repeat(60_000) });
  const start = rss(cli.pid);
  let peak = start;
  let cutAt: number | undefined;
  while (logged < 64 * MIB) {
    await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${sandbox.origin}/payment-links`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body,
        }).then((answer) => answer.text()),
      ),
    );
    peak = Math.max(peak, rss(cli.pid));
    if (stream.destroyed) cutAt ??= logged;
  }
  sandbox.core.log.added.off('entry', count);
  console.log(
    `${cli.args[0]} RSS: ${(start / MIB).toFixed(0)} MiB at the start, at most ${(peak / MIB).toFixed(0)} MiB while ${(logged / MIB).toFixed(0)} MiB were logged (cut off after ${((cutAt ?? NaN) / MIB).toFixed(1)} MiB)`,
  );
  assert.ok(
    stream.destroyed,
    `the sandbox never cut the stream off (${(logged / MIB).toFixed(0)} MiB logged)`,
  );
  assert.ok(peak < 150 * MIB, `the CLI's RSS reached ${(peak / MIB).toFixed(0)} MiB`);
  assert.equal(cli.exitStatus, null, 'the CLI waits for its reader');
}

const CUT_OFF =
  "the sandbox at http://127\\.0\\.0\\.1:\\d+ cut the log stream off: this command's output was read too slowly, so more than 4 MiB of entries waited for it; entries after the cut were not printed";

test('logs tail --json with an unread stdout stays small, is cut off by the sandbox, and says so (exit 1)', async () => {
  const { cli: tail, stream } = await unreadCli(['logs', 'tail', '--json'], (cli) =>
    cli.waitFor(() => cli.stderr.includes('Following the log of') || undefined, 'the tail to start'),
  );
  await flood(tail, stream);

  tail.child.stdout?.resume();
  const { code } = await tail.waitForExit();
  assert.equal(code, 1, tail.transcript());
  assert.match(tail.stderr, new RegExp(`^payment-links-sandbox logs: ${CUT_OFF}$`, 'm'));
  // What it printed before the cut is whole NDJSON.
  const lines = tail.stdoutLines();
  assert.ok(lines.length > 0);
  for (const line of lines) assert.equal(JSON.parse(line).type, 'api_request');
});

/** Pays a new link: a delivery to each endpoint, and a line for each listen. */
async function payLink() {
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
}

/** Pays `count` links and waits for their deliveries: one line each for a listen, to fill its stdout. */
async function fillStdout(count: number) {
  const before = receiver.requests.length;
  for (let i = 0; i < count; i++) await payLink();
  await eventually(
    async () => (receiver.requests.length >= before + count ? true : undefined),
    `the ${count} deliveries to arrive`,
    500,
  );
}

/** `listen` forwarding to url, its stdout unread and flooded until it is held back; its endpoint, and a way to look it up again. */
async function floodedListen(url: string) {
  const endpointOf = async () =>
    (await sandbox.api('GET', '/sandbox/endpoints')).body.data.find((e: { url: string }) => e.url === url);
  const { cli: listen, stream } = await unreadCli(['listen', '--forward-to', url], () =>
    eventually(endpointOf, 'listen to make its endpoint', 500),
  );
  const endpoint = await endpointOf();
  await fillStdout(100);
  await flood(listen, stream);
  return { listen, endpoint, endpointOf };
}

test('listen with an unread stdout is held back the same way; cut off, it removes its endpoint and exits 1', async () => {
  // A long URL makes each attempt's line 2 KB, so a few dozen fill the pipe and hold listen back.
  const url = `${receiver.url}?pad=${'p'.repeat(1900)}`;
  const { listen, endpoint, endpointOf } = await floodedListen(url);

  listen.child.stdout?.resume();
  const { code } = await listen.waitForExit();
  assert.equal(code, 1, listen.transcript());
  assert.match(
    listen.stderr,
    new RegExp(`^payment-links-sandbox listen: ${CUT_OFF}; removed endpoint ${endpoint.id}$`, 'm'),
  );
  assert.equal(await endpointOf(), undefined, 'its endpoint is gone');
  assert.ok(listen.stdoutLines().some((line) => line.includes(' webhook payment_link.paid ')));
});

/**
 * Closes the CLI's stdout pipe from the reading end without reading what is in it, as a reader
 * that exits does (`| sleep 45` once the 45 s are up), and returns the CLI's exit status and its
 * peak RSS until then.
 */
async function closeUnread(cli: CliProcess) {
  let peak = rss(cli.pid);
  // An exited child that is not yet reaped has no RSS (NaN): it has no say in the peak.
  const sampling = setInterval(() => {
    if (!cli.exitStatus) peak = Math.max(peak, rss(cli.pid) || 0);
  }, 20);
  cli.child.stdout?.destroy();
  const gone = Date.now();
  try {
    const status = await cli.waitForExit();
    console.log(
      `${cli.args[0]} exited ${Date.now() - gone} ms after its reader went, its RSS at most ${(peak / MIB).toFixed(0)} MiB until then`,
    );
    return { ...status, peak };
  } finally {
    clearInterval(sampling);
  }
}

test('logs tail --json | sleep 45: cut off while its reader slept, it says so once the reader exits (exit 1)', async () => {
  const { cli: tail, stream } = await unreadCli(['logs', 'tail', '--json'], (cli) =>
    cli.waitFor(() => cli.stderr.includes('Following the log of') || undefined, 'the tail to start'),
  );
  await flood(tail, stream);

  const { code, peak } = await closeUnread(tail);
  assert.equal(code, 1, tail.transcript());
  assert.match(tail.stderr, new RegExp(`^payment-links-sandbox logs: ${CUT_OFF}$`, 'm'));
  assert.ok(peak < 150 * MIB, `the CLI's RSS reached ${(peak / MIB).toFixed(0)} MiB`);
});

test('logs tail --json | head -n 5: a reader that has had enough ends the tail (exit 0) while entries keep coming', async () => {
  const tail = spawnCli(['logs', 'tail', '--json'], { PLS_BASE_URL: sandbox.origin, PLS_API_KEY: undefined });
  await tail.waitFor(() => tail.stderr.includes('Following the log of') || undefined, 'the tail to start');
  // Traffic goes on until the tail exits: the stream stays live and is never cut.
  let requests = 0;
  const traffic = (async () => {
    while (!tail.exitStatus) {
      await createLink(sandbox);
      requests++;
    }
  })();
  await tail.waitFor(() => (tail.stdoutLines().length >= 5 ? true : undefined), '5 lines');

  const { code } = await closeUnread(tail);
  await traffic;
  assert.equal(code, 0, tail.transcript());
  assert.doesNotMatch(tail.stderr, /cut the log stream off/);
  assert.ok(requests > 5, `only ${requests} requests were made while the tail ran`);
});

test('listen | sleep 45: cut off while its reader slept, it says so, removes its endpoint and exits 1 once the reader exits', async () => {
  const url = `${receiver.url}?sleeping=${'s'.repeat(1900)}`;
  const { listen, endpoint, endpointOf } = await floodedListen(url);

  const { code } = await closeUnread(listen);
  assert.equal(code, 1, listen.transcript());
  assert.match(
    listen.stderr,
    new RegExp(`^payment-links-sandbox listen: ${CUT_OFF}; removed endpoint ${endpoint.id}$`, 'm'),
  );
  assert.equal(await endpointOf(), undefined, 'its endpoint is gone');
});

test('listen | head -n 1: once its reader has gone, the next attempt ends it: it removes its endpoint and exits 0', async () => {
  const url = `${receiver.url}?head=1`;
  const endpointOf = async () =>
    (await sandbox.api('GET', '/sandbox/endpoints')).body.data.find((e: { url: string }) => e.url === url);
  const listen = spawnCli(['listen', '--forward-to', url], {
    PLS_BASE_URL: sandbox.origin,
    PLS_API_KEY: undefined,
  });
  await listen.waitFor(() => listen.stdoutLines()[0]?.startsWith('Ready! ') || undefined, 'listen ready');
  const endpoint = await endpointOf();
  assert.ok(endpoint, 'listen made its endpoint');

  listen.child.stdout?.destroy();
  const paying = (async () => {
    while (!listen.exitStatus) await payLink();
  })();
  const { code } = await listen.waitForExit();
  await paying;
  assert.equal(code, 0, listen.transcript());
  assert.equal(await endpointOf(), undefined, 'its endpoint is gone');
});
