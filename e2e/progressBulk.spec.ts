// Issue 32: a bulk action over 1,000 links goes in parts, showing how far it is with Cancel, which
// keeps what was done and says how many; and the selection follows what is left: links the filter
// no longer shows leave it, and an action none of the selected links takes is disabled.
import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';

const SHOTS = 'test-results/screenshots';

async function samples(sandbox: Sandbox, count: number) {
  expect((await sandbox.api('POST', '/_console/api/links/samples', { count })).status).toBe(201);
}

const countOf = async (sandbox: Sandbox, status: string) =>
  (await sandbox.api('GET', `/payment-links?status=${status}&per_page=1`)).body.pagination.total as number;

async function selectAllIn(page: Page, status: string, expected: string) {
  await page.getByLabel('Status').selectOption(status);
  await expect(page.locator('.count-block .count')).toHaveText(new RegExp(`^${expected} links`));
  await page.getByRole('checkbox', { name: 'Select every link the filter matches' }).click();
  const bar = page.getByRole('region', { name: 'Selected links' });
  await expect(bar).toContainText(`${expected} selected`);
  return bar;
}

test('Paid on 2,400 selected links goes in parts with its progress; Cancel keeps what was done and says how many', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sandbox = await launchSandbox();
  try {
    await samples(sandbox, 6_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    const bar = await selectAllIn(page, 'pending', '2,400');
    // The second part is held on its way, as a slow machine's would take its time.
    let parts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_console/api/links/bulk', async (route) => {
      if (++parts === 2) await held;
      await route.continue();
    });
    await bar.getByRole('button', { name: 'Paid' }).click();
    await page.getByRole('button', { name: 'Paid 2,400 links' }).click();
    const progress = bar.getByRole('group', { name: 'Applying Paid' });
    await expect(progress).toContainText('1,000 of 2,400');
    // The thousand paid so far have left the Pending view, and the selection with them.
    await expect(bar).toContainText('1,400 selected');
    for (const action of ['Paid', 'Failed', 'Expired', 'Cancel'])
      await expect(bar.getByRole('button', { name: action, exact: true }).first()).toBeDisabled();
    await expectAxeClean(page, 'bulk progress');
    await page.screenshot({ path: `${SHOTS}/e2e-bulk-progress.png` });
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    release();
    await expect(
      page.getByText(
        'Paid cancelled after 2,000 of 2,400 links: 2,000 of 2,000 changed. The other 400 were not touched.',
      ),
    ).toBeVisible();
    await expect(progress).toHaveCount(0);
    await expect(bar).toContainText('400 selected');
    expect(await countOf(sandbox, 'pending')).toBe(400);
    expect(await countOf(sandbox, 'succeeded')).toBe(3_800);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('a confirmed Cancel of the Failed links under the Failed filter ends the selection with them', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await samples(sandbox, 2_000);
    await openConsole(page, sandbox.origin);
    const bar = await selectAllIn(page, 'failed', '200');
    await bar.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel 200 links' }).click();
    await expect(page.getByText('200 of 200 changed.')).toBeVisible();
    await expect(page.locator('.count-block .count')).toHaveText(/^0 links/);
    await expect(bar).toHaveCount(0);
    expect(await countOf(sandbox, 'failed')).toBe(0);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('under All the links stay selected after Paid, and an action none of them takes is disabled', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await samples(sandbox, 100);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    const bar = await selectAllIn(page, 'all', '100');
    await bar.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(page.getByText('40 of 100 changed; 60 skipped')).toBeVisible();
    await expect(bar).toContainText('100 selected');
    // Succeeded, expired and canceled links take nothing; the ten failed ones can still be canceled.
    for (const action of ['Paid', 'Failed', 'Expired'])
      await expect(bar.getByRole('button', { name: action, exact: true })).toBeDisabled();
    const cancel = bar.getByRole('button', { name: 'Cancel', exact: true });
    await expect(cancel).toBeEnabled();
    await expect(cancel).toHaveAttribute('title', 'Cancel every selected link that allows it (10 of 100)');
    await expectAxeClean(page, 'bulk bar with actions disabled');
    await page.screenshot({ path: `${SHOTS}/e2e-bulk-disabled.png` });
    await cancel.click();
    await expect(page.getByText('10 of 100 changed; 90 skipped')).toBeVisible();
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAttribute(
      'title',
      'Cancel takes pending or failed links only: none of the selected links is one',
    );
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});
