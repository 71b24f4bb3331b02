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
    const rows = page.locator('[role="row"][data-request-id]');
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

test('faults: a seed is taken by the rule form and the endpoint dialog, refused in words when out of range', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    const faultsLink = page
      .getByRole('link', { name: 'Faults' })
      .or(page.getByRole('button', { name: 'Faults' }));
    await faultsLink.click();
    const form = page.getByRole('form', { name: 'Add a rule' });
    await form.getByLabel('Probability').fill('0.5');
    await form.getByLabel('Seed').fill('-3');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(form.locator('#field-seed-error')).toContainText('a whole number from 0 to 4294967295');
    await form.getByLabel('Seed').fill('20261126');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByText('seed 20261126')).toBeVisible();
    const rules = await sandbox.api('GET', '/sandbox/faults');
    expect(rules.body.data[0].seed).toBe(20261126);
    await page.screenshot({ path: 'test-results/faults-seed-rule.png' });

    const webhooksLink = page
      .getByRole('link', { name: 'Webhooks' })
      .or(page.getByRole('button', { name: 'Webhooks' }));
    await webhooksLink.click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill('http://127.0.0.1:9/hooks');
    await dialog.getByRole('checkbox', { name: "Deliver a link's events out of order (within 5 s)" }).check();
    await dialog.getByLabel('Shuffle seed').fill('4294967296');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toContainText('a whole number from 0 to 4294967295');
    await dialog.getByLabel('Shuffle seed').fill('7');
    await page.screenshot({ path: 'test-results/faults-seed-endpoint.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/faults-seed-endpoint-dark.png' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();
    const endpoints = await sandbox.api('GET', '/sandbox/endpoints');
    const made = endpoints.body.data.find((e: { url: string }) => e.url === 'http://127.0.0.1:9/hooks');
    expect(made.faults).toMatchObject({ shuffle: true, seed: 7 });

    // Emptied, the seed is removed: the shuffle is random again.
    await page
      .getByRole('listitem', { name: 'http://127.0.0.1:9/hooks' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await expect(edit.getByLabel('Shuffle seed')).toHaveValue('7');
    await edit.getByLabel('Shuffle seed').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const after = await sandbox.api('GET', '/sandbox/endpoints');
    const saved = after.body.data.find((e: { url: string }) => e.url === 'http://127.0.0.1:9/hooks');
    expect(saved.faults.seed).toBeUndefined();
  } finally {
    sandbox.stop();
  }
});
