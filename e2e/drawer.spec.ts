// The four drawers (a request, a delivery, an endpoint check, an inbox message) are one frame
// (components/Drawer.tsx): each is a dialog named by its title, which takes focus when it opens;
// each has one button named Close; Escape, Close and a click beside it close it, and focus goes
// back to what opened it; each is as wide as the others, against the window's right edge. A button
// that disables itself while it works (Check again) leaves focus in the drawer.
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome, resetWebhooks } from './webhookHelpers';

interface DrawerCase {
  what: string;
  screen: 'Requests' | 'Webhooks' | 'Inbox';
  /** The row or button that opens it. */
  opener: (page: Page) => Locator;
  /** Its title, which names the dialog. */
  title: string;
}

const VIEWPORT = { width: 1280, height: 720 };

async function goTo(page: Page, screen: DrawerCase['screen']): Promise<void> {
  await page.getByRole('link', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

/** Opens the drawer from the keyboard and checks what every drawer shares; gives its width. */
async function opensTheSameWay(page: Page, drawer: DrawerCase): Promise<number> {
  await goTo(page, drawer.screen);
  const opener = drawer.opener(page);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: drawer.title, exact: true });
  await expect(dialog).toBeVisible();
  // Focus lands on the title, not on the first button (Resend, Check again) nor outside the dialog.
  await expect(dialog.getByRole('heading', { level: 3, name: drawer.title, exact: true })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expectAxeClean(page, `${drawer.what} drawer`);
  const box = await dialog.boundingBox();
  expect(box, `${drawer.what}: laid out`).not.toBeNull();
  // Against the window's right edge, over the whole height.
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(VIEWPORT.width);
  expect(Math.round(box?.height ?? 0)).toBe(VIEWPORT.height);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A click on the dimmed page beside the drawer closes it too.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(20, VIEWPORT.height / 2);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  return box?.width ?? 0;
}

test('drawers: a request, a delivery, an inbox message and an endpoint check open, close and hand focus back alike', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await resetWebhooks(sandbox);
  await page.setViewportSize(VIEWPORT);
  await openConsole(page, sandbox.origin);
  await addInboxFromWebhooks(page);
  const link = await linkWithOutcome(sandbox, 'Drawer order');
  expect((await sandbox.api('GET', `/payment-links/${link.id}`)).status).toBe(200);
  await expect(page.locator('[role="row"][data-delivery-id]').filter({ hasText: 'Delivered' })).toHaveCount(
    1,
  );

  const drawers: DrawerCase[] = [
    {
      what: 'request',
      screen: 'Requests',
      opener: (p) => p.locator('[role="row"][data-request-id]').filter({ hasText: 'GET' }).first(),
      title: `GET /payment-links/${link.id}`,
    },
    {
      what: 'delivery',
      screen: 'Webhooks',
      opener: (p) => p.locator('[role="row"][data-delivery-id]').first(),
      title: 'Delivery',
    },
    {
      what: 'inbox message',
      screen: 'Inbox',
      opener: (p) => p.locator('tr[data-message-id]').first(),
      title: 'POST /_inbox/default',
    },
    {
      // Last: the check posts its probes to the inbox.
      what: 'endpoint check',
      screen: 'Webhooks',
      opener: (p) => p.getByRole('button', { name: 'Check this endpoint' }).first(),
      title: 'Endpoint check',
    },
  ];
  const widths: number[] = [];
  for (const drawer of drawers) widths.push(await opensTheSameWay(page, drawer));
  expect(new Set(widths).size, `one width for every drawer: ${widths.join(', ')}`).toBe(1);

  // Check again disables itself while the check runs: focus stays in the drawer, on its title.
  await page.getByRole('button', { name: 'Check this endpoint' }).first().click();
  const check = page.getByRole('dialog', { name: 'Endpoint check' });
  const again = check.getByRole('button', { name: 'Check again' });
  await expect(again).toBeEnabled();
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(check.getByRole('heading', { level: 3, name: 'Endpoint check' })).toBeFocused();
  await expect(again).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(again).toBeFocused();
});
