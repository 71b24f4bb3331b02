import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

test('deliveries: Clear history waits for something to clear; each row says when it last changed', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.getByRole('button', { name: 'Webhooks' }).click();
    await expect(page.getByRole('button', { name: 'Clear history' })).toBeDisabled();

    await page.getByRole('button', { name: 'Add the built-in inbox as an endpoint' }).first().click();
    const link = (await sandbox.api('POST', '/payment-links', { amount: 3_000, title: 'Delivery time' })).body
      .data;
    await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });
    const row = page.locator('[data-delivery-id]').first();
    await expect(row).toContainText('Delivered');
    await expect(page.getByRole('columnheader', { name: 'Updated' })).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    await expect(page.getByRole('button', { name: 'Clear history' })).toBeEnabled();
  } finally {
    sandbox.stop();
  }
});
