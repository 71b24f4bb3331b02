// Electron's own postinstall downloads its binary and fails the whole install when the download
// host is out of reach. package.json's "allowScripts" turns that script off; this one runs the same
// installer and carries on with one line when it fails, so the headless sandbox still installs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronInstaller() {
  try {
    return join(dirname(require.resolve('electron/package.json')), 'install.js');
  } catch {
    return undefined;
  }
}

const installer = electronInstaller();
if (installer && existsSync(installer) && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  const result = spawnSync(process.execPath, [installer], {
    cwd: dirname(installer),
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10 * 60 * 1000,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const reason = (result.stderr || result.error?.message || 'unknown error').trim().split('\n')[0];
    console.log(
      `payment-links-sandbox: Electron binary not downloaded (${reason}); the headless sandbox and console still work (npm start serves them in the browser).`,
    );
  }
}
