import { expect, test } from './sandboxFixture';

test('the console page loads from the headless server', async ({ page, sandbox }) => {
  await page.goto(sandbox.origin + '/');
  await expect(page.getByRole('heading', { name: 'Payment Links Sandbox' })).toBeVisible();
  await expect(page.getByText(`The API is running at ${sandbox.origin}`)).toBeVisible();
});

test('a payer pays a link on the checkout page and the API shows it succeeded', async ({ page, sandbox }) => {
  const created = await sandbox.api('POST', '/payment-links', {
    amount: 250_000,
    title: 'Concert ticket',
    note: 'Row 5',
  });
  expect(created.status).toBe(201);
  const link = created.body.data;

  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: 'Concert ticket' })).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(/IDR\s?250,000/);
  await page.screenshot({ path: 'test-results/checkout-pending.png' });

  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('status')).toHaveText('Payment received. Thank you!');
  await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/checkout-paid.png' });

  const after = await sandbox.api('GET', `/payment-links/${link.id}`);
  expect(after.body.data.status).toBe('succeeded');
});

test('Decline shows the declined state', async ({ page, sandbox }) => {
  const link = (await sandbox.api('POST', '/payment-links', { amount: 1000, title: 'Coffee' })).body.data;
  await page.goto(link.url);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText('The payment was declined.');
  expect((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status).toBe('failed');
});

test('on a 390 px phone the checkout page fits: no sideways scroll, even with a long title', async ({
  page,
  sandbox,
}) => {
  const created = await sandbox.api('POST', '/payment-links', {
    amount: 1_250_000,
    title: 'Annual-membership-renewal-with-a-very-long-unbroken-name-for-the-phone-check',
    reference_id: 'INV-2026-000000000000000001',
  });
  expect(created.status).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(created.body.data.url);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  const widths = await page
    .locator('html')
    .evaluate((html) => ({ page: html.scrollWidth, view: html.clientWidth }));
  const card = await page.locator('main').boundingBox();
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  expect((card?.x ?? 0) + (card?.width ?? Infinity)).toBeLessThanOrEqual(widths.view);
  await page.screenshot({ path: 'test-results/checkout-phone.png' });
});
