import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type ElectronAvailability = { binary: string } | { reason: string };

/** Whether a desktop window can open here: the binary is installed and there is a display. */
export function electronAvailability(): ElectronAvailability {
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
