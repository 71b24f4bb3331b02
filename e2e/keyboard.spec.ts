import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome } from './webhookHelpers';

const focusedLinkId = (page: Page) =>
  page.evaluate(() =>
    (globalThis as any).document.activeElement?.closest('[data-link-id]')?.getAttribute('data-link-id'),
  );

test('keyboard: the skip link comes first, a row action keeps focus in its row, arrows move between rows', async ({
  page,
  sandbox,
}) => {
  await openConsole(page, sandbox.origin);
  const [older, newer] = [
    (await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Keyboard older' })).body.data,
    (await sandbox.api('POST', '/payment-links', { amount: 2_000, title: 'Keyboard newer' })).body.data,
  ];
  await expect(page.locator(`[data-link-id="${older.id}"]`)).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  const newerRow = page.locator(`[data-link-id="${newer.id}"]`);
  await newerRow.getByRole('button', { name: 'Paid' }).focus();
  await page.keyboard.press('Enter');
  await expect(newerRow.locator('.badge')).toHaveText('Succeeded');
  expect(await focusedLinkId(page)).toBe(newer.id);

  await newerRow.getByRole('button', { name: 'Keyboard newer' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.locator(`[data-link-id="${older.id}"]`).getByRole('button', { name: 'Keyboard older' }),
  ).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(newerRow.getByRole('button', { name: 'Keyboard newer' })).toBeFocused();
});

test('axe: no violations on any screen, with a link, a delivery, a webhook and a request open, nor on the checkout page', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  const check = (where: string) => expectAxeClean(page, where);
  try {
    // Every screen with something on it: an endpoint (the built-in inbox), its delivery, a fault rule.
    await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'latency', ms: 10 },
    });
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    const link = await linkWithOutcome(sandbox, 'Axe link', 'paid', 5_000);
    await check('Links');
    await page.locator(`[data-link-id="${link.id}"]`).getByRole('button', { name: 'Axe link' }).click();
    await expect(page.getByRole('complementary', { name: 'Axe link' })).toBeVisible();
    await page.getByText('Raw JSON').click();
    await check('Link detail');
    for (const screen of ['Webhooks', 'Inbox', 'Requests', 'Faults', 'Settings']) {
      await page.getByRole('link', { name: new RegExp(`^${screen}`) }).click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await check(screen);
    }
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.locator('[data-delivery-id]').first().click();
    await expect(page.getByRole('dialog', { name: 'Delivery' })).toBeVisible();
    await check('Delivery inspector');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page.locator('tr[data-event-id]').first()).toBeVisible();
    await check('Events');
    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.locator('[data-message-id]').first().click();
    await expect(page.getByText('verified').first()).toBeVisible();
    await check('Inbox message');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await page.locator('[role="row"][data-request-id]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('Request detail');
    await page.goto(link.url);
    await check('Checkout');
  } finally {
    sandbox.stop();
  }
});

test('keyboard: the arrows move between Deliveries, Requests and Inbox rows; a delivery keeps focus after Resend', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    for (const title of ['Arrow one', 'Arrow two', 'Arrow three']) {
      await linkWithOutcome(sandbox, title);
    }
    const deliveries = page.locator('[role="row"][data-delivery-id]');
    await expect(deliveries).toHaveCount(3);
    await expect(deliveries.filter({ hasText: 'Delivered' })).toHaveCount(3);
    const rowAt = (index: number) => page.locator(`[role="row"][data-delivery-id][aria-rowindex="${index}"]`);
    await rowAt(2).focus();
    await page.keyboard.press('ArrowDown');
    await expect(rowAt(3)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rowAt(2)).toBeFocused();

    // Resend from the keyboard: the row comes to the top, and focus stays on it.
    const third = rowAt(4);
    const id = await third.getAttribute('data-delivery-id');
    await third.getByRole('button', { name: 'Resend' }).focus();
    await page.keyboard.press('Enter');
    const resent = page.locator(`[role="row"][data-delivery-id="${id}"]`);
    await expect(resent).toContainText('2 · 200');
    await expect(resent).toHaveAttribute('aria-rowindex', '2');
    await expect(resent).toBeFocused();

    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    const requests = page.locator('[role="row"][data-request-id]');
    await requests.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(requests.nth(1)).toBeFocused();

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    const messages = page.locator('tr[data-message-id]');
    await messages.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(messages.nth(1)).toBeFocused();
  } finally {
    sandbox.stop();
  }
});

