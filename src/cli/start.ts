import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serve } from './serve';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Why the desktop window cannot open here, or null when it can. */
function electronUnavailable(): { reason: string } | { binary: string } {
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

/** `npm start`: the desktop app where Electron can run, else the same console served headless. */
export async function start(argv: string[]): Promise<number> {
  const electron = electronUnavailable();
  if ('reason' in electron) {
    console.log(`Desktop window unavailable: ${electron.reason}; serving the console headless instead.`);
    return serve(argv);
  }
  return new Promise((resolve) => {
    const child = spawn(electron.binary, [ROOT, ...argv], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 0));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  });
}
