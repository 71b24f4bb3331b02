import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome } from './webhookHelpers';

test('addresses: each screen and open object has one; reload, Back and Forward land there', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const link = (await sandbox.api('POST', '/payment-links', { amount: 8_000, title: 'Addressed link' }))
      .body.data;
    await openConsole(page, sandbox.origin);
    await expect(page).toHaveURL(/#\/links$/);

    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/#\/webhooks$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/links$/);
    await expect(page.locator(`[data-link-id="${link.id}"]`)).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();

    // A link's detail: its address reopens it, for a colleague too.
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.locator(`[data-link-id="${link.id}"]`).getByRole('button', { name: 'Addressed link' }).click();
    await expect(page).toHaveURL(new RegExp(`#/links/${link.id}$`));
    const shared = page.url();
    const colleague = await page.context().newPage();
    await colleague.goto(shared);
    await expect(colleague.getByRole('complementary', { name: 'Addressed link' })).toBeVisible();
    await colleague.close();
    await page.goBack();
    await expect(page.getByRole('complementary', { name: 'Addressed link' })).toBeHidden();

    // A request, by its number in the log and its request id.
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await page.locator('[role="row"][data-request-id]').first().click();
    await expect(page).toHaveURL(/#\/requests\/\d+\/req_[0-9a-z]+$/);
    const opened = page.url();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'POST /payment-links' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/requests$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    // One no longer in the log: the console says so, and the address says what is open instead.
    await page.goto(`${sandbox.origin}/#/requests/99999`);
    await expect(page.getByText('Request 99999 is no longer in the log')).toBeVisible();
    await expect(page).toHaveURL(/#\/requests$/);
    await page.locator('[role="row"][data-request-id]').first().click();
    await expect(page).toHaveURL(/#\/requests\/\d+\/req_[0-9a-z]+$/);

    // After a restart the same number names another request: the id tells, and it is not opened.
    await page.goto(opened.replace(/req_[0-9a-z]+$/, 'req_0000000000000000'));
    const seq = /requests\/(\d+)\//.exec(opened)?.[1];
    await expect(page.getByText(`Request ${seq} is no longer in the log`)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/#\/requests$/);
  } finally {
    sandbox.stop();
  }
});

test('addresses: an inbox and its open message have one too', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    const link = await linkWithOutcome(sandbox, 'Inboxed', 'paid', 4_000);

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect(page).toHaveURL(/#\/inbox$/);
    await page.locator('[data-message-id]').first().click();
    await expect(page).toHaveURL(/#\/inbox\/default\/msg_[0-9a-f]{8}_\d+$/);
    const message = page.getByRole('dialog');
    await expect(message).toContainText('payment_link.paid');

    await page.reload();
    await expect(message).toContainText(link.id);
    await expect(message.getByText('verified').first()).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/inbox$/);
    await expect(message).toBeHidden();
    await page.goForward();
    await expect(message).toContainText('payment_link.paid');

    // Another inbox by name, and a message that is gone (inboxes live in memory).
    await page.goto(`${sandbox.origin}/#/inbox/orders`);
    await expect(page.getByTestId('inbox-url')).toContainText('/_inbox/orders');
    await page.goto(`${sandbox.origin}/#/inbox/orders/msg_00000000_7`);
    await expect(page.getByText('Message msg_00000000_7 is no longer in inbox orders')).toBeVisible();
    await expect(page).toHaveURL(/#\/inbox\/orders$/);
  } finally {
    sandbox.stop();
  }
});

test('cross-links: a delivery and its inspector open the link; a link shows its requests; a request opens its link', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    const link = await linkWithOutcome(sandbox, 'Crossed link', 'paid', 9_000);
    await sandbox.api('GET', `/payment-links/${link.id}`);
    await sandbox.api('GET', '/payment-links');

    const delivery = page.locator('[data-delivery-id]').filter({ hasText: 'payment_link.paid' });
    await delivery.getByRole('link', { name: link.id.slice(0, 8) }).click();
    await expect(page).toHaveURL(new RegExp(`#/links/${link.id}$`));
    const panel = page.getByRole('complementary', { name: 'Crossed link' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The inspector's link id is a way across too.
    await page.goBack();
    await delivery.click();
    const inspector = page.getByRole('dialog');
    await inspector.getByRole('link', { name: link.id }).click();
    await expect(page).toHaveURL(new RegExp(`#/links/${link.id}$`));
    await expect(panel).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The create, the simulate and the retrieve name the link; the list does not.
    await panel.getByRole('button', { name: 'Show the API requests that name this link' }).click();
    // The filtered view has an address too: a reload (or a colleague) sees the same rows.
    await expect(page).toHaveURL(new RegExp(`#/requests\\?q=${link.id}$`));
    await page.reload();
    await expect(page.getByPlaceholder(/Filter by path/)).toHaveValue(link.id);
    const rows = page.locator('[role="row"][data-request-id]');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: `/payment-links/${link.id}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: '/sandbox/simulate' })).toHaveCount(1);

    // And back: the create request opens the link it made.
    await rows.filter({ hasText: '201' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('POST /payment-links');
    await detail.getByRole('link', { name: link.id }).click();
    await expect(page).toHaveURL(new RegExp(`#/links/${link.id}$`));
    await expect(panel).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toContainText('POST /payment-links');
  } finally {
    sandbox.stop();
  }
});

test('addresses: the Webhooks Events list has one; reload and Back keep to it', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/#\/webhooks\/events$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Events', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await expect(page).toHaveURL(/#\/webhooks$/);
    await expect(page.getByRole('button', { name: 'Deliveries', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } finally {
    sandbox.stop();
  }
});

test("addresses: Links' status, search and order are in the address; reload, Back and a shared URL restore them", async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    const paid = (await sandbox.api('POST', '/payment-links', { amount: 3_000, title: 'Viewed paid' })).body
      .data;
    await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: paid.id, event: 'paid' });
    await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Viewed small' });
    await sandbox.api('POST', '/payment-links', { amount: 2_000, title: 'Viewed middle' });
    await sandbox.api('POST', '/payment-links', { amount: 500, title: 'Other' });
    const titles = page.locator('[data-link-id] .title-button');

    // A shared address opens the view it names.
    await page.goto(`${sandbox.origin}/#/links?status=pending`);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(titles).toHaveText(['Other', 'Viewed middle', 'Viewed small']);
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await expect(page).toHaveURL(/#\/links\?status=pending$/);

    // Searching rewrites the address as one step; a new order is a step of its own.
    await page.getByPlaceholder('Search title, reference or id').fill('Viewed');
    await expect(page).toHaveURL(/#\/links\?status=pending&q=Viewed$/);
    await expect(titles).toHaveText(['Viewed middle', 'Viewed small']);
    await page.getByRole('button', { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/#\/links\?status=pending&q=Viewed&sort=amount&order=(asc|desc)$/);
    const sorted = await titles.allTextContents();
    expect(sorted).toHaveLength(2);
    const ordered = page.url();

    await page.reload();
    await expect(titles).toHaveText(sorted);
    await expect(page.getByPlaceholder('Search title, reference or id')).toHaveValue('Viewed');

    // Back undoes the order, then the search.
    await page.goBack();
    await expect(page).toHaveURL(/#\/links\?status=pending&q=Viewed$/);
    await expect(titles).toHaveText(['Viewed middle', 'Viewed small']);
    await page.goBack();
    await expect(page).toHaveURL(/#\/links\?status=pending$/);
    await expect(page.getByPlaceholder('Search title, reference or id')).toHaveValue('');
    await expect(titles).toHaveText(['Other', 'Viewed middle', 'Viewed small']);

    // Another screen and back by the sidebar: the view is kept, and the address says so.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/#\/webhooks$/);
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page).toHaveURL(/#\/links\?status=pending$/);

    // A colleague's tab: the same rows in the same order.
    const colleague = await page.context().newPage();
    await colleague.goto(ordered);
    await expect(colleague.locator('[data-link-id] .title-button')).toHaveText(sorted);
    await colleague.close();
  } finally {
    sandbox.stop();
  }
});

test('screens are links: each has its address, the open one is marked, and a Ctrl click opens a tab', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const [name, href] of [
      ['Links', '#/links'],
      ['Webhooks', '#/webhooks'],
      ['Inbox', '#/inbox'],
      ['Requests', '#/requests'],
      ['Faults', '#/faults'],
      ['Settings', '#/settings'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Links', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.screenshot({ path: 'test-results/screenshots/sidebar-links.png' });

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      nav.getByRole('link', { name: 'Webhooks', exact: true }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await expect(tab.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/#\/links$/);
    await tab.close();

    // The keyboard: Tab reaches them, Enter and Space open them in place.
    await nav.getByRole('link', { name: 'Faults', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Faults', level: 2 })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Faults/ })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/#\/settings$/);
  } finally {
    sandbox.stop();
  }
});
