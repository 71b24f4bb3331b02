// ↓ on a focused table enters its rows (issue 32): in Links, Deliveries and Requests, a tester who
// clicks or tabs to the table and presses ↓ lands on its first row in view, then goes on row by row.
import type { Locator, Page } from '@playwright/test';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome } from './webhookHelpers';

/** The table's scrolling box, which takes focus itself (a click on it, or Tab). */
const scrollerOf = (page: Page, table: Locator) => page.locator('.table-scroll', { has: table });

test('↓ on the focused Links, Deliveries and Requests tables focuses their first row', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    for (const title of ['Down one', 'Down two', 'Down three']) await linkWithOutcome(sandbox, title);

    // Links: the first row's title, as the arrows move between rows' titles.
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    const links = scrollerOf(page, page.getByRole('table', { name: 'Payment links' }));
    const linkRow = (index: number) => page.locator(`[role="row"][data-link-id][aria-rowindex="${index}"]`);
    await expect(linkRow(2)).toContainText('Down three');
    await links.focus();
    await page.keyboard.press('ArrowDown');
    await expect(linkRow(2).getByRole('button', { name: 'Down three' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(linkRow(3).getByRole('button', { name: 'Down two' })).toBeFocused();

    // Deliveries.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const deliveryRows = page.locator('[role="row"][data-delivery-id]');
    await expect(deliveryRows.filter({ hasText: 'Delivered' })).toHaveCount(3);
    await scrollerOf(page, page.getByRole('table', { name: 'Deliveries' })).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[role="row"][data-delivery-id][aria-rowindex="2"]')).toBeFocused();

    // Requests.
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    const requestRows = page.locator('[role="row"][data-request-id]');
    await expect(requestRows.first()).toBeVisible();
    await scrollerOf(page, page.getByRole('table', { name: 'Requests' })).focus();
    await page.keyboard.press('ArrowDown');
    await expect(requestRows.first()).toBeFocused();
  } finally {
    sandbox.stop();
  }
});

test('↓ on the Links table scrolled down lands on the first row in view, not the top', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    for (let i = 1; i <= 60; i++)
      await sandbox.api('POST', '/payment-links', { amount: 100 * i, title: `Row ${i}` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await expect(page.getByText('60 links')).toBeVisible();
    const links = scrollerOf(page, page.getByRole('table', { name: 'Payment links' }));
    // Twenty rows down (56 px each), exactly at a row's top.
    await links.evaluate((el) => el.scrollTo(0, 20 * 56));
    const row = page.locator('[role="row"][data-link-id][aria-rowindex="22"]');
    await expect(row).toBeInViewport();
    await links.focus();
    await page.keyboard.press('ArrowDown');
    await expect(row.locator('.title-button')).toBeFocused();
    await expect(row).toBeInViewport({ ratio: 1 });
  } finally {
    sandbox.stop();
  }
});
