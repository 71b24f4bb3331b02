// Issue 21: what asks before a big change, what leaves the Pending filter, and what the Faults
// screen calls each action.
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

test('Expired on 101 selected links asks first and says how many; keeping them changes none', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const tag = `Bulk ${Date.now()}`;
    for (let i = 0; i < 101; i++)
      expect(
        (await sandbox.api('POST', '/payment-links', { amount: 10_000, title: `${tag} ${i}` })).status,
      ).toBe(201);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('checkbox', { name: 'Select every link the filter matches' }).click();
    const bar = page.getByRole('region', { name: 'Selected links' });
    await expect(bar).toContainText('101 selected');
    await bar.getByRole('button', { name: 'Expired' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Expired: 101 links?' });
    await expect(dialog).toContainText('each of the 101 selected links');
    await expectAxeClean(page, 'bulk confirmation');
    await page.screenshot({ path: 'test-results/screenshots/bulk-confirm-1280x720.png' });
    await dialog.getByRole('button', { name: 'Keep them as they are' }).click();
    await expect(dialog).toHaveCount(0);
    const stillPending = await sandbox.api('GET', '/payment-links?status=pending&per_page=1');
    expect(stillPending.body.pagination.total).toBe(101);

    await bar.getByRole('button', { name: 'Expired' }).click();
    await page.getByRole('button', { name: 'Expired 101 links' }).click();
    await expect(page.getByText('101 of 101 changed.')).toBeVisible();
    const expired = await sandbox.api('GET', '/payment-links?status=expired&per_page=1');
    expect(expired.body.pagination.total).toBe(101);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('a link paid under the Pending filter shows Succeeded, then leaves the list', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    const kept = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Still pending' });
    const paid = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Paid now' });
    const canceled = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Not pending' });
    await sandbox.api('POST', `/payment-links/${canceled.body.data.id as string}/cancel`, {});
    await openConsole(page, sandbox.origin);
    await expect(page.locator('.count-block .count')).toHaveText(/^3 links/);
    await page.getByLabel('Status').selectOption('pending');
    // The Pending list read in (2 of the 3), so the payment below is a live change to it, not a read.
    await expect(page.locator('.count-block .count')).toHaveText(/^2 links/);
    const row = page.locator(`[data-link-id="${paid.body.data.id as string}"]`);
    await expect(row).toBeVisible();
    await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: paid.body.data.id, event: 'paid' });
    await expect(row.locator('.badge')).toHaveText('Succeeded');
    await expect(row).toHaveCount(0);
    await expect(page.locator(`[data-link-id="${kept.body.data.id as string}"]`)).toBeVisible();
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test("the Faults form and rules list call each action by the API's name", async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'lose_response' },
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: /^Faults/ }).click();
    await expect(
      page.getByText('lose_response: do it, then close instead of answering').first(),
    ).toBeVisible();
    const choices = await page.getByLabel('Action').locator('option').allTextContents();
    expect(choices).toEqual(
      expect.arrayContaining([
        'drop: close the connection, change nothing',
        'lose_response: do it, then close instead of answering',
      ]),
    );
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('at 1280×720 the toasts leave the Faults "Add rule" button uncovered', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: /^Faults/ }).click();
    const add = page.getByRole('button', { name: 'Add rule' });
    for (let i = 0; i < 4; i++) await add.click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.locator('.toast')).toHaveCount(4);
    await add.scrollIntoViewIfNeeded();
    const button = (await add.boundingBox())!;
    const stack = (await toasts.boundingBox())!;
    const overlaps =
      button.x < stack.x + stack.width &&
      stack.x < button.x + button.width &&
      button.y < stack.y + stack.height &&
      stack.y < button.y + button.height;
    expect(overlaps).toBe(false);
    // The topmost element at the button's centre is the button, so a click lands on it.
    await add.click({ trial: true, timeout: 1_000 });
    await page.screenshot({ path: 'test-results/screenshots/faults-toasts-1280x720.png' });
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('during and after a Samples run the live count never shows more links than the API has', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    const count = page.locator('.count-block .count');
    const runSamples = async (n: number) => {
      await page.getByRole('button', { name: 'Samples…' }).click();
      await page.getByLabel('How many').fill(String(n));
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByText(`Created ${n.toLocaleString('en')} sample links`)).toBeVisible({
        timeout: 60_000,
      });
    };
    await runSamples(2_000);
    await expect(count).toHaveText(/^2,000 links/);
    // Every count the toolbar shows from here on, as it shows it.
    await count.evaluate((element) => {
      // The e2e code is typed without the DOM; the page has it.
      const page = globalThis as unknown as {
        seenCounts: number[];
        MutationObserver: new (seen: () => void) => { observe(target: unknown, options: object): void };
      };
      page.seenCounts = [];
      new page.MutationObserver(() =>
        page.seenCounts.push(Number(element.textContent?.replace(/\D/g, ''))),
      ).observe(element, { subtree: true, childList: true, characterData: true });
    });
    await runSamples(5_000);
    const onServer = (await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total as number;
    expect(onServer).toBe(7_000);
    await expect(count).toHaveText(/^7,000 links/);
    const seen = await page.evaluate(() => (globalThis as unknown as { seenCounts: number[] }).seenCounts);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeLessThanOrEqual(onServer);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('"Select every link" over 10,000 says the selection stopped at the first 10,000, and Expired asks about 10,000', async ({
  page,
}) => {
  // Making 10,000 samples takes 15–25 s alone and more on a busy machine: the wait for them allows
  // 60 s, so the test as a whole may take longer than the default 30 s.
  test.setTimeout(120_000);
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('button', { name: 'Samples…' }).click();
    await page.getByLabel('How many').fill('10000');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Created 10,000 sample links')).toBeVisible({ timeout: 60_000 });
    expect((await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'One more' })).status).toBe(
      201,
    );
    await expect(page.locator('.count-block .count')).toHaveText(/^10,001 links/);
    await page.getByRole('checkbox', { name: 'Select every link the filter matches' }).click();
    const bar = page.getByRole('region', { name: 'Selected links' });
    await expect(bar).toContainText('10,000 selected (the first of 10,001: the most one bulk action takes)');
    await expect(bar.getByRole('button', { name: /Select all/ })).toHaveCount(0);
    await expectAxeClean(page, 'capped selection bar');
    await bar.getByRole('button', { name: 'Expired' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Expired: 10,000 links?' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/bulk-capped-1280x720.png' });
    await page.getByRole('button', { name: 'Keep them as they are' }).click();
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toHaveCount(0);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test("a row's Paid names the method it records, and records the one set in the link's detail", async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const created = await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Pay by wallet' });
    const id = created.body.data.id as string;
    await openConsole(page, sandbox.origin);
    const row = page.locator(`[data-link-id="${id}"]`);
    await expect(row.getByRole('button', { name: 'Paid' })).toHaveAttribute(
      'title',
      'Paid takes a pending link to Succeeded (status succeeded) and sends payment_link.paid, paid by card',
    );
    await row.getByRole('button', { name: 'Pay by wallet', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Pay by wallet' });
    await panel.getByLabel('Paid by').fill('ewallet');
    await expect(row.getByRole('button', { name: 'Paid' })).toHaveAttribute(
      'title',
      'Paid takes a pending link to Succeeded (status succeeded) and sends payment_link.paid, paid by ewallet',
    );
    await row.getByRole('button', { name: 'Paid' }).click();
    await expect(row.locator('.badge')).toHaveText('Succeeded');
    // One word per thing, the other in the tooltip: the status names the action that led there.
    await expect(row.locator('.badge')).toHaveAttribute(
      'title',
      'Succeeded (status succeeded): after Paid (simulate paid, event payment_link.paid)',
    );
    const paid = await sandbox.api('GET', `/payment-links/${id}`);
    expect(paid.body.data.payment_method).toBe('ewallet');
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});
