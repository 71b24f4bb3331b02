// The Webhooks screen at its edges: a narrow window, a paused queue, nothing to clear, and an
// address naming a delivery that is gone.
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome } from './webhookHelpers';

test('webhooks at 1280 px: each row keeps its actions in view, over a table that scrolls sideways', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await sandbox.api('PUT', '/sandbox/inbox/default', { status: 500 });
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    await linkWithOutcome(sandbox, 'Narrow');
    const row = page.locator('[data-delivery-id]').first();
    await expect(row).toContainText('Retrying');
    for (const name of ['Resend', 'Retry now', 'Delete']) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${name} within the window`).toBeLessThanOrEqual(1280);
    }
  } finally {
    sandbox.stop();
  }
});

test('webhooks: with only waiting deliveries Clear history is disabled, and a paused one reads Paused in Events too', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await sandbox.api('PUT', '/sandbox/inbox/default', { status: 500 });
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    await linkWithOutcome(sandbox, 'Waiting');
    await expect(page.locator('[data-delivery-id]').first()).toContainText('Retrying');
    await expect(page.getByRole('button', { name: 'Clear history' })).toBeDisabled();

    await page.getByRole('button', { name: 'Pause queue' }).click();
    await expect(page.locator('[data-delivery-id]').first()).toContainText('Paused');
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page.locator('tr[data-event-id]').first()).toContainText('Paused');
  } finally {
    sandbox.stop();
  }
});

test('webhooks: an address naming a delivery that is gone closes the inspector and says so', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.goto(`${sandbox.origin}/#/webhooks/deliveries/dlv_0000000000000000`);
    await expect(page.getByText('Delivery dlv_0000000000000000 is no longer in the history.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/webhooks$/);
  } finally {
    sandbox.stop();
  }
});
