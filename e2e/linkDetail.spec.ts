import { expect, test, openConsole } from './sandboxFixture';
import { consoleCall, resetWebhooks, startReceiver } from './webhookHelpers';

test('Paid from the row updates the row, the detail timeline, and makes a delivery whose signature verifies', async ({
  page,
  sandbox,
}) => {
  const receiver = await startReceiver();
  try {
    await resetWebhooks(sandbox);
    const endpoint = await consoleCall(sandbox, 'POST', '/endpoints', {
      url: receiver.url,
      description: 'detail e2e',
    });
    expect(endpoint.status).toBe(201);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openConsole(page, sandbox.origin);

    const created = await sandbox.api('POST', '/payment-links', {
      amount: 125_000,
      title: 'Detail panel order',
      reference_id: 'ORD-DETAIL-1',
      note: 'Two mugs',
    });
    expect(created.status).toBe(201);
    const link = created.body.data;
    const row = page.locator(`[data-link-id="${link.id}"]`);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Detail panel order' }).click();
    const panel = page.getByRole('complementary', { name: 'Detail panel order' });
    await expect(panel).toBeVisible();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const timeline = panel.getByRole('list', { name: 'Status timeline' });
    await expect(timeline.getByRole('listitem')).toHaveText([/Created/, /Expires \(upcoming\)/]);
    await expect(panel.getByRole('region', { name: 'Checkout URL' })).toContainText(link.url);
    await expect(panel.getByRole('definition').filter({ hasText: 'ORD-DETAIL-1' })).toBeVisible();
    await expect(panel.getByRole('definition').filter({ hasText: 'Two mugs' })).toBeVisible();
    await expect(panel.getByText(/None yet/)).toBeVisible();

    // The raw JSON is collapsed until asked for, and is the link as the API returns it.
    const raw = panel.getByTestId('link-json');
    await expect(raw).toBeHidden();
    await panel.getByText('Raw JSON').click();
    expect(JSON.parse((await raw.textContent()) as string)).toEqual(link);

    await row.getByRole('button', { name: 'Paid' }).click();
    await expect(row.locator('.badge')).toHaveText('Succeeded');
    await expect(panel.locator('.link-detail-status .badge')).toHaveText('Succeeded');
    await expect(timeline.getByRole('listitem')).toHaveText([/Created/, /Paid.*by card/, /Settle/]);
    const delivery = panel.getByRole('list', { name: 'Deliveries of this link' }).getByRole('listitem');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText('payment_link.paid');
    await expect(delivery.locator('.badge')).toHaveText('Delivered');
    expect(receiver.received).toHaveLength(1);
    await page.screenshot({ path: 'test-results/link-detail-light.png' });

    await delivery.getByRole('button', { name: 'Inspect' }).click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    await expect(inspector).toBeVisible();
    await expect(inspector.locator('.sig-badge')).toHaveText('verifies');
    await expect(inspector.locator('pre.body-block').first()).toContainText(link.id);

    // Resend from the inspector: the same event again, with the same webhook-id.
    await inspector.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    await expect(inspector.getByText('Attempt 1 · series 2')).toBeVisible();
    // One record of the delivery: the live change shows in the inspector and the link's detail alike,
    // and the signature verdicts read before stay.
    await expect(delivery).toContainText('2 attempts');
    await expect(inspector.locator('.sig-badge')).toHaveText(['verifies', 'verifies']);

    // The inspector opened over the Links screen: closing it leaves the tester on the link.
    await page.keyboard.press('Escape');
    await expect(inspector).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Links', level: 2 })).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('the detail panel closes with Escape and follows the row clicked next', async ({ page, sandbox }) => {
  await openConsole(page, sandbox.origin);
  const first = (await sandbox.api('POST', '/payment-links', { amount: 1000, title: 'First panel link' }))
    .body.data;
  const second = (await sandbox.api('POST', '/payment-links', { amount: 2000, title: 'Second panel link' }))
    .body.data;

  await page.locator(`[data-link-id="${first.id}"] .cell-amount`).click();
  await expect(page.getByRole('complementary', { name: 'First panel link' })).toBeVisible();
  await page.locator(`[data-link-id="${second.id}"] .cell-amount`).click();
  const panel = page.getByRole('complementary', { name: 'Second panel link' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(second.id);

  // Canceled from the panel: the row follows.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator(`[data-link-id="${second.id}"] .badge`)).toHaveText('Canceled');
  await expect(panel.getByRole('list', { name: 'Status timeline' }).getByRole('listitem')).toHaveText([
    /Created/,
    /Canceled/,
  ]);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // The keyboard user is put back on the row they came from.
  await expect(page.locator(`[data-link-id="${second.id}"] .title-button`)).toBeFocused();
});

test('at 1280 px with the detail open, status, title, amount and actions stay whole, with no sideways scroll', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, sandbox.origin);
  const link = (
    await sandbox.api('POST', '/payment-links', { amount: 1_250_000, title: 'Layout at 1280 px' })
  ).body.data;
  const row = page.locator(`[data-link-id="${link.id}"]`);
  await row.getByRole('button', { name: 'Layout at 1280 px' }).click();
  await expect(page.getByRole('complementary', { name: 'Layout at 1280 px' })).toBeVisible();

  const scroller = page.locator('.links-body > .table-scroll');
  const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const area = await scroller.boundingBox();
  for (const part of [
    row.locator('.badge'),
    row.getByRole('button', { name: 'Layout at 1280 px' }),
    row.locator('.cell-amount'),
    row.getByRole('button', { name: 'Cancel' }),
  ]) {
    await expect(part).toBeVisible();
    const box = await part.boundingBox();
    expect(box && area && box.x >= area.x && box.x + box.width <= area.x + area.width).toBe(true);
  }
  // The amount itself is not cut to an ellipsis (the fee line beneath it may be).
  const amount = row.locator('.cell-amount .amount');
  await expect(amount).toHaveText(/IDR\s?1,250,000/);
  expect(await amount.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
