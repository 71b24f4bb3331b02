import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, test, type Sandbox, openConsole } from './sandboxFixture';
import { consoleCall, resetWebhooks, startReceiver } from './webhookHelpers';

async function payNewLink(sandbox: Sandbox, title: string): Promise<string> {
  const created = await sandbox.api('POST', '/payment-links', { amount: 50_000, title });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  const paid = await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: id, event: 'paid' });
  expect(paid.status).toBe(200);
  return id;
}

const deliveryRow = (page: Page, linkId: string) =>
  page.locator('[data-delivery-id]').filter({ hasText: linkId.split('-')[0] as string });

test('webhooks: add an endpoint, follow deliveries live, inspect, pause and resume, rotate', async ({
  page,
  sandbox,
}) => {
  const receiver = await startReceiver();
  try {
    await resetWebhooks(sandbox);
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await expect(page.getByText('Add an endpoint, then pay a link')).toBeVisible();
    await page.screenshot({ path: 'test-results/webhooks-empty-light.png' });

    // The API's validation error shows beside the field.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.locator('#field-url-error')).toBeVisible();
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('e2e receiver');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();
    const endpoint = page.getByRole('listitem', { name: receiver.url });
    await expect(endpoint).toContainText('e2e receiver');
    await expect(endpoint).toContainText('All events');
    await expect(endpoint.getByTestId('endpoint-secret')).toHaveText(/^whsec_•+$/); // hidden until Reveal

    // A paid link's delivery appears live and reaches delivered.
    await page.evaluate(() => ((globalThis as any).__noReload = true));
    const first = await payNewLink(sandbox, 'Webhook one');
    const row = deliveryRow(page, first);
    await expect(row).toBeVisible();
    await expect(row).toContainText('payment_link.paid');
    await expect(row.locator('.badge')).toHaveText('Delivered');
    expect(await page.evaluate(() => (globalThis as any).__noReload)).toBe(true);
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);

    // The inspector shows what went over the wire and what came back.
    await row.click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    await expect(inspector).toBeVisible();
    await expect(inspector.getByText('webhook-id', { exact: true })).toBeVisible();
    await expect(inspector.getByText('webhook-signature', { exact: true })).toBeVisible();
    await expect(inspector.getByTestId('response-status')).toHaveText('HTTP 200');
    await expect(inspector.locator('pre.body-block').first()).toContainText('"type": "payment_link.paid"');
    await page.screenshot({ path: 'test-results/webhooks-inspector-light.png' });
    await inspector.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(inspector).toBeHidden();

    // Paused: the next delivery waits and shows paused; resumed, it is delivered.
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await expect(page.getByTestId('queue-state')).toHaveText('Queue paused');
    const second = await payNewLink(sandbox, 'Webhook two');
    const pausedRow = deliveryRow(page, second);
    await expect(pausedRow.locator('.badge')).toHaveText('Paused');
    await expect(page.locator('.queue-bar')).toContainText('1 waiting');
    await expect(pausedRow).toContainText('when resumed');
    await expect(pausedRow.getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.screenshot({ path: 'test-results/webhooks-paused-light.png' });
    await page.getByRole('button', { name: 'Resume queue' }).click();
    await expect(page.getByTestId('queue-state')).toHaveText('Queue running');
    await expect(pausedRow.locator('.badge')).toHaveText('Delivered');
    await expect(page.locator('.queue-bar')).toContainText('0 waiting');

    // Rotating the secret asks first, then shows the new one.
    await endpoint.getByRole('button', { name: 'Reveal' }).click();
    const before = await endpoint.getByTestId('endpoint-secret').textContent();
    expect(before).toMatch(/^whsec_/);
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(confirm).toBeHidden();
    await expect(endpoint.getByTestId('endpoint-secret')).not.toHaveText(before as string);
    await expect(endpoint.getByTestId('endpoint-secret')).toHaveText(/^whsec_/);
    await page.screenshot({ path: 'test-results/webhooks-light.png' });
  } finally {
    await receiver.close();
  }
});

test('webhooks: edit an endpoint, send it a test event, inspect its verified signature, clear history', async ({
  page,
  sandbox,
}) => {
  const receiver = await startReceiver();
  try {
    await resetWebhooks(sandbox);
    await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url, description: 'before' });
    await page.goto(sandbox.origin + '/');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const card = page.getByRole('listitem', { name: receiver.url });
    await expect(card).toContainText('before');

    // Edit: the form opens filled in; a bad URL is refused beside its field; the change shows live.
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await expect(dialog.getByLabel('URL')).toHaveValue(receiver.url);
    await dialog.getByLabel('URL').fill('ftp://files.example/x');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.locator('#field-url-error')).toContainText('only http:// and https://');
    const edited = `${receiver.url}/edited`;
    await dialog.getByLabel('URL').fill(edited);
    await dialog.getByLabel('Description').fill('Orders service');
    // With no event ticked the form says why it cannot save.
    for (const type of ['paid', 'failed', 'expired', 'canceled'])
      await dialog.getByRole('checkbox', { name: `payment_link.${type}` }).uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.locator('#field-event_types-error')).toContainText('Tick at least one event');
    for (const type of ['paid', 'failed', 'canceled'])
      await dialog.getByRole('checkbox', { name: `payment_link.${type}` }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const editedCard = page.getByRole('listitem', { name: edited });
    await expect(editedCard).toContainText('Orders service');
    await expect(editedCard.locator('.chip')).toHaveText(['paid', 'failed', 'canceled']);

    // A test event of the chosen type opens in the inspector, delivered, its signature verified.
    await editedCard.getByRole('button', { name: 'Send test event' }).click();
    const testDialog = page.getByRole('dialog', { name: 'Send a test event' });
    await testDialog.getByRole('radio', { name: 'payment_link.failed' }).check();
    await testDialog.getByRole('button', { name: 'Send test event' }).click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    await expect(inspector.locator('.facts .chip-test')).toHaveText('test');
    await expect(inspector.getByTestId('response-status')).toHaveText('HTTP 200');
    await expect(inspector.locator('.sig-badge')).toHaveText('verifies');
    await expect(inspector.locator('pre.body-block').first()).toContainText(
      '"reference_id": "sandbox_test_event"',
    );
    const secret = (await consoleCall(sandbox, 'GET', '/endpoints')).body.data[0].secret as string;
    const arrived = receiver.received.find((r) => r.path === '/webhooks/edited');
    expect(arrived).toBeDefined();
    const headers = Object.fromEntries(Object.entries(arrived!.headers).map(([k, v]) => [k, String(v)]));
    expect((new Webhook(secret).verify(arrived!.body, headers) as { type: string }).type).toBe(
      'payment_link.failed',
    );
    await page.screenshot({ path: 'test-results/webhooks-test-event-inspector-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/webhooks-test-event-inspector-dark.png' });
    await inspector.getByRole('button', { name: 'Close', exact: true }).click();

    const row = page.locator('[data-delivery-id]');
    await expect(row).toHaveCount(1);
    await expect(row.locator('.chip-test')).toBeVisible();
    await expect(row.locator('.badge')).toHaveText('Delivered');
    await page.screenshot({ path: 'test-results/webhooks-dark.png' });

    // Clear history asks first, then empties the table.
    await page.getByRole('button', { name: 'Clear history' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Clear the delivery history?' });
    await confirm.getByRole('button', { name: 'Clear history' }).click();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
