import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LISTENING = /^Payment Links Sandbox listening on (\S+)$/;

export interface Sandbox {
  origin: string;
  /** Calls the API as a developer's app would. */
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): void;
  /** Settles once the process has exited (its port and data directory are free again). */
  exited: Promise<void>;
}

/** The real headless CLI on a free port (or the one given), in memory unless given a data directory. */
export async function launchSandbox(options: { dataDir?: string; port?: number } = {}): Promise<Sandbox> {
  const storage = options.dataDir ? ['--data', options.dataDir] : ['--in-memory'];
  const port = String(options.port ?? 0);
  const child = spawn(process.execPath, ['src/cli/bin.mjs', 'serve', '--port', port, ...storage, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = LISTENING.exec(line);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before listening`)));
  });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(origin + path, {
      method,
      headers: { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { origin, api, stop: () => void child.kill('SIGTERM'), exited };
}

/** Opens the console and waits for its live feed, so what a test does next is seen as it happens. */
export async function openConsole(page: Page, origin: string): Promise<void> {
  await page.goto(origin + '/');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
}

/** One sandbox per test file's worker. */
export const test = base.extend<object, { sandbox: Sandbox }>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const sandbox = await launchSandbox();
      await use(sandbox);
      sandbox.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
