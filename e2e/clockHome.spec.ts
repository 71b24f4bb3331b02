// Back to real time from the clock panel (docs/clock.md): it asks first, with what stays stamped
// in the sandbox's future and how many, then the clock runs at real time with the data kept.
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const DIR = 'test-results/screenshots';

test('Back to real time asks with the counts, brings the clock home, and is then disabled', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    expect((await sandbox.api('POST', '/sandbox/clock/advance', { seconds: 2 * 86_400 })).status).toBe(200);
    const created = await sandbox.api('POST', '/payment-links', {
      amount: 42_000,
      title: 'Made two days ahead',
    });
    expect(created.status).toBe(201);
    await openConsole(page, sandbox.origin);
    await expect(page.locator('.sandbox-clock-badge')).toContainText('+2 d');

    await page.getByTestId('sandbox-clock').click();
    const panel = page.getByRole('dialog', { name: 'Sandbox clock' });
    await panel.getByRole('button', { name: 'Back to real time' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Back to real time?' });
    await expect(confirm).toContainText('goes back 2 d to real time');
    await expect(confirm).toContainText('1 link and 0 deliveries stay stamped');
    await expectAxeClean(page, 'Back to real time confirmation');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${DIR}/clock-home-confirm-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${DIR}/clock-home-confirm-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    await confirm.getByRole('button', { name: 'Back to real time' }).click();
    await expect(page.locator('.sandbox-clock-badge')).toHaveCount(0);
    const clock = (await sandbox.api('GET', '/sandbox/clock')).body.data;
    expect(Math.abs(clock.offset_seconds)).toBeLessThan(1);
    expect(clock.frozen).toBe(false);
    const link = (await sandbox.api('GET', `/payment-links/${created.body.data.id}`)).body.data;
    expect(link).toEqual(created.body.data);

    // The panel stays open after a move (issue 32), now at real time.
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Back to real time' })).toBeDisabled();
  } finally {
    sandbox.stop();
  }
});
