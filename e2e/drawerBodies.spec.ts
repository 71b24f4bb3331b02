// A request's detail says why a body shows as none (src/shared/missingBodies.ts): a request that sent
// none (a GET, a bodiless cancel) says "No body"; "Not kept" is said only of a body the log dropped
// (refused at the key check, over the body limit, or a request outside the API).
import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, openConsole, test } from './sandboxFixture';
import { consoleCall } from './webhookHelpers';

/** Opens the logged request with this method, path and status, and gives its detail. */
async function openRequest(page: Page, method: string, path: string, status: number | string) {
  const row = page
    .locator('[role="row"][data-request-id]')
    .filter({ has: page.locator('.method', { hasText: new RegExp(`^${method}$`) }) })
    .filter({ has: page.locator(`[role="cell"] [title="${path}"]`) })
    .filter({ has: page.locator('.status-code', { hasText: new RegExp(`^${status}$`) }) });
  await row.click();
  const detail = page.getByRole('dialog', { name: `${method} ${path}`, exact: true });
  await expect(detail).toBeVisible();
  return detail;
}

async function close(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('requests: a request without a body says it had none; "Not kept" only where the log dropped one', async ({
  page,
  sandbox,
}) => {
  const { origin } = sandbox;
  await page.setViewportSize({ width: 1280, height: 720 });
  const link = (await sandbox.api('POST', '/payment-links', { amount: 1500, title: 'Body words' })).body.data;
  expect((await sandbox.api('GET', `/payment-links/${link.id}`)).status).toBe(200);
  // A cancel with no body and no Content-Type, as `curl -X POST` sends it.
  const cancel = await fetch(`${origin}/payment-links/${link.id}/cancel`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_e2e' },
  });
  expect(cancel.status).toBe(200);
  const refused = await fetch(`${origin}/payment-links`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_live_abcdefghijklmnop', 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1500, title: 'Refused key' }),
  });
  expect(refused.status).toBe(401);
  const tooLarge = await fetch(`${origin}/payment-links`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1500, title: 'x'.repeat(70_000) }),
  });
  expect(tooLarge.status).toBe(413);

  await openConsole(page, origin);
  await page.getByRole('link', { name: 'Requests', exact: true }).click();

  const get = await openRequest(page, 'GET', `/payment-links/${link.id}`, 200);
  const getBody = get.getByRole('region', { name: 'Request body' });
  await expect(getBody).toContainText('No body: a GET carries none.');
  await expect(getBody).not.toContainText('Not kept');
  await expect(get.getByRole('button', { name: 'Replay' })).toBeEnabled();
  await expectAxeClean(page, 'Requests, a GET without a body');
  await close(page);

  const bodiless = await openRequest(page, 'POST', `/payment-links/${link.id}/cancel`, 200);
  await expect(bodiless.getByRole('region', { name: 'Request body' })).toContainText(
    'No body: none was sent.',
  );
  await close(page);

  const keyRefused = await openRequest(page, 'POST', '/payment-links', 401);
  await expect(keyRefused.getByRole('region', { name: 'Request body' })).toContainText(
    'Not kept: the request was refused at the key check, which answers before the body is read.',
  );
  await expect(keyRefused.getByRole('button', { name: 'Replay' })).toBeDisabled();
  await close(page);

  const large = await openRequest(page, 'POST', '/payment-links', 413);
  await expect(large.getByRole('region', { name: 'Request body' })).toContainText(
    "Not kept: it was over the API's 64 KiB body limit, refused before it was read.",
  );
  await close(page);

  // The console's own calls are logged without their bodies, whichever they had.
  expect((await consoleCall(sandbox, 'POST', '/queue/pause', {})).status).toBe(200);
  expect((await consoleCall(sandbox, 'POST', '/queue/resume', {})).status).toBe(200);
  await page.getByLabel('Show console and page requests').check();
  const own = await openRequest(page, 'POST', '/_console/api/queue/pause', 200);
  for (const name of ['Request body', 'Response body'])
    await expect(own.getByRole('region', { name })).toContainText(
      'Not kept: the log keeps the bodies of API requests only.',
    );
  await close(page);
});
