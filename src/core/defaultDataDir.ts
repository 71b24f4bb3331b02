import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Payment Links Sandbox';

/**
 * Where Electron's app.getPath('userData') points for this app, computed without Electron, so
 * the desktop app and the headless CLI share one store by default.
 */
export function defaultDataDir(): string {
  const home = homedir();
  const base =
    process.platform === 'win32'
      ? (process.env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : process.platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (process.env.XDG_CONFIG_HOME ?? join(home, '.config'));
  return join(base, APP_NAME, 'data');
}
