import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

const KEY = { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' };

test('Export as scenario: the toast names what it left out and why, and the file replays green', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    // Links from before the recording: the list's total differs on the fresh sandbox a replay uses.
    for (let i = 0; i < 3; i++)
      await fetch(`${origin}/payment-links`, {
        method: 'POST',
        headers: KEY,
        body: JSON.stringify({ amount: 1000 + i, title: `Before ${i}` }),
      });
    const rule = await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'status', status: 500 },
      remaining: 1,
    });
    const ruleId = (rule.body as { data: { id: string } }).data.id;
    const faulted = await fetch(`${origin}/payment-links`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ amount: 2500, title: 'Faulted order' }),
    });
    expect(faulted.status).toBe(500);
    await fetch(`${origin}/payment-links`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ amount: 4200, title: 'Made order' }),
    });
    await fetch(`${origin}/payment-links?per_page=3`, { headers: KEY });

    await openConsole(page, origin);
    await page
      .getByRole('link', { name: 'Requests' })
      .or(page.getByRole('button', { name: 'Requests' }))
      .first()
      .click();
    const rows = page.locator('[role="row"][data-request-id]');
    await expect(rows).toHaveCount(7);
    await expect(page.locator('.count')).toHaveText('7 requests');
    // The four of this session: the rule, the faulted create, the create, the list.
    for (const text of ['/sandbox/faults', '500', 'Made', 'per_page=3']) {
      const row = text === 'Made' ? rows.filter({ hasText: '201' }).first() : rows.filter({ hasText: text });
      await row.getByRole('checkbox').check();
    }
    const exportButton = page.getByRole('button', { name: 'Export 4 as scenario' });
    const downloading = page.waitForEvent('download');
    await exportButton.click();
    const download = await downloading;
    const toast = page.getByRole('region', { name: 'Notifications' }).locator('.toast').last();
    await expect(toast).toContainText('Exported 3 requests');
    await expect(toast).toContainText('Left out 1');
    await expect(toast).toContainText(`fault rule ${ruleId} answered it in the API's place`);
    await page.screenshot({ path: 'test-results/screenshots/requests-export-scenario.png' });
    await expectAxeClean(page, 'Export as scenario, what it left out');

    const file = join(await mkdtemp(join(tmpdir(), 'pls-export-')), 'scenario.json');
    await download.saveAs(file);
    const { stdout } = await promisify(execFile)('node', ['src/cli/bin.mjs', 'run', file], {
      timeout: 90_000,
    });
    // execFile rejects on a non-zero exit: a step that did not match fails the test there too.
    expect(stdout).toContain('✓ 2 POST /payment-links');
    expect(stdout).toContain('✓ 3 GET /payment-links?per_page=3');
    expect(stdout).toMatch(/All \d+ steps matched/);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});
