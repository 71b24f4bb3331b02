import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromiumLaunch';

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
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
