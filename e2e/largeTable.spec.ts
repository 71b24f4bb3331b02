import type { Page } from '@playwright/test';
import { expect, launchSandbox, test, type Sandbox, openConsole } from './sandboxFixture';

const LINKS = 10_000;
const rowOf = (page: Page, title: string) =>
  page
    .locator('.table-body [role=row]')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
const firstRowTitle = (page: Page) => page.locator('.table-body [role=row]').first().locator('.title-button');

/** 10,000 links through the API as an app would make them; every 100th is paid. */
async function seed(sandbox: Sandbox): Promise<void> {
  const create = async (i: number) => {
    const { status, body } = await sandbox.api('POST', '/payment-links', {
      amount: 1_000 + i,
      title: `Bulk ${i}`,
    });
    expect(status).toBe(201);
    if (i % 100 === 0) {
      const paid = await sandbox.api('POST', '/sandbox/simulate', {
        payment_link_id: body.data.id,
        event: 'paid',
      });
      expect(paid.status).toBe(200);
    }
  };
  // The first link alone, so it is the oldest by a clear margin and sorts last; the last one alone
  // too, so it is the newest and sorts first (links made in the same millisecond tie on created_at
  // and order by id).
  await create(0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const last = LINKS - 1;
  for (let start = 1; start < last; start += 200) {
    await Promise.all(Array.from({ length: Math.min(200, last - start) }, (_, k) => create(start + k)));
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
  await create(last);
}

test.describe.configure({ timeout: 120_000 });

test('a 10,000-link table scrolls to its last row with few rows in the DOM, and filters, searches and sorts', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await seed(sandbox);
    await openConsole(page, sandbox.origin);
    await expect(page.locator('.count')).toHaveText('10,000 links');
    await expect(rowOf(page, `Bulk ${LINKS - 1}`)).toBeVisible();

    // Scrolling to the end loads page after page until the oldest link shows.
    const scroller = page.locator('.table-scroll');
    for (let i = 0; i < 80 && (await rowOf(page, 'Bulk 0').count()) === 0; i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(100);
    }
    await expect(rowOf(page, 'Bulk 0')).toBeVisible();
    expect(await page.locator('.table-body [role=row]').count()).toBeLessThan(80);
    await page.screenshot({ path: 'test-results/links-10k-bottom.png' });

    await page.getByLabel('Status').selectOption('succeeded');
    await expect(page.locator('.count')).toHaveText('100 links');
    await expect(rowOf(page, 'Bulk 9900')).toBeVisible();

    await page.getByLabel('Status').selectOption('all');
    await page.getByPlaceholder('Search title, reference or id').fill('Bulk 4242');
    await expect(page.locator('.count')).toHaveText('1 link');
    await expect(rowOf(page, 'Bulk 4242')).toBeVisible();
    await page.getByPlaceholder('Search title, reference or id').fill('');
    await expect(page.locator('.count')).toHaveText('10,000 links');

    // Amount ascending puts the smallest first; clicking again flips it.
    const amountHeader = page.getByRole('columnheader', { name: 'Amount' });
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstRowTitle(page)).toHaveText(`Bulk ${LINKS - 1}`);
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstRowTitle(page)).toHaveText('Bulk 0');
    // Sorted pages load by number as the table scrolls: the largest amount is the last row.
    for (let i = 0; i < 80 && (await rowOf(page, `Bulk ${LINKS - 1}`).count()) === 0; i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(100);
    }
    await expect(rowOf(page, `Bulk ${LINKS - 1}`)).toBeVisible();

    // A live link lands where the sort puts it: the smallest amount goes on top.
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await sandbox.api('POST', '/payment-links', { amount: 1, title: 'Smallest live' });
    await expect(firstRowTitle(page)).toHaveText('Smallest live');
    await expect(page.locator('.count')).toHaveText('10,001 links');

    // Created: today keeps every link; a range that ended yesterday matches none.
    const created = page.getByLabel('Created');
    await created.selectOption('today');
    await expect(page.locator('.count')).toHaveText('10,001 links');
    await created.selectOption('custom');
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(
      yesterday.getDate(),
    ).padStart(2, '0')}`;
    await page.getByLabel('To', { exact: true }).fill(day);
    await expect(page.getByText('No links match')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2099-01-01');
    await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
  } finally {
    sandbox.stop();
  }
});
