import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

test('requests: headers, a refused key, a kept 415 body, Copy as curl and Replay', async ({ page }) => {
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await openConsole(page, origin);
    await page.getByRole('link', { name: 'Requests' }).click();

    const plain = await fetch(origin + '/payment-links', {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_e2e', 'content-type': 'text/plain' },
      body: 'amount=1',
    });
    expect(plain.status).toBe(415);
    const live = await fetch(origin + '/payment-links?per_page=1', {
      headers: { authorization: 'Bearer sk_live_abcdefghijkl' },
    });
    expect(live.status).toBe(401);
    const raw = `{"amount": 2500, "title": "It's \\"e2e\\"\\nline two"}`;
    const created = await fetch(origin + '/payment-links', {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_e2e',
        'content-type': 'application/json',
        'idempotency-key': 'hdr',
      },
      body: raw,
    });
    expect(created.status).toBe(201);

    const rows = page.locator('[role="row"][data-request-id]');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'sk_live_abcd' })).toContainText('rejected');

    await rows.filter({ hasText: '415' }).click();
    const refusedDetail = page.getByRole('dialog', { name: 'POST /payment-links' });
    await expect(refusedDetail.getByRole('region', { name: 'Request body' })).toContainText('amount=1');
    await expect(refusedDetail.getByRole('region', { name: 'Request headers' })).toContainText('text/plain');
    await refusedDetail.getByRole('button', { name: 'Close', exact: true }).click();

    await rows.filter({ hasText: '201' }).click();
    const detail = page.getByRole('dialog', { name: 'POST /payment-links' });
    const requestHeaders = detail.getByRole('region', { name: 'Request headers' });
    await expect(requestHeaders).toContainText('application/json');
    await expect(requestHeaders).toContainText('Bearer sk_test_e2e…');
    await expect(detail.getByRole('region', { name: 'Response headers' })).toContainText('x-request-id');
    await page.screenshot({ path: 'test-results/requests-headers-light.png' });

    await detail.getByRole('button', { name: 'Copy as curl: this request as a command' }).click();
    const curl = await page.evaluate(
      () => (globalThis as any).navigator.clipboard.readText() as Promise<string>,
    );
    expect(curl).toContain(`'${origin}/payment-links'`);
    expect(curl).toContain('"authorization: Bearer $KEY"');
    // The copied command, run by a shell, sends the very same body.
    await promisify(execFile)('bash', ['-c', `${curl} -s -o /dev/null`], {
      env: { ...process.env, KEY: 'sk_test_e2e' },
    });
    await expect(rows).toHaveCount(4);

    await detail.getByRole('button', { name: 'Replay' }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('replay of');
    await expect(detail).toContainText('Sent again from request');
    const replayed = await sandbox.api('GET', '/_console/api/requests');
    const [newest, curlSent] = (
      replayed.body as { data: { request_body_length: number; replay_of?: number }[] }
    ).data;
    expect(newest?.replay_of).toBeGreaterThan(0);
    expect(curlSent?.request_body_length).toBe(raw.length);
  } finally {
    sandbox.stop();
  }
});
