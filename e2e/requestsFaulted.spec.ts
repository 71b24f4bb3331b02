import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

test('requests: a request a fault rule answered keeps its body, names the rule, and Replay and Copy as curl work', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const rule = await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'status', status: 500 },
      remaining: 1,
    });
    const ruleId = (rule.body as { data: { id: string } }).data.id;
    await openConsole(page, origin);
    await page
      .getByRole('button', { name: 'Requests' })
      .or(page.getByRole('link', { name: 'Requests' }))
      .first()
      .click();

    const raw = '{"amount": 2500, "title": "Faulted order"}';
    const faulted = await fetch(origin + '/payment-links', {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' },
      body: raw,
    });
    expect(faulted.status).toBe(500);

    const rows = page.locator('[role="row"][data-request-id]');
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: '500' }).click();
    const detail = page.getByRole('dialog', { name: 'POST /payment-links' });
    await expect(detail).toContainText(ruleId);
    await expect(detail.getByRole('region', { name: 'Request body' })).toContainText('Faulted order');
    await expect(detail).not.toContainText('refused at the key check');
    await page.screenshot({ path: 'test-results/screenshots/requests-faulted-light.png' });

    await detail.getByRole('button', { name: 'Copy as curl: this request as a command' }).click();
    const curl = await page.evaluate(
      () => (globalThis as any).navigator.clipboard.readText() as Promise<string>,
    );
    expect(curl).toContain('--data');
    const { stdout } = await promisify(execFile)(
      'bash',
      ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`],
      {
        env: { ...process.env, KEY: 'sk_test_e2e' },
      },
    );
    expect(stdout).toBe('201');
    await expect(rows).toHaveCount(3);

    await expect(detail.getByRole('button', { name: 'Replay' })).toBeEnabled();
    await detail.getByRole('button', { name: 'Replay' }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText('replay of');
    await expect(rows.first()).toContainText('201');
  } finally {
    sandbox.stop();
  }
});
