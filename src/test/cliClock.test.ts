// The CLI's clock flags (docs/contract.md §11, issue 11): --clock frozen|running and --clock-offset D,
// applied at start through the core; the offset only moves a stored clock forward.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { afterEach, describe, test } from 'node:test';
import { parseServeArgs } from '../cli/options';
import { UsageError } from '../cli/usageError';
import { http, killLeftoverClis, runCli, startServe, type CliProcess } from './cliProcess';
import { makeTempDir } from './harness';

const DAY = 86_400;
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-cli-clock-');
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function stop(cli: CliProcess): Promise<void> {
  cli.signal('SIGTERM');
  assert.deepEqual(await cli.waitForExit(5_000), { code: 0, signal: null }, cli.transcript());
}

const clockAt = async (origin: string) => (await http(origin, 'GET', '/sandbox/clock')).body.data;

describe('--clock and --clock-offset on the command line', () => {
  test('durations such as 90s, 15m, 2h, 1d and 1d12h become seconds', () => {
    const offsetOf = (text: string) =>
      parseServeArgs(['--clock-offset', text], {}).start.clockStart?.offsetSeconds;
    assert.equal(offsetOf('90s'), 90);
    assert.equal(offsetOf('15m'), 900);
    assert.equal(offsetOf('2h'), 7200);
    assert.equal(offsetOf('1d'), DAY);
    assert.equal(offsetOf('1d12h'), 1.5 * DAY);
    assert.equal(offsetOf('2d 3h'), 2 * DAY + 3 * 3600);
    assert.deepEqual(parseServeArgs(['--clock', 'frozen'], {}).start.clockStart, { state: 'frozen' });
    assert.equal(parseServeArgs([], {}).start.clockStart, undefined);
  });

  test('a negative, zero, malformed or too large offset, or an unknown state, is a clear UsageError', () => {
    for (const text of ['-1d', '0s', 'soon', '1.5h', '1d later', '3651d']) {
      assert.throws(
        () => parseServeArgs([`--clock-offset=${text}`], {}),
        (err: Error) =>
          err instanceof UsageError &&
          err.message.includes('--clock-offset') &&
          err.message.includes('never goes back') &&
          err.message.includes(`"${text}"`),
        text,
      );
    }
    assert.throws(
      () => parseServeArgs(['--clock', 'stopped'], {}),
      (err: Error) =>
        err instanceof UsageError && /--clock must be frozen or running; got "stopped"/.test(err.message),
    );
  });

  test('a refused offset stops the CLI with one line before anything starts', async () => {
    const result = await runCli(['serve', '--port', '0', '--in-memory', '--clock-offset=-2h']);
    assert.equal(result.code, 2, result.cli.transcript());
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /^payment-links-sandbox: --clock-offset must be a duration forward/);
    assert.doesNotMatch(result.stdout, /listening on/);
  });

  test('usage lists both flags', async () => {
    const result = await runCli(['serve', '--help']);
    assert.match(result.stdout, /--clock STATE/);
    assert.match(result.stdout, /--clock-offset D/);
  });
});

describe('the flags at start, over a stored clock', () => {
  test('frozen a day ahead; a smaller offset later leaves it; a larger one and running move it on', async () => {
    const dir = await tempDir();
    const first = await startServe(dir, ['--clock', 'frozen', '--clock-offset', '1d']);
    let clock = await clockAt(first.origin);
    assert.equal(clock.frozen, true);
    assert.ok(Math.abs(clock.offset_seconds - DAY) < 30, `offset ${clock.offset_seconds}`);
    const frozenAt = clock.now;
    await stop(first.cli);
    assert.match(first.cli.stdout, /Sandbox clock: \S+ \(1d ahead, frozen\)/);

    // A stored clock further ahead than the flag asks stays where it is: the clock never goes back.
    const second = await startServe(dir, ['--clock-offset', '2h']);
    clock = await clockAt(second.origin);
    assert.equal(clock.frozen, true, 'the stored frozen state holds without --clock');
    assert.equal(clock.now, frozenAt);
    await stop(second.cli);

    const third = await startServe(dir, ['--clock', 'running', '--clock-offset', '3d']);
    clock = await clockAt(third.origin);
    assert.equal(clock.frozen, false);
    assert.ok(Math.abs(clock.offset_seconds - 3 * DAY) < 30, `offset ${clock.offset_seconds}`);
    assert.ok(Date.parse(clock.now) > Date.parse(frozenAt));
    await stop(third.cli);
  });

  test('a move of the clock through the API is logged, so the expiries after it make sense', async () => {
    const { cli, origin } = await startServe(await tempDir());
    const moved = await fetch(`${origin}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_clock', 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 2 * DAY }),
    });
    assert.equal(moved.status, 200);
    await stop(cli);
    assert.match(cli.stdout, /Sandbox clock: \S+ \(2d ahead\)/);
  });

  test('without the flags a fresh sandbox runs on real time and prints no clock line', async () => {
    const { cli, origin } = await startServe(await tempDir());
    const clock = await clockAt(origin);
    assert.equal(clock.frozen, false);
    assert.ok(Math.abs(clock.offset_seconds) < 1);
    await stop(cli);
    assert.doesNotMatch(cli.stdout, /Sandbox clock/);
  });
});
