// Issue 32: an import checks the file first (a bad one gets its problem, and no question), then asks,
// saying what the file holds; checking and importing show how much of the file has gone, with
// Cancel, and a cancelled import imports nothing.
import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';

async function openSettings(page: Page, origin: string) {
  await openConsole(page, origin);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Data', exact: true })).toBeVisible();
}

/** An export of a sandbox that holds `titles` as links, as the file a tester would pick. */
async function exportOf(titles: string[]) {
  const source = await launchSandbox();
  try {
    for (const title of titles) await source.api('POST', '/payment-links', { amount: 10_000, title });
    const file = await fetch(`${source.origin}/_console/api/store/export`);
    return {
      name: 'sandbox-export.json',
      mimeType: 'application/json',
      buffer: Buffer.from(await file.text()),
    };
  } finally {
    source.stop();
  }
}

const counts = async (sandbox: Sandbox): Promise<{ links: number }> =>
  ((await (await fetch(`${sandbox.origin}/_console/api/server`)).json()) as any).data.counts;

test('a bad file gets its problem at once, without the question; nothing changes', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Stays' });
    await openSettings(page, sandbox.origin);
    const file = await exportOf(['One', 'Two']);
    const bad = {
      ...file,
      name: 'broken.json',
      buffer: Buffer.from(file.buffer.toString().replace(/"amount":\d+/, '"amount":-5')),
    };
    await page.getByLabel('Import file').setInputFiles(bad);
    const problem = page.getByTestId('import-problem');
    await expect(problem).toContainText('broken.json cannot be imported.');
    await expect(problem).toContainText(/links\[0\]\.amount/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expectAxeClean(page, 'import problem');
    expect((await counts(sandbox)).links).toBe(1);
  } finally {
    sandbox.stop();
  }
});

test('a good file is checked, then the question says what it holds; Cancel while it is sent imports nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sandbox = await launchSandbox();
  const source = await launchSandbox();
  try {
    await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Stays' });
    expect((await source.api('POST', '/_console/api/links/samples', { count: 2_000 })).status).toBe(201);
    const exported = Buffer.from(await (await fetch(`${source.origin}/_console/api/store/export`)).text());
    const file = { name: 'sandbox-export.json', mimeType: 'application/json', buffer: exported };
    await openSettings(page, sandbox.origin);
    await page.getByLabel('Import file').setInputFiles(file);
    const question = page.getByRole('alertdialog', { name: 'Replace everything with this file?' });
    await expect(question).toContainText('sandbox-export.json holds 2,000 links · 1,200 webhook events');
    await expectAxeClean(page, 'import question');
    // A slow line, so the import is still on its way when Cancel is clicked.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 100_000,
    });
    await question.getByRole('button', { name: 'Import and replace' }).click();
    const progress = page.getByRole('group', { name: 'Importing sandbox-export.json' });
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(progress).toContainText(/^Importing sandbox-export\.json[1-9][\d,]* kB of \d+\.\d MB/);
    await expectAxeClean(page, 'import progress');
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByText('Import of sandbox-export.json cancelled: nothing was imported.'),
    ).toBeVisible();
    await expect(progress).toHaveCount(0);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect((await counts(sandbox)).links).toBe(1);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page.locator('.count-block .count')).toHaveText(/^1 link/);

    // Asked again, the file imports whole.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Import file').setInputFiles(file);
    await question.getByRole('button', { name: 'Import and replace' }).click();
    await expect(page.getByText('Imported sandbox-export.json: 2,000 links')).toBeVisible();
    expect((await counts(sandbox)).links).toBe(2_000);
  } finally {
    sandbox.stop();
    source.stop();
  }
});
