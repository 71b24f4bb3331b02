import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

test('time travel: a link expires from its detail, and its webhook lands in the built-in inbox, verified', async ({
  page,
}) => {
  // Nothing but the app: no receiver of the test's own.
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openConsole(page, sandbox.origin);

    // A fresh sandbox offers the inbox in the Webhooks empty state: one click.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add the built-in inbox as an endpoint' }).first().click();
    await expect(page.getByText(`${sandbox.origin}/_inbox/default`).first()).toBeVisible();

    const created = await sandbox.api('POST', '/payment-links', {
      amount: 42_000,
      title: 'Expires by travel',
    });
    expect(created.status).toBe(201);
    const link = created.body.data;

    await page.getByRole('link', { name: 'Links' }).click();
    const row = page.locator(`[data-link-id="${link.id}"]`);
    await row.getByRole('button', { name: 'Expires by travel' }).click();
    const panel = page.getByRole('complementary', { name: 'Expires by travel' });
    await panel.getByRole('button', { name: 'Advance to expiry' }).click();
    // The clock is the whole sandbox's: the move asks first.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Move the sandbox clock' }).click();

    // The clock moved a day: the link expired by itself and the shell says how far ahead it is.
    await expect(row.locator('.badge')).toHaveText('Expired');
    await expect(page.locator('.sandbox-clock-badge')).toContainText('+1');
    const retrieved = await sandbox.api('GET', `/payment-links/${link.id}`);
    expect(retrieved.body.data.status).toBe('expired');
    await page.screenshot({ path: 'test-results/time-travel-expired.png' });

    // Its webhook went to the inbox, which verified the signature with the endpoint's secret.
    await page.getByRole('link', { name: 'Inbox' }).click();
    const message = page.locator('tr[data-message-id]').filter({ hasText: 'payment_link.expired' });
    await expect(message).toHaveCount(1);
    await expect(message).toContainText('verified');
    await message.click();
    await expect(page.getByTestId('inbox-body')).toContainText(link.id);
    await page.screenshot({ path: 'test-results/time-travel-inbox.png' });
  } finally {
    sandbox.stop();
  }
});
