import assert from 'node:assert/strict';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CliProcess, killLeftoverClis, REPO_ROOT, spawnCli } from './cliProcess';

after(killLeftoverClis);

test('npm start without a display says why in one line and serves the console headless', async () => {
  // No display, whatever this machine has: the fallback is what is under test.
  const cli = spawnCli(['start', '--port', '0', '--in-memory'], {
    DISPLAY: undefined,
    WAYLAND_DISPLAY: undefined,
  });
  const origin = await cli.waitFor(
    () => /^Payment Links Sandbox listening on (\S+)$/m.exec(cli.stdout)?.[1],
    'the listening line',
  );
  const [first, second] = cli.stdoutLines();
  assert.match(first ?? '', /^Desktop window unavailable: .+; serving the console headless instead\.$/);
  assert.equal(second, `Payment Links Sandbox listening on ${origin}`);

  const page = await fetch(`${origin}/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Payment Links Sandbox/);
  const api = await fetch(`${origin}/payment-links`, { headers: { authorization: 'Bearer sk_test_start' } });
  assert.equal(api.status, 200);

  cli.signal('SIGTERM');
  assert.deepEqual(await cli.waitForExit(), { code: 0, signal: null });
});

/** `npm start` as a user types it, headless: all it printed once it has served and stopped. */
async function npmStart(): Promise<string> {
  const cli = new CliProcess(
    ['--port', '0', '--in-memory'],
    { DISPLAY: undefined, WAYLAND_DISPLAY: undefined },
    { file: 'npm', args: ['start', '--'] },
  );
  await cli.waitFor(
    () => /^Payment Links Sandbox listening on /m.exec(cli.stdout)?.[0],
    'the listening line',
    120_000,
  );
  cli.signal('SIGTERM');
  await cli.waitForExit();
  return `${cli.stdout}${cli.stderr}`;
}

test('npm start builds the desktop app when its sources changed, and not when nothing did', async () => {
  const now = new Date();
  await utimes(join(REPO_ROOT, 'src', 'renderer', 'index.html'), now, now);
  assert.match(await npmStart(), /^Building the desktop app and its console \(their sources changed\)…$/m);
  // Neither that line nor a builder's report (vite's "building … for production").
  assert.doesNotMatch(await npmStart(), /building/i);
});
