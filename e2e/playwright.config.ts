import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot run on the CI machines.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  // In CI a browser test that fails once is run again and reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // Every test starts in a light, laptop-sized window unless it says otherwise.
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
