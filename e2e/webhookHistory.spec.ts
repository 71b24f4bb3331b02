import { expect, test } from './sandboxFixture';
import { consoleCall, resetWebhooks, startReceiver } from './webhookHelpers';

const PAID = 170;
const FAILED = 60;

test('webhooks: the history pages as it scrolls, keeps few rows in the DOM, filters, stays live', async ({
  page,
  sandbox,
}) => {
  const receiver = await startReceiver();
  try {
    await resetWebhooks(sandbox);
    // Held by a paused queue, the deliveries stay put while the table is read.
    await consoleCall(sandbox, 'POST', '/queue/pause');
    const endpoint = (await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url })).body.data;
    const send = (event_type: string) =>
      consoleCall(sandbox, 'POST', `/endpoints/${endpoint.id}/test`, { event_type });
    for (let i = 0; i < PAID; i += 10)
      await Promise.all(Array.from({ length: 10 }, () => send('payment_link.paid')));
    for (let i = 0; i < FAILED; i += 10)
      await Promise.all(Array.from({ length: 10 }, () => send('payment_link.failed')));
    const total = PAID + FAILED;

    await page.goto(sandbox.origin + '/');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const count = page.locator('.panel-header .count', { hasText: 'deliver' });
    await expect(count).toHaveText(`${total} deliveries`);
    const rows = page.locator('[data-delivery-id]');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThan(50);
    // The rows drawn fill the table's view down to its bottom edge.
    const scroller = page.locator('.table-scroll');
    const drawnToBottom = () =>
      scroller.evaluate((el) => {
        const bottoms = [...el.querySelectorAll('[data-delivery-id]')].map(
          (r) => r.getBoundingClientRect().bottom,
        );
        return Math.max(...bottoms) >= el.getBoundingClientRect().bottom;
      });
    expect(await drawnToBottom()).toBe(true);
    await page.screenshot({ path: 'test-results/webhooks-history-light.png' });

    // Scrolling to the end loads the older pages; the DOM keeps only the rows in view.
    const lastRow = page.locator(`[aria-rowindex="${total + 1}"]`);
    await expect(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(lastRow).toBeVisible({ timeout: 500 });
    }).toPass();
    expect(await rows.count()).toBeLessThan(50);
    await expect(lastRow).toContainText('payment_link.paid');

    // Live: a new delivery counts at once and shows at the top.
    await send('payment_link.canceled');
    await expect(count).toHaveText(`${total + 1} deliveries`);
    // Home and End, with the table focused, go to the newest and the oldest.
    await scroller.focus();
    await page.keyboard.press('Home');
    await expect(rows.first()).toContainText('payment_link.canceled');
    await page.keyboard.press('End');
    await expect(page.locator(`[aria-rowindex="${total + 2}"]`)).toContainText('payment_link.paid');
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await expect(rows.first()).toContainText('payment_link.canceled');

    // Filters are the console API's.
    await page.getByLabel('Event').selectOption('payment_link.failed');
    await expect(count).toHaveText(`${FAILED} deliveries`);
    await expect(rows.first()).toContainText('payment_link.failed');
    await page.getByLabel('Status').selectOption('delivered');
    await expect(page.getByText('No deliveries match')).toBeVisible();
    await page.getByLabel('Status').selectOption('paused');
    await page.getByLabel('Event').selectOption('all');
    await page.getByRole('combobox', { name: 'Endpoint', exact: true }).selectOption(endpoint.id);
    await expect(count).toHaveText(`${total + 1} deliveries`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/webhooks-history-dark.png' });
  } finally {
    await resetWebhooks(sandbox);
    await receiver.close();
  }
});
