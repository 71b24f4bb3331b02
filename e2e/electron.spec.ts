import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronAvailability } from '../src/cli/electronAvailability';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('the desktop window opens the console, secured', async () => {
  const availability = electronAvailability();
  if ('reason' in availability) console.log(`Electron smoke test skipped: ${availability.reason}.`);
  test.skip('reason' in availability, 'reason' in availability ? availability.reason : '');

  const app = await electron.launch({ args: [ROOT], cwd: ROOT, env: { ...process.env, PORT: '0' } });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'Payment Links Sandbox' })).toBeVisible();
    // What the page can reach: no Node, only the typed bridge, a CSP, no foreign windows.
    const reach = await page.evaluate(() => {
      const g = globalThis as any;
      return {
        require: typeof g.require,
        process: typeof g.process,
        bridge: Object.keys(g.sandboxDesktop ?? {}).sort(),
        csp:
          g.document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ??
          '',
        popup: g.open('https://example.com') === null,
      };
    });
    expect(reach.require).toBe('undefined');
    expect(reach.process).toBe('undefined');
    expect(reach.bridge).toEqual(['appVersion', 'openExternal', 'revealDataFolder']);
    expect(reach.csp).toContain("default-src 'self'");
    expect(reach.popup).toBe(true);
  } finally {
    await app.close();
  }
});
