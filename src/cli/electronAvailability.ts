import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/packageRoot';

export type ElectronAvailability = { binary: string } | { reason: string };

/** Whether a desktop window can open here: the app is built, its binary installed, and there is a display. */
export function electronAvailability(): ElectronAvailability {
  // The npm package ships the headless sandbox only (docs/decisions.md), never out/main.
  if (!existsSync(join(PACKAGE_ROOT, 'out', 'main', 'index.js')))
    return {
      reason:
        'the desktop app is not here (no out/main/index.js: the npm package ships the headless sandbox only)',
    };
  let binary: string;
  try {
    binary = createRequire(import.meta.url)('electron') as string;
  } catch {
    return { reason: 'the Electron binary is not installed (its download failed or was skipped)' };
  }
  if (!existsSync(binary)) return { reason: `the Electron binary is missing at ${binary}` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { binary };
}
