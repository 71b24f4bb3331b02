import { readFile } from 'node:fs/promises';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

test('faults: a 500 rule switched on in the console answers the app once, and Requests marks it', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Faults' }).click();
    await expect(page.getByRole('heading', { name: 'Faults' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a rule' });
    await form.getByLabel('Method').selectOption('POST');
    await form.getByLabel('Route').selectOption('/payment-links');
    await form.getByLabel('Action').selectOption('status');
    await form.getByLabel('Status', { exact: true }).fill('500');
    await form.getByLabel('Remaining').fill('1');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByText('POST /payment-links')).toBeVisible();
    await expect(page.getByText('status 500')).toBeVisible();
    await page.screenshot({ path: 'test-results/faults-rule.png' });

    // The developer's app meets the fault once; the next create goes through.
    const faulted = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Fault e2e' });
    expect(faulted.status).toBe(500);
    expect(faulted.body.error.code).toBe('internal_error');
    const passed = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Fault e2e' });
    expect(passed.status).toBe(201);
    await expect(page.getByText('status 500')).toHaveCount(0);

    await page.getByRole('link', { name: 'Requests' }).click();
    const rows = page.locator('tr[data-request-id]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('500');
    await expect(rows.nth(1).locator('.fault-badge')).toBeVisible();
    await expect(rows.nth(0)).toContainText('201');
    await expect(rows.nth(0).locator('.fault-badge')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/faults-requests.png' });

    // The session exports as a scenario: the faulted request never ran, so it stays out.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as scenario' }).click();
    const file = await (await download).path();
    const scenario = JSON.parse(await readFile(file, 'utf8'));
    expect(scenario.format).toBe('payment-links-sandbox/scenario');
    expect(scenario.steps).toHaveLength(1);
    expect(scenario.steps[0].expect.status).toBe(201);
  } finally {
    sandbox.stop();
  }
});
