// Export as scenario asks first when a ticked request needs one that is not ticked (the first use
// of the Idempotency-Key it reuses, the create of the link it acts on), rather than save a file
// whose replay then fails; ticking those too makes a file that replays green.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const KEY = { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' };

test('Export as scenario warns of a step needing a request not ticked, and can tick it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    const create = () =>
      fetch(`${origin}/payment-links`, {
        method: 'POST',
        headers: { ...KEY, 'Idempotency-Key': 'order-77' },
        body: JSON.stringify({ amount: 15000, title: 'Keyed order' }),
      }).then((r) => r.json() as Promise<{ data: { id: string } }>);
    const { data: link } = await create();
    await create();
    await fetch(`${origin}/payment-links/${link.id}`, { headers: KEY });

    await openConsole(page, origin);
    await page.getByRole('link', { name: 'Requests' }).click();
    const rows = page.locator('[role="row"][data-request-id]');
    await expect(rows).toHaveCount(3);
    // The replay of the create and the read of its link, without the create itself.
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Export 2 as scenario' }).click();

    const dialog = page.getByRole('alertdialog', { name: '2 requests need one the export leaves out' });
    await expect(dialog).toBeVisible();
    const needs = dialog.getByTestId('scenario-needs').getByRole('listitem');
    await expect(needs).toHaveCount(2);
    await expect(needs.nth(0)).toContainText(
      /reuses Idempotency-Key "order-77", first used by request \d+ \(POST \/payment-links\), which is not ticked/,
    );
    await expect(needs.nth(1)).toContainText(
      new RegExp(
        `acts on link ${link.id}, made by request \\d+ \\(POST /payment-links\\), which is not ticked`,
      ),
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAxeClean(page, 'Export as scenario, steps that need a request not ticked');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tick 1 more and export' }).click();
    const download = await downloading;
    await expect(dialog).toBeHidden();
    await expect(rows.nth(2).getByRole('checkbox')).toBeChecked();
    const toast = page.getByRole('region', { name: 'Notifications' }).locator('.toast').last();
    await expect(toast).toContainText('Exported 3 requests');

    const file = join(await mkdtemp(join(tmpdir(), 'pls-needs-')), 'scenario.json');
    await download.saveAs(file);
    // execFile rejects on a non-zero exit: a step that did not match fails the test there.
    const { stdout } = await promisify(execFile)('node', ['src/cli/bin.mjs', 'run', file], {
      timeout: 90_000,
    });
    expect(stdout).toMatch(/All 3 steps matched/);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});
