import type { Page } from '@playwright/test';
import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The console, marked so a test can prove rows arrived without a reload. */
async function openWatchedConsole(page: Page, origin: string) {
  await openConsole(page, origin);
  // A marker that a reload would wipe: rows must arrive without one.
  await page.evaluate(() => ((globalThis as any).__noReload = true));
}

test('a link made through the API appears live; Paid updates its row; Cancel is then disabled', async ({
  page,
  sandbox,
}) => {
  await openWatchedConsole(page, sandbox.origin);

  const title = `Live link ${Date.now()}`;
  const created = await sandbox.api('POST', '/payment-links', {
    amount: 150_000,
    title,
    reference_id: 'ORD-1001',
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;

  const row = rowOf(page, title);
  await expect(row).toBeVisible({ timeout: 2_000 });
  expect(await page.evaluate(() => (globalThis as any).__noReload)).toBe(true);
  await expect(row.locator('.badge')).toHaveText('Pending');
  await expect(row).toContainText('IDR 150,000');
  await expect(row).toContainText('ORD-1001');
  await expect(row).toContainText(/in 23h \d\dm|in 1d 0h/);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/console-links-light.png' });

  await row.getByRole('button', { name: 'Paid' }).click();
  await expect(row.locator('.badge')).toHaveText('Succeeded');
  for (const name of ['Paid', 'Failed', 'Expired', 'Cancel']) {
    await expect(row.getByRole('button', { name })).toBeDisabled();
  }
  expect((await sandbox.api('GET', `/payment-links/${id}`)).body.data.status).toBe('succeeded');

  // A change made elsewhere updates the row in place too.
  const other = (await sandbox.api('POST', '/payment-links', { amount: 2_500, title: `${title} B` })).body
    .data;
  await expect(rowOf(page, `${title} B`)).toBeVisible();
  await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: other.id, event: 'failed' });
  await expect(rowOf(page, `${title} B`).locator('.badge')).toHaveText('Failed');
  await expect(rowOf(page, `${title} B`).getByRole('button', { name: 'Cancel' })).toBeEnabled();

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/console-links-dark.png' });
});

test('the New link form shows API validation errors beside the field, then creates the link', async ({
  page,
  sandbox,
}) => {
  await openWatchedConsole(page, sandbox.origin);
  await page.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment link' });
  // What the form can tell by itself, it says for every field at once.
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.locator('#field-amount-error')).toHaveText('Enter an amount.');
  await expect(dialog.locator('#field-title-error')).toHaveText(
    'Enter a title: the payer sees it on the checkout page.',
  );
  await expect(dialog.getByLabel('Amount (IDR)')).toBeFocused();

  // The API's bounds, said in the field's own units (IDR), not in minor units.
  await dialog.getByLabel('Title').fill('Form link');
  await dialog.getByLabel('Amount (IDR)').fill('200,000,000,000');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.locator('#field-amount-error')).toHaveText(
    /^Enter an amount from IDR\s1 to IDR\s100,000,000,000\.$/,
  );
  await dialog.getByLabel('Amount (IDR)').fill('0');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.locator('#field-amount-error')).toContainText('Enter an amount from');
  await expect(dialog.locator('#field-title-error')).toHaveCount(0);
  await expect(dialog.getByLabel('Amount (IDR)')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/console-new-link-error.png' });

  // IDR has no decimals: a fraction is refused rather than rounded.
  await dialog.getByLabel('Amount (IDR)').fill('250.75');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.locator('#field-amount-error')).toHaveText(
    'IDR has no decimals: enter whole IDR, like 15000.',
  );

  await dialog.getByLabel('Amount (IDR)').fill('25000');
  await dialog.getByLabel('Reference').fill('FORM-1');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'Form link');
  await expect(row).toContainText('IDR 25,000');
  await expect(row.locator('.badge')).toHaveText('Pending');
});

test('status filter and search narrow the table', async ({ page, sandbox }) => {
  const tag = `find-${Date.now()}`;
  await sandbox.api('POST', '/payment-links', { amount: 1_000, title: `Needle ${tag}` });
  await openWatchedConsole(page, sandbox.origin);
  await page.getByPlaceholder('Search title, reference or id').fill(tag);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the match
  await page.getByLabel('Status').selectOption('succeeded');
  await expect(page.getByText('No links match')).toBeVisible();
});

test('at start-up the links are read once, when the live stream opens', async ({ page, sandbox }) => {
  const tag = `once-${Date.now()}`;
  await sandbox.api('POST', '/payment-links', { amount: 1_000, title: `Read once ${tag}` });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/_console/api/links') reads.push(request.url());
  });
  await openConsole(page, sandbox.origin);
  await expect(page.getByRole('button', { name: `Read once ${tag}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);
});

test('the theme toggle cycles system, light and dark', async ({ page, sandbox }) => {
  await openWatchedConsole(page, sandbox.origin);
  await page.getByRole('button', { name: 'Theme: System' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/console-links-dark-toggle.png' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  await page.getByRole('button', { name: 'Theme: Dark' }).click();
  // Back on System, the page follows the operating system, also when it changes while open.
  await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the empty state explains how to create the first link', async ({ page }) => {
  // A sandbox of its own, with no links at all.
  const empty = await launchSandbox();
  try {
    await page.goto(empty.origin + '/');
    await expect(page.getByText('No payment links yet')).toBeVisible();
    await expect(page.locator('.empty-state pre')).toContainText(
      `curl -X POST ${empty.origin}/payment-links`,
    );
    await expect(page.locator('.empty-state pre')).toContainText('sk_test_');
    await page.screenshot({ path: 'test-results/console-empty.png' });
  } finally {
    empty.stop();
  }
});
