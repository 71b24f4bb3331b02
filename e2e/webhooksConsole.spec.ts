// Issue 32 on the Webhooks screen and a link's deliveries: cards that fold so the deliveries stay in
// view, disabled cards that stay readable, a resend into a paused queue, the retry-schedule slot a
// Retry now uses up, why a link has no deliveries, and why a button is disabled.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';
import { consoleCall, linkWithOutcome } from './webhookHelpers';

/** Five endpoints, the last two disabled, and a paid link whose deliveries fill the table. */
async function fiveEndpoints(sandbox: Sandbox): Promise<string[]> {
  const urls = [
    `${sandbox.origin}/_inbox/default`,
    `${sandbox.origin}/_inbox/orders`,
    `${sandbox.origin}/_inbox/refunds`,
    `${sandbox.origin}/_inbox/archive`,
    `${sandbox.origin}/_inbox/legacy`,
  ];
  for (const [index, url] of urls.entries()) {
    const made = await consoleCall(sandbox, 'POST', '/endpoints', {
      url,
      description: `Receiver ${index + 1}`,
    });
    if (index >= 3)
      await consoleCall(sandbox, 'PATCH', `/endpoints/${made.body.data.id}`, { enabled: false });
  }
  for (const title of ['First order', 'Second order']) await linkWithOutcome(sandbox, title);
  return urls;
}

const card = (page: Page, url: string) => page.getByRole('listitem', { name: url, exact: true });
const firstDelivery = (page: Page) => page.locator('[role="row"][data-delivery-id]').first();

test('endpoint cards fold to one line, remembered across reloads, so the deliveries are in view at 1280×720', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    const urls = await fiveEndpoints(sandbox);
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(firstDelivery(page)).toBeAttached();
    await expect(
      firstDelivery(page),
      'five full cards push the deliveries below the fold',
    ).not.toBeInViewport();

    await page.getByRole('button', { name: 'Fold all' }).click();
    for (const url of urls)
      await expect(card(page, url).getByRole('button', { name: 'Details' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    await expect(card(page, urls[0] as string).getByTestId('endpoint-secret')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeInViewport();
    await expect(firstDelivery(page)).toBeInViewport({ ratio: 1 });
    await expectAxeClean(page, 'webhooks, five folded cards');

    // One card unfolded again; the folds outlive a reload.
    await card(page, urls[1] as string)
      .getByRole('button', { name: 'Details' })
      .click();
    await page.reload();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(card(page, urls[1] as string).getByTestId('endpoint-secret')).toBeVisible();
    for (const url of [urls[0], ...urls.slice(2)] as string[])
      await expect(card(page, url).getByRole('button', { name: 'Details' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    await expect(page.getByRole('button', { name: 'Fold all' })).toBeVisible();
    await expect(firstDelivery(page)).toBeInViewport({ ratio: 1 });
  } finally {
    sandbox.stop();
  }
});

test('a disabled endpoint card still looks disabled, and its URL and secret pass axe', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    const urls = await fiveEndpoints(sandbox);
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(card(page, urls[3] as string).getByTestId('endpoint-secret')).toBeVisible();
    await expectAxeClean(page, 'webhooks, two disabled endpoint cards');
    const disabled = card(page, urls[3] as string);
    await expect(disabled.getByRole('switch')).not.toBeChecked();
    await expect(disabled.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(disabled).toHaveCSS('border-top-style', 'dashed');
    await expect(card(page, urls[0] as string)).toHaveCSS('border-top-style', 'solid');
  } finally {
    sandbox.stop();
  }
});

test('resend while the queue is paused says the new series waits until the queue is resumed', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await consoleCall(sandbox, 'POST', '/endpoints', { url: `${sandbox.origin}/_inbox/default` });
    await linkWithOutcome(sandbox, 'Resent while paused');
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(firstDelivery(page)).toContainText('Delivered');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await expect(page.getByTestId('queue-state')).toHaveText('Queue paused');

    const resend = firstDelivery(page).getByRole('button', { name: 'Resend' });
    await resend.click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toContainText(
      'Resent: the new attempt series waits until the queue is resumed.',
    );
    await expect(notifications).not.toContainText('on its way');
    await expect(firstDelivery(page)).toContainText('Paused');
    await expect(resend).toHaveAttribute(
      'title',
      /The queue is paused: the new attempts wait until it is resumed/,
    );
  } finally {
    sandbox.stop();
  }
});

test('Retry now says it uses up a slot of the retry schedule, and its attempt says which slot it took', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await consoleCall(sandbox, 'PATCH', '/settings', { webhook_retry_schedule_seconds: [0, 600, 900] });
    await sandbox.api('PUT', '/sandbox/inbox/default', { status: 500 });
    await consoleCall(sandbox, 'POST', '/endpoints', { url: `${sandbox.origin}/_inbox/default` });
    await linkWithOutcome(sandbox, 'Retried now');
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(firstDelivery(page)).toContainText('Retrying');

    const retry = firstDelivery(page).getByRole('button', { name: 'Retry now' });
    await expect(retry).toHaveAttribute(
      'title',
      "Send it now instead of waiting. It uses up this attempt's slot of the retry schedule (0s, 10m, 15m): if it fails, the next try waits the delay of the slot after it.",
    );
    await retry.click();
    await expect(firstDelivery(page).getByRole('cell').nth(5)).toHaveText(/^2/);

    await firstDelivery(page).getByRole('cell').first().click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    const second = inspector.getByRole('article', { name: 'Attempt 1.2' });
    await expect(second).toContainText('Retry now');
    await expect(second).toContainText(
      "Made by Retry now: it took slot 2 of 3 of the retry schedule, its 10m wait skipped; the retry after it waits slot 3's 15m.",
    );
    await expect(inspector.getByRole('article', { name: 'Attempt 1.1' })).not.toContainText('Retry now');
    await expectAxeClean(page, 'inspector with an attempt made by Retry now');
  } finally {
    sandbox.stop();
  }
});

