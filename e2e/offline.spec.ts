// Issue 13 items 8 and 9: the console when the sandbox stops and comes back, and a quiet load.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { launchSandbox, openConsole } from './sandboxFixture';

const OFFLINE = 'The sandbox is not answering — reconnecting…';

function collectConsoleNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  return noise;
}

test('stopped, the console says so once and disables what needs the server, not Close, Copy or the Requests filter; restarted, it is live again', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pls-offline-'));
  let sandbox = await launchSandbox({ dataDir });
  try {
    const title = `Offline link ${Date.now()}`;
    expect((await sandbox.api('POST', '/payment-links', { amount: 10_000, title })).status).toBe(201);
    await openConsole(page, sandbox.origin);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('button', { name: 'Paid' })).toBeEnabled();
    await row.getByRole('button', { name: title, exact: true }).click();
    const panel = page.getByRole('complementary', { name: title });
    await expect(panel).toBeVisible();

    sandbox.stop();
    await sandbox.exited;
    await expect(page.getByText(OFFLINE)).toHaveCount(1);
    await expect(page.getByText('The API is running at')).toHaveCount(0);
    // Where the tester looks: a banner over the open screen, and no queue said to be running.
    const banner = page.getByRole('main').getByRole('alert');
    await expect(banner).toContainText('The sandbox stopped answering.');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: 'test-results/screenshots/offline-banner-1280x720.png' });
    await expectAxeClean(page, 'offline banner');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByTestId('queue-state')).toHaveText('Queue unknown: the sandbox is not answering');
    await expect(page.getByText('Queue running')).toHaveCount(0);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Paid' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'New link' })).toBeDisabled();

    // What works without the server stays usable: a link's detail copies and closes.
    await expect(panel.getByRole('button', { name: 'Copy the link id' })).toBeEnabled();
    await expect(panel.getByRole('button', { name: 'Paid' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Close the link' }).click();
    await expect(panel).toHaveCount(0);
    // The Requests filter stays usable; the sandbox runs it over the whole log, so, stopped, the list
    // says it could not be read rather than show rows that do not match.
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    const filter = page.getByPlaceholder(/Filter by path/);
    await expect(filter).toBeEnabled();
    await filter.fill('no such request');
    await expect(page.getByText('The request log could not be read')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '/payment-links' })).toHaveCount(0);
    await expect(page.getByText('Not loaded')).toBeVisible();
    await expectAxeClean(page, 'Requests, the log not read');
    await filter.fill('');
    await expect(page.getByRole('button', { name: 'Export as scenario' })).toBeDisabled();
    await page.getByRole('link', { name: 'Links', exact: true }).click();

    const port = Number(new URL(sandbox.origin).port);
    sandbox = await launchSandbox({ dataDir, port });
    await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Paid' })).toBeEnabled();
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page.getByText('1 request', { exact: true })).toBeVisible();
  } finally {
    sandbox.stop();
    await sandbox.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the console and the checkout page load with no console errors or warnings, icon included', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const noise = collectConsoleNoise(page);
    await openConsole(page, sandbox.origin);
    const created = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Quiet page' });
    await page.goto(`${sandbox.origin}/pay/${created.body.data.id as string}`);
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();

    const icon = await page.request.get(`${sandbox.origin}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    expect(noise).toEqual([]);
  } finally {
    sandbox.stop();
  }
});