/** The focused element's row (its aria-rowindex) and whether it is the row's title button. */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    const row = active?.closest('[role="row"][data-link-id]');
    return {
      rowIndex: Number(row?.getAttribute('aria-rowindex') ?? 0),
      title: !!active?.matches('.title-button'),
    };
  });

test('keyboard: Home, End and PageDown keep focus on the row reached; Go to marks and focuses its row; New link focuses the new row', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    for (let i = 1; i <= 80; i++)
      await sandbox.api('POST', '/payment-links', { amount: 100 * i, title: `Paged ${i}` });
    await openConsole(page, sandbox.origin);
    await expect(page.getByText('80 links')).toBeVisible();
    const rowAt = (index: number) => page.locator(`[role="row"][data-link-id][aria-rowindex="${index}"]`);

    await rowAt(2).locator('.title-button').focus();
    await page.keyboard.press('End');
    await expect(rowAt(81).locator('.title-button')).toBeFocused();
    await expect(rowAt(81)).toContainText('Paged 1');
    await page.keyboard.press('Home');
    await expect(rowAt(2).locator('.title-button')).toBeFocused();
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focusedRow(page)).rowIndex).toBeGreaterThan(5);
    const paged = await focusedRow(page);
    expect(paged.title).toBe(true);
    await expect(rowAt(paged.rowIndex)).toBeInViewport();
    await page.keyboard.press('PageUp');
    await expect(rowAt(2).locator('.title-button')).toBeFocused();
    // From a row's action, the same action in the row reached.
    await rowAt(2).getByRole('button', { name: 'Paid' }).focus();
    await page.keyboard.press('End');
    await expect(rowAt(81).getByRole('button', { name: 'Paid' })).toBeFocused();

    // Go to 40: the table scrolls there, marks the row and focuses it.
    await page.getByPlaceholder('Go to row or link id').fill('40');
    await page.keyboard.press('Enter');
    await expect(rowAt(41).locator('.title-button')).toBeFocused();
    await expect(rowAt(41)).toHaveAttribute('aria-selected', 'true');
    await expect(rowAt(41)).toHaveClass(/\bselected\b/);
    await expect(rowAt(41)).toBeInViewport();
    await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveCount(1);

    // New link from the keyboard: Enter creates it, and focus goes to its row.
    await page.keyboard.press('Home');
    await page.getByRole('button', { name: 'New link', exact: true }).click();
    await page.getByLabel(/^Amount/).fill('12');
    await page.getByLabel('Title', { exact: true }).fill('Entered link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.locator('[role="row"][data-link-id]').filter({ hasText: 'Entered link' }).locator('.title-button'),
    ).toBeFocused();
    // With the new row out of the filter, focus goes back to New link rather than the page.
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByRole('button', { name: 'New link', exact: true }).click();
    await page.getByLabel(/^Amount/).fill('13');
    await page.getByLabel('Title', { exact: true }).fill('Unseen link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New link', exact: true })).toBeFocused();
  } finally {
    sandbox.stop();
  }
});

test('keyboard: Skip to deliveries is the first stop in the Webhooks screen, shows when focused, and lands on the first delivery', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    for (const title of ['Skip one', 'Skip two']) await linkWithOutcome(sandbox, title);
    await expect(page.locator('[role="row"][data-delivery-id]')).toHaveCount(2);

    // From the top of the screen (Skip to content), the next Tab is the skip link.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to deliveries' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.screenshot({ path: 'test-results/screenshots/skip-to-deliveries.png' });
    await expectAxeClean(page, 'Skip to deliveries, focused');
    await page.keyboard.press('Enter');
    await expect(page.locator('[role="row"][data-delivery-id][aria-rowindex="2"]')).toBeFocused();
  } finally {
    sandbox.stop();
  }
});