test('a link whose events came while every endpoint was off says no endpoint wanted them, linking to Webhooks', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const inbox = await consoleCall(sandbox, 'POST', '/endpoints', {
      url: `${sandbox.origin}/_inbox/default`,
    });
    await consoleCall(sandbox, 'PATCH', `/endpoints/${inbox.body.data.id}`, { enabled: false });
    const canceled = (
      await sandbox.api('POST', '/payment-links', { amount: 2_500, title: 'Canceled unheard' })
    ).body.data;
    await sandbox.api('POST', `/payment-links/${canceled.id}/cancel`);
    const paid = await linkWithOutcome(sandbox, 'Paid unheard');

    await openConsole(page, sandbox.origin);
    await page.goto(`${sandbox.origin}/#/links/${canceled.id}`);
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
    await expect(deliveries).toContainText(
      'None: no enabled endpoint wanted payment_link.canceled when it happened.',
    );
    await expect(deliveries).not.toContainText('None yet');
    await expectAxeClean(page, 'link detail with no deliveries');

    await page.goto(`${sandbox.origin}/#/links/${paid.id}`);
    await expect(deliveries).toContainText(
      'None: no enabled endpoint wanted payment_link.paid when it happened.',
    );
    // Enabled since: the endpoint would take the event now, so the note says why it has none anyway.
    await consoleCall(sandbox, 'PATCH', `/endpoints/${inbox.body.data.id}`, { enabled: true });
    await expect(deliveries).toContainText('(one enabled since gets only later events)');
    await deliveries.getByRole('link', { name: 'Open Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  } finally {
    sandbox.stop();
  }
});

test('a disabled button says why in its tooltip: a link state, an attempt on the wire, a stopped sandbox', async ({
  page,
}) => {
  // A receiver that holds each webhook until told to answer: the delivery stays on the wire.
  const held: ServerResponse[] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    held.push(response);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const sandbox = await launchSandbox();
  try {
    const canceled = (await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Canceled' })).body
      .data;
    await sandbox.api('POST', `/payment-links/${canceled.id}/cancel`);
    await openConsole(page, sandbox.origin);
    await page.goto(`${sandbox.origin}/#/links/${canceled.id}`);
    const panel = page.getByRole('complementary', { name: 'Canceled' });
    await expect(panel.getByRole('button', { name: 'Paid' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Paid' })).toHaveAttribute(
      'title',
      'Canceled: Paid takes Pending links only',
    );
    await expect(panel.getByRole('button', { name: 'Cancel', exact: true })).toHaveAttribute(
      'title',
      'Canceled: Cancel takes Pending or Failed links only',
    );

    await consoleCall(sandbox, 'POST', '/endpoints', { url: receiverUrl });
    await linkWithOutcome(sandbox, 'On the wire');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(firstDelivery(page)).toContainText('Delivering');
    const resend = firstDelivery(page).getByRole('button', { name: 'Resend' });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAttribute(
      'title',
      'Being attempted right now: resend it once that attempt ends',
    );
    for (const response of held.splice(0)) response.end();
    await expect(firstDelivery(page)).toContainText('Delivered');
    await expect(resend).toBeEnabled();

    sandbox.stop();
    await sandbox.exited;
    const edit = card(page, receiverUrl).getByRole('button', { name: 'Edit' });
    await expect(edit).toBeDisabled();
    await expect(edit).toHaveAttribute('title', 'Unavailable: the sandbox is not answering');
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveAttribute(
      'title',
      'Unavailable: the sandbox is not answering',
    );
  } finally {
    sandbox.stop();
    for (const response of held) response.end();
    receiver.closeAllConnections();
    receiver.close();
  }
});
