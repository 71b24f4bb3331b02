// The sidebar clock looks like the button it is and says what it opens; its panel stays open while
// a tester moves the clock again and again, and closes on Escape, Close or a click outside it
// (issue 32).
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const background = (element: Locator) =>
  element.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the clock is a button that opens the clock panel, which stays open through +1 h three times', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);

    const clock = page.getByRole('button', { name: /^Sandbox time.*Change.*opens the sandbox clock$/ });
    await expect(clock).toBeVisible();
    await expect(clock).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(clock.getByText('Change')).toBeVisible();
    // It answers the pointer as a button does.
    const resting = await background(clock);
    await clock.hover();
    await expect.poll(() => background(clock)).not.toBe(resting);
    await shoot(page, 'layout-clock-hover');

    await clock.click();
    const panel = page.getByRole('dialog', { name: 'Sandbox clock' });
    await expect(panel).toBeVisible();
    const badge = page.locator('.sandbox-clock-badge');
    const plusHour = panel.getByRole('button', { name: '+1 h' });
    const status = panel.getByRole('status');
    for (const ahead of ['+1 h', '+2 h', '+3 h']) {
      await plusHour.click();
      await expect(badge).toHaveText(ahead);
      await expect(panel).toBeVisible();
      await expect(status).toContainText('Sandbox clock advanced to');
    }
    // The panel says what each move did: no toast piles up over it.
    await expect(page.locator('.toast')).toHaveCount(0);
    // From the keyboard too: focus comes back to +1 h once the move is done.
    await expect(plusHour).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(badge).toHaveText('+4 h');
    await expect(plusHour).toBeFocused();
    await panel.getByRole('button', { name: 'Freeze' }).click();
    await expect(badge).toHaveText('+4 h, frozen');
    await panel.getByRole('button', { name: '+1 day' }).click();
    await expect(badge).toHaveText('+1 d 4 h, frozen');
    await expect(panel).toContainText('frozen');
    await expect(panel).toBeVisible();
    const clockRead = (await sandbox.api('GET', '/sandbox/clock')).body.data;
    expect(clockRead.frozen).toBe(true);
    await expectAxeClean(page, 'the clock panel after three moves');
    await shoot(page, 'layout-clock-panel');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(clock).toBeFocused();
    await expect(clock).toHaveCSS('outline-style', 'solid');

    await clock.click();
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    await page.mouse.click(box.x - 40, box.y + 10);
    await expect(panel).toBeHidden();

    await clock.click();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
  } finally {
    sandbox.stop();
  }
});
