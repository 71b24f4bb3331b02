import type { Page } from '@playwright/test';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const rowTitles = (page: Page) => page.locator('.table-body [role=row] .title-button');

// Its own sandbox: it saves settings, which the other files' shared one must not see.
test('forms and words: all bad fields at once, natural title sort, a reversed range, one example key', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);

    // The empty state and Connect your app show the same key, each fact with its own Copy.
    await expect(page.getByTestId('connect-key')).toHaveText('sk_test_sandbox');
    await expect(page.getByRole('button', { name: 'Copy the base URL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy the API key' })).toBeVisible();
    await expect(page.getByText('sk_test_123')).toHaveCount(0);

    // Natural order: "order 2" before "order 10", also for a link that arrives live.
    for (const title of ['order 10', 'order 2', 'order 1'])
      expect((await sandbox.api('POST', '/payment-links', { amount: 1000, title })).status).toBe(201);
    const titleHeader = page.getByRole('columnheader', { name: 'Title' });
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowTitles(page)).toHaveText(['order 1', 'order 2', 'order 10']);
    await sandbox.api('POST', '/payment-links', { amount: 1000, title: 'order 9' });
    await expect(rowTitles(page)).toHaveText(['order 1', 'order 2', 'order 9', 'order 10']);

    // A reversed Created range loads nothing and says why.
    await page.getByLabel('Created').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2099-01-02');
    await page.getByLabel('To', { exact: true }).fill('2099-01-01');
    await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
    await expect(page.getByTestId('links-range-reversed')).toContainText('The date range is reversed');
    await expect(rowTitles(page)).toHaveCount(0);

    // Settings: two bad fields are both named by one Save, before anything is sent.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('connect-key')).toHaveText('sk_test_sandbox');
    await page.getByLabel('Transaction fee (%)').fill('150');
    await page.getByLabel('Retry schedule').fill('0s, banana');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('#field-transaction_percent-error')).toContainText(
      'a percentage from 0 to 100',
    );
    await expect(page.locator('#field-retry_schedule-error')).toContainText('"banana" is not a duration');
    await expect(page.getByText('Not saved: see the 2 highlighted fields.')).toBeVisible();
  } finally {
    sandbox.stop();
  }
});
