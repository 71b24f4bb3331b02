// `logs tail --json` whose output is not read (issue 28: `logs tail --json | sleep 45` grew from
// 88 to 215 MB in 30 s). The CLI stops reading the stream while stdout's reader is behind, so its
// memory stays flat and the sandbox's bound for a client that does not read (4 MiB,
// docs/keyed-api.md) cuts the stream off; once the output is read again, the CLI says so and exits 1.
// A real CLI child, a real sandbox, a real pipe nobody reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { killLeftoverClis, spawnCli } from './cliProcess';
import type { KeptEntry } from '../core/sandboxLog';
import { KEY, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(async () => {
  await killLeftoverClis();
  await sandbox.stop();
});

const MIB = 1024 * 1024;
const rss = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

test('logs tail --json with an unread stdout stays small, is cut off by the sandbox, and says so (exit 1)', async () => {
  const connections: Socket[] = [];
  const onConnection = (socket: Socket) => connections.push(socket);
  sandbox.app.server.on('connection', onConnection);
  const tail = spawnCli(['logs', 'tail', '--json'], { PLS_BASE_URL: sandbox.origin, PLS_API_KEY: undefined });
  // The pipe's reader is asleep: nothing is read from it until it wakes below.
  tail.child.stdout?.pause();
  await tail.waitFor(() => tail.stderr.includes('Following the log of') || undefined, 'the tail to start');
  sandbox.app.server.off('connection', onConnection);
  assert.equal(connections.length, 1, 'the tail opened one connection: its stream');
  const stream = connections[0] as Socket;
  const start = rss(tail.pid);

  // Each refused create is logged with its 60 KB body: 64 MiB of entries in all, sixteen times what
  // the sandbox holds for a client, far past what the sockets buffer, and seven times what it took
  // to cut this one off; the traffic goes on after the cut, and the CLI's memory must not notice.
  let logged = 0;
  const count = (kept: KeptEntry) => (logged += kept.json.length);
  sandbox.core.log.added.on('entry', count);
  const body = JSON.stringify({ amount: 100, title: 't'.repeat(60_000) });
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
    peak = Math.max(peak, rss(tail.pid));
    if (stream.destroyed) cutAt ??= logged;
  }
  sandbox.core.log.added.off('entry', count);
  console.log(
    `logs tail RSS: ${(start / MIB).toFixed(0)} MiB at the start, at most ${(peak / MIB).toFixed(0)} MiB while ${(logged / MIB).toFixed(0)} MiB were logged (cut off after ${((cutAt ?? NaN) / MIB).toFixed(1)} MiB)`,
  );
  assert.ok(
    stream.destroyed,
    `the sandbox never cut the stream off (${(logged / MIB).toFixed(0)} MiB logged)`,
  );
  assert.ok(peak < 150 * MIB, `the CLI's RSS reached ${(peak / MIB).toFixed(0)} MiB`);
  assert.equal(tail.exitStatus, null, 'the tail waits for its reader');

  tail.child.stdout?.resume();
  const { code } = await tail.waitForExit();
  assert.equal(code, 1, tail.transcript());
  assert.match(
    tail.stderr,
    /^payment-links-sandbox logs: the sandbox at http:\/\/127\.0\.0\.1:\d+ cut the log stream off: this command's output was read too slowly, so more than 4 MiB of entries waited for it; entries after the cut were not printed$/m,
  );
  // What it printed before the cut is whole NDJSON.
  const lines = tail.stdoutLines();
  assert.ok(lines.length > 0);
  for (const line of lines) assert.equal(JSON.parse(line).type, 'api_request');
});
