// The Inbox as a tester uses webhook.site, in a 1280×720 window: a delivery retried on a
// "500, 500, 200" sequence shows as one group "×3" about its link, the sequence as used up, the
// query string of a post, Copy as curl and Forward to… in the message (its cookie and Authorization
// shown as removed, and sent by neither); and every message is still there after the sandbox
// restarts on the same data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';
import { startReceiver, type Receiver } from './webhookHelpers';

/** As e2e/screenshots.spec.ts: `npm run screenshots` keeps them, any other run checks them. */
const DIR =
  process.env.npm_lifecycle_event === 'screenshots' ? 'docs/screenshots' : 'test-results/screenshots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${DIR}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${DIR}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

const consoleCall = async (origin: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${origin}/_console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

async function goToInbox(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: 'Inbox', exact: true })
    .or(page.getByRole('button', { name: 'Inbox', exact: true }))
    .click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 2 })).toBeVisible();
}

let dir: string;
let sandbox: Sandbox | undefined;
let receiver: Receiver | undefined;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pls-e2e-inbox-'));
});
test.afterAll(async () => {
  sandbox?.stop();
  await sandbox?.exited;
  await receiver?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a retried delivery is one group ×3 about its link, with curl, forward and a finished sequence; all kept across a restart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  sandbox = await launchSandbox({ dataDir: dir });
  const { origin } = sandbox;
  await consoleCall(origin, 'PATCH', '/settings', { webhook_retry_schedule_seconds: [0, 0, 0, 0] });
  expect((await consoleCall(origin, 'POST', '/endpoints', { url: `${origin}/_inbox/default` })).status).toBe(
    201,
  );
  await sandbox.api('PUT', '/sandbox/inbox/default', { sequence: [500, 500, 200] });
  const link = (await sandbox.api('POST', '/payment-links', { amount: 150_000, title: 'Order #1001' })).body
    .data;
  await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });
  await expect
    .poll(async () => (await consoleCall(origin, 'GET', '/inbox/default/messages')).body.data.length)
    .toBe(3);
  const posted = await fetch(`${origin}/_inbox/default?order=1001&source=shop`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'shop_session=never-kept',
      authorization: 'Bearer shop-token-never-kept',
    },
    body: '{"type":"order.created"}',
  });
  expect(posted.status).toBe(200);

  await openConsole(page, origin);
  await goToInbox(page);
  const group = page.getByRole('button', { name: /^3 deliveries of evt_/ });
  await expect(group).toHaveText('×3');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.locator('tbody tr').filter({ has: group })).toContainText(link.id);
  await expect(page.getByText('?order=1001&source=shop')).toBeVisible();
  await expect(page.getByTestId('inbox-sequence-state')).toContainText(
    '500, 500, 200 — used up, answering 200 now',
  );
  await expect(page.getByTestId('inbox-kept')).toContainText('kept across restarts');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('tbody tr')).toHaveCount(4);
  await expectAxeClean(page, 'Inbox, a group open');
  await shoot(page, 'inbox-site-1280');

  // The message: its link and query string, Copy as curl, Forward to… a receiver of the tester's.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.locator('tbody tr').filter({ hasText: 'order.created' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('inbox-query')).toHaveText('?order=1001&source=shop');
  const headers = drawer.getByRole('region', { name: 'Headers' });
  await expect(headers).toContainText('authorization[removed: the sandbox keeps no credentials]');
  await expect(headers).toContainText('cookie[removed: the sandbox keeps no credentials]');
  await expect(headers).not.toContainText('never-kept');
  await expect(
    drawer.getByText(/keeps no credentials, so cookie and authorization are not sent/),
  ).toBeVisible();
  await drawer.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(drawer.getByRole('button', { name: 'Copied as curl' })).toBeVisible();
  const command = await page.evaluate(
    () => (globalThis as any).navigator.clipboard.readText() as Promise<string>,
  );
  expect(command).toContain(`'${origin}/_inbox/default?order=1001&source=shop'`);
  expect(command).toContain(`printf '%s' '{"type":"order.created"}'`);
  expect(command).not.toMatch(/cookie|authorization|removed/i);
  const url = drawer.getByLabel('Forward to…');
  await url.fill('not a url');
  await drawer.getByRole('button', { name: 'Forward', exact: true }).click();
  await expect(drawer.getByText(/"not a url" is not a web address\. Use an absolute http/)).toBeVisible();
  receiver = await startReceiver();
  await url.fill(receiver.url);
  await drawer.getByRole('button', { name: 'Forward', exact: true }).click();
  await expect(drawer.getByTestId('inbox-forward-result')).toContainText(`${receiver.url} answered`);
  await expect(drawer.getByTestId('inbox-forward-result')).toContainText('200');
  expect(receiver.received.at(-1)?.body).toBe('{"type":"order.created"}');
  expect(receiver.received.at(-1)?.path).toBe('/webhooks');
  expect(receiver.received.at(-1)?.headers.authorization).toBeUndefined();
  expect(receiver.received.at(-1)?.headers.cookie).toBeUndefined();
  await expectAxeClean(page, 'Inbox, a message forwarded');
  await shoot(page, 'inbox-site-message-1280');
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();

  // A delivery's message names its link.
  await page.locator('tbody tr').filter({ has: group }).click();
  await expect(page.getByRole('dialog').getByTestId('inbox-link-id')).toHaveText(link.id);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

  // The sandbox restarts on the same folder and port: every message is still there.
  const port = new URL(origin).port;
  sandbox.stop();
  await sandbox.exited;
  sandbox = await launchSandbox({ dataDir: dir, port: Number(port) });
  await openConsole(page, sandbox.origin);
  await goToInbox(page);
  await expect(page.getByRole('button', { name: /^3 deliveries of evt_/ })).toHaveText('×3');
  await expect(page.getByText('?order=1001&source=shop')).toBeVisible();
  await expect(page.getByTestId('inbox-kept')).toContainText('4 messages in 2 groups');
});
