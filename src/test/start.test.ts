import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { killLeftoverClis, spawnCli } from './cliProcess';

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
