import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

async function openSettings(page: Page, origin: string) {
  await openConsole(page, origin);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connect your app' })).toBeVisible();
}

// Its own sandbox: this test resets and replaces the whole store, which the other files' shared one must not see.
test('settings: a field error, a fee that takes effect, the Connect card curl, export → reset → import', async ({
  page,
}, testInfo) => {
  const sandbox = await launchSandbox();
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await openSettings(page, sandbox.origin);
    await expect(page.getByTestId('data-dir')).toContainText('In memory');
    // The screen scrolls inside the window: a tall window shows all of it.
    await page.setViewportSize({ width: 1440, height: 2000 });
    await page.screenshot({ path: 'test-results/settings-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/settings-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });

    // A field's hint gives the range the API takes (request_log_mb stops at 256 MiB).
    await expect(page.getByText("1 to 256 MiB of the app's requests")).toBeVisible();

    // The API's error shows beside its field, and nothing is saved.
    const percent = page.getByLabel('Transaction fee (%)');
    await percent.fill('150');
    await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes (1 field)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('#field-transaction_percent-error')).toContainText(
      'a percentage from 0 to 100',
    );
    await expect(percent).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: 'test-results/settings-field-error.png' });

    // A duration the form cannot read is explained the same way.
    await page.getByLabel('Retry schedule').fill('0s, 5 minutes');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('#field-retry_schedule-error')).toContainText('"5 minutes" is not a duration');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByLabel('Retry schedule')).toHaveValue('0s, 5s, 30s, 2m, 10m, 1h');

    // Edits survive a visit to another screen, and the navigation says they wait.
    await percent.fill('10');
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Settings (unsaved changes)' })).toBeVisible();
    await page.getByRole('link', { name: 'Settings (unsaved changes)' }).click();
    await expect(page.getByLabel('Transaction fee (%)')).toHaveValue('10');
    await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes (1 field)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
    await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    const priced = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Priced' });
    expect(priced.body.data.fee.transaction).toBe(1_000);

    // The Connect card's command works as it is.
    const command = await page.locator('.connect-card pre').innerText();
    const answer = JSON.parse(
      execFileSync('sh', ['-c', command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    expect(answer.data.status).toBe('pending');
    expect(answer.data.fee.transaction).toBe(15_000);

    // Export downloads the whole store.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export…' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.format).toBe('payment-links-sandbox-export');
    expect(exported.links).toHaveLength(2);

    // Reset asks first, then the Links table is empty.
    await page.getByRole('button', { name: 'Reset…' }).click();
    const resetDialog = page.getByRole('alertdialog', { name: 'Reset the sandbox?' });
    // A reset also brings the clock home and applies the configuration file again: the tester is told.
    await expect(resetDialog).toContainText('the sandbox clock goes back to real time');
    await expect(resetDialog).toContainText('a configuration file the sandbox started with is applied again');
    await expect(resetDialog).toContainText('The Inbox keeps the webhooks it received');
    await resetDialog.screenshot({ path: testInfo.outputPath('reset-dialog.png') });
    await resetDialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByText(/The store is reset/)).toBeVisible();
    await expect(page.getByTestId('store-counts')).toContainText('0 links');
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page.getByText('No payment links yet')).toBeVisible();

    // Import brings both links back, after a confirm.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Import file').setInputFiles(file);
    const importDialog = page.getByRole('alertdialog', { name: 'Replace everything with this file?' });
    await importDialog.getByRole('button', { name: 'Import and replace' }).click();
    await expect(page.getByText(/Imported .*: 2 links/)).toBeVisible();
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Priced' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Order #1001' })).toBeVisible();

    // A file that is not an export is refused in words, checked before any question is asked.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Import file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    });
    await expect(page.getByTestId('import-problem')).toContainText(
      /notes\.json cannot be imported\. This is not a Payment Links Sandbox export/,
    );
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByTestId('store-counts')).toContainText('2 links');
  } finally {
    sandbox.stop();
  }
});

test('settings at 1440×900: the screen scrolls, not the window; a failed Save leaves the sidebar whole and nothing shows above the save bar', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const windowScroll = () =>
    page.evaluate(() => {
      const doc = (globalThis as any).document;
      return {
        height: doc.scrollingElement.scrollHeight as number,
        y: (globalThis as any).scrollY as number,
      };
    });
  // The Inbox with more messages than fit: its screen scrolls, not the window.
  for (let i = 0; i < 40; i++)
    await fetch(`${sandbox.origin}/_inbox/layout`, { method: 'POST', body: `{"n":${i}}` });
  await openConsole(page, sandbox.origin);
  await page.goto(`${sandbox.origin}/#/inbox/layout`);
  await expect(page.locator('[data-message-id]')).toHaveCount(40);
  expect((await windowScroll()).height, 'Inbox with 40 messages: the window itself does not scroll').toBe(
    900,
  );
  for (const screen of ['Links', 'Webhooks', 'Inbox', 'Requests', 'Faults', 'Settings']) {
    await page.getByRole('link', { name: screen, exact: true }).click();
    expect((await windowScroll()).height, `${screen}: the window itself does not scroll`).toBe(900);
  }
  await expect(page.getByRole('heading', { name: 'Connect your app' })).toBeVisible();

  await page.getByLabel('Transaction fee (%)').fill('150');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('#field-transaction_percent-error')).toBeVisible();
  expect(await windowScroll()).toEqual({ height: 900, y: 0 });
  const brand = await page.locator('.brand').boundingBox();
  expect(brand?.y).toBeGreaterThanOrEqual(0);
  expect(await page.locator('.screen-settings').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  // Scrolled under the sticky save bar, the cards are hidden in the band above it too.
  const bar = await page.locator('.save-bar').boundingBox();
  expect(bar?.y).toBeGreaterThan(8);
  const above = await page.evaluate(
    ([x, y]) => {
      const hit = (globalThis as any).document.elementFromPoint(x, y);
      return hit?.closest('.settings-card, .callout, .connect-card') ? hit.className : null;
    },
    [(bar?.x ?? 0) + 40, (bar?.y ?? 0) - 6],
  );
  expect(above, 'the point just above the save bar is not a card').toBeNull();
  await page.getByRole('button', { name: 'Discard' }).click();
});
