// What the console says about the sandbox clock: retries that wait for a frozen clock say so, a
// move from one link asks first and says the whole sandbox moves, log times carry their day when
// it is not the sandbox's today, "+1 day" reads "+1 d", and a passed secret overlap is not shown.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { consoleCall, linkWithOutcome } from './webhookHelpers';

const SHOTS = 'test-results/screenshots';

test('frozen and a day ahead: retries and the queue say they wait for the sandbox clock; the badge reads +1 d; earlier inbox rows show their day', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  // The tester's own receiver, answering 500 to everything.
  const failing = createServer((_request, response) => {
    response.writeHead(500).end('down');
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/hooks`;
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(
      (await consoleCall(sandbox, 'POST', '/endpoints', { url: `${sandbox.origin}/_inbox/default` })).status,
    ).toBe(201);
    await linkWithOutcome(sandbox, 'Paid today');
    await expect
      .poll(async () => (await consoleCall(sandbox, 'GET', '/inbox/default/messages')).body.data.length)
      .toBe(1);

    expect((await sandbox.api('POST', '/sandbox/clock/freeze')).status).toBe(200);
    expect((await sandbox.api('POST', '/sandbox/clock/advance', { seconds: 86_400 })).status).toBe(200);
    expect((await consoleCall(sandbox, 'POST', '/endpoints', { url: failingUrl })).status).toBe(201);
    await linkWithOutcome(sandbox, 'Paid tomorrow');

    await openConsole(page, sandbox.origin);
    await expect(page.locator('.sandbox-clock-badge')).toHaveText('+1 d, frozen');

    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    // The endpoint shows by name; its full URL is the tooltip.
    const retrying = page
      .locator('[data-delivery-id]')
      .filter({ has: page.locator(`[title="${failingUrl}"]`) });
    await expect(retrying).toContainText('Retrying');
    const nextRetry = retrying.getByRole('cell').nth(6);
    await expect(nextRetry).toContainText(/in \ds clock frozen/);
    await expect(nextRetry.locator('.countdown')).toHaveAttribute(
      'title',
      /of sandbox time — the clock is frozen/,
    );
    await expect(page.getByTestId('queue-clock-note')).toHaveText(
      'retries not yet due wait for the sandbox clock, which is frozen',
    );
    await retrying.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/clock-frozen-retries.png` });
    await expectAxeClean(page, 'retries waiting for a frozen clock');
    // Wide enough for every column, so the Next retry cell shows whole.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/clock-frozen-retries-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Inbox: the message from before the move shows its day; the one from the sandbox's today, only its time.
    await page.getByRole('link', { name: 'Inbox' }).click();
    const rows = page.locator('tr[data-message-id]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('td').first()).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
    await expect(rows.nth(1).locator('td').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d:\d\d$/);

    // Resumed, the retry is plain real time again and the queue line has nothing to add.
    expect((await sandbox.api('POST', '/sandbox/clock/resume')).status).toBe(200);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByTestId('queue-clock-note')).toHaveCount(0);
    await expect(nextRetry).not.toContainText('clock frozen');
  } finally {
    failing.close();
    sandbox.stop();
  }
});

test('Advance to expiry asks first, says the whole sandbox moves, and Keep the clock keeps it', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    const mine = (await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Mine to expire' }))
      .body.data;
    const other = (await sandbox.api('POST', '/payment-links', { amount: 2_000, title: 'Someone else' })).body
      .data;
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Links' }).click();
    await page.locator(`[data-link-id="${mine.id}"]`).getByRole('button', { name: 'Mine to expire' }).click();
    const panel = page.getByRole('complementary', { name: 'Mine to expire' });

    await panel.getByRole('button', { name: 'Advance to expiry' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Move the whole sandbox to');
    await expect(dialog).toContainText('this moves it for every link, not only this one');
    await expect(dialog).toContainText('Every other link due by then changes too');
    await page.screenshot({ path: `${SHOTS}/advance-to-expiry-confirm.png` });
    await expectAxeClean(page, 'Advance to expiry confirmation');
    await dialog.getByRole('button', { name: 'Keep the clock' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await sandbox.api('GET', `/payment-links/${mine.id}`)).body.data.status).toBe('pending');
    expect((await sandbox.api('GET', `/payment-links/${other.id}`)).body.data.status).toBe('pending');

    await panel.getByRole('button', { name: 'Advance to expiry' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Move the sandbox clock' }).click();
    await expect(page.locator(`[data-link-id="${mine.id}"] .badge`)).toHaveText('Expired');
    // As the dialog said: the other link, due by then, expired too.
    expect((await sandbox.api('GET', `/payment-links/${other.id}`)).body.data.status).toBe('expired');
  } finally {
    sandbox.stop();
  }
});

test('"The previous secret also signs until …" goes once the sandbox clock passes that moment', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const endpoint = (
      await consoleCall(sandbox, 'POST', '/endpoints', { url: `${sandbox.origin}/_inbox/default` })
    ).body.data;
    expect((await consoleCall(sandbox, 'POST', `/endpoints/${endpoint.id}/rotate-secret`, {})).status).toBe(
      200,
    );
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const hint = page.getByText('The previous secret also signs until');
    await expect(hint).toBeVisible();

    expect((await sandbox.api('POST', '/sandbox/clock/advance', { seconds: 86_400 + 60 })).status).toBe(200);
    await expect(hint).toHaveCount(0);
  } finally {
    sandbox.stop();
  }
});
