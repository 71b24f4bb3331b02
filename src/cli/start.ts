import { spawn } from 'node:child_process';
import { PACKAGE_ROOT } from '../core/packageRoot';
import { electronAvailability } from './electronAvailability';
import { serve } from './serve';

/** `npm start`: the desktop app where Electron can run, else the same console served headless. */
export async function start(argv: string[]): Promise<number> {
  const electron = electronAvailability();
  if ('reason' in electron) {
    console.log(`Desktop window unavailable: ${electron.reason}; serving the console headless instead.`);
    return serve(argv);
  }
  return new Promise((resolve) => {
    const child = spawn(electron.binary, [PACKAGE_ROOT, ...argv], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 0));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  });
}
