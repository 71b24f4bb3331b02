// The console's tables in a 1280×720 laptop window: every column a tester reads is inside the
// table's visible area and not under the sticky actions, with no sideways scroll; the link detail
// narrows the columns and drops only what it shows itself (docs/decisions.md, "The console's Links
// screen"); and the deliveries name their endpoints so two on 127.0.0.1 do not read the same.
import { expectAxeClean } from './axe';
import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test, type Sandbox } from './sandboxFixture';
import { consoleCall, resetWebhooks, startReceiver } from './webhookHelpers';

/** As e2e/screenshots.spec.ts: `npm run screenshots` keeps them, any other run checks them. */
const DIR =
  process.env.npm_lifecycle_event === 'screenshots' ? 'docs/screenshots' : 'test-results/screenshots';

const LAPTOP = { width: 1280, height: 720 };
const WIDE = { width: 1920, height: 1080 };

/** The cell lies inside the scroller's visible area, and what is drawn at its centre is the cell. */
async function expectShown(scroller: Locator, cell: Locator, name: string): Promise<void> {
  await expect(cell, name).toBeVisible();
  const area = await scroller.elementHandle();
  const seen = await cell.evaluate((el, view) => {
    const box = el.getBoundingClientRect();
    const frame = view!.getBoundingClientRect();
    const right = frame.left + view!.clientLeft + view!.clientWidth;
    const bottom = frame.top + view!.clientTop + view!.clientHeight;
    const hit = el.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      inside:
        box.width > 0 &&
        box.left >= frame.left &&
        box.right <= right + 0.5 &&
        box.top >= frame.top &&
        box.bottom <= bottom + 0.5,
      uncovered: hit !== null && el.contains(hit),
      box: [box.left, box.right, box.top, box.bottom].map(Math.round),
      area: [frame.left, right, frame.top, bottom].map(Math.round),
    };
  }, area);
  expect(seen, `${name}: ${JSON.stringify(seen)}`).toMatchObject({ inside: true, uncovered: true });
}

async function expectNoSidewaysScroll(scroller: Locator): Promise<void> {
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

/** The text is whole, not cut to an ellipsis: its laid-out width, to the sub-pixel, fits its box. */
async function expectWhole(text: Locator, name: string): Promise<void> {
  const [needs, has] = await text.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return [range.getBoundingClientRect().width, el.getBoundingClientRect().width];
  });
  expect(needs, `${name} is whole`).toBeLessThanOrEqual(has);
}

/** A column header's name is not cut. */
async function expectHeaderWhole(header: Locator, name: string): Promise<void> {
  expect(
    await header.evaluate((el) => el.scrollWidth - el.clientWidth),
    `${name} header is whole`,
  ).toBeLessThanOrEqual(0);
}

const LINK_COLUMNS = ['Status', 'Title', 'Amount', 'Reference', 'Created', 'Expires', 'Actions'];

/** The row's cell under a column header, by the header's name (the select box is column 1). */
const linkCell = (row: Locator, column: string) =>
  row.locator(`[role="cell"]:nth-child(${LINK_COLUMNS.indexOf(column) + 2})`);

async function seedLinks(sandbox: Sandbox): Promise<string> {
  // Enough rows for the vertical scrollbar, which takes its own width from the table.
  for (let i = 0; i < 14; i++)
    await sandbox.api('POST', '/payment-links', {
      amount: 1_250_000 + i,
      title: `Laptop layout ${i}`,
      reference_id: `INV-2026-${String(140 + i).padStart(4, '0')}`,
    });
  const newest = await sandbox.api('POST', '/payment-links', {
    amount: 12_500_000,
    title: 'Annual plan — Acme Ltd, paid by bank transfer',
    reference_id: 'INV-2026-0142',
  });
  return newest.body.data.id as string;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${DIR}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${DIR}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('links at 1280×720: Created and Expires are in view and not under the actions, with no sideways scroll', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(LAPTOP);
  await openConsole(page, sandbox.origin);
  const id = await seedLinks(sandbox);
  const row = page.locator(`[data-link-id="${id}"]`);
  await expect(linkCell(row, 'Expires')).toContainText(/^in /);
  const scroller = page.locator('.links-body > .table-scroll');
  await expectNoSidewaysScroll(scroller);
  for (const column of LINK_COLUMNS) await expectShown(scroller, linkCell(row, column), column);
  for (const column of LINK_COLUMNS.slice(0, -1)) {
    const header = page.getByRole('columnheader', { name: column });
    await expectShown(scroller, header, `${column} header`);
    await expectHeaderWhole(header, column);
  }
  await expectWhole(linkCell(row, 'Created').locator('span'), 'Created');
  await expectWhole(linkCell(row, 'Expires').locator('.countdown'), 'Expires');
  await expectWhole(row.locator('.cell-amount .amount'), 'Amount');
  await expectAxeClean(page, 'Links at 1280');
  await shoot(page, 'tables-links-1280');
  await page.setViewportSize(WIDE);
  await expectNoSidewaysScroll(scroller);
  for (const column of LINK_COLUMNS) await expectShown(scroller, linkCell(row, column), `${column} at 1920`);
  await shoot(page, 'tables-links-1920');
});

test('links with the detail open: the columns narrow, and only a 1280 px window drops the ones the panel shows', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(LAPTOP);
  await openConsole(page, sandbox.origin);
  const id = await seedLinks(sandbox);
  const row = page.locator(`[data-link-id="${id}"]`);
  await linkCell(row, 'Amount').click();
  const panel = page.getByRole('complementary', { name: /Annual plan/ });
  await expect(panel).toBeVisible();
  const scroller = page.locator('.links-body > .table-scroll');

  // 1280: Reference, Created and Expires are the panel's own facts for the open link.
  await expectNoSidewaysScroll(scroller);
  for (const column of ['Status', 'Title', 'Amount', 'Actions'])
    await expectShown(scroller, linkCell(row, column), `${column} at 1280`);
  for (const column of ['Reference', 'Created', 'Expires']) await expect(linkCell(row, column)).toBeHidden();
  await expectWhole(row.locator('.cell-amount .amount'), 'Amount at 1280');
  // A title cut short keeps its whole text in the tooltip.
  const title = row.locator('.title-button');
  expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(title).toHaveAttribute('title', 'Open Annual plan — Acme Ltd, paid by bank transfer');
  await expectAxeClean(page, 'Links at 1280 with the detail open');
  await shoot(page, 'tables-link-detail-1280');

  // 1440: the live countdown comes back first.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSidewaysScroll(scroller);
  for (const column of ['Status', 'Title', 'Amount', 'Expires', 'Actions'])
    await expectShown(scroller, linkCell(row, column), `${column} at 1440`);

  // 1920: every column, narrowed beside the panel.
  await page.setViewportSize(WIDE);
  await expectNoSidewaysScroll(scroller);
  for (const column of LINK_COLUMNS) await expectShown(scroller, linkCell(row, column), `${column} at 1920`);
  await expectWhole(linkCell(row, 'Created').locator('span'), 'Created at 1920');
  await shoot(page, 'tables-link-detail-1920');
});

test('deliveries at 1280×720: the inbox and the tester’s receiver go by different names, the URL in a tooltip, and Next retry is in view', async ({
  page,
  sandbox,
}) => {
  const receiver = await startReceiver();
  try {
    await resetWebhooks(sandbox);
    await sandbox.api('PUT', '/sandbox/inbox/default', { status: 500 });
    const inboxUrl = `${sandbox.origin}/_inbox/default`;
    expect((await consoleCall(sandbox, 'POST', '/endpoints', { url: inboxUrl })).status).toBe(201);
    expect((await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url })).status).toBe(201);
    await page.setViewportSize(LAPTOP);
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const link = (await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Two endpoints' })).body
      .data;
    await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });

    const retrying = page.locator('[data-delivery-id]').filter({ hasText: 'Retrying' }).first();
    const delivered = page.locator('[data-delivery-id]').filter({ hasText: 'Delivered' }).first();
    await expect(retrying).toBeVisible();
    await expect(delivered).toBeVisible();
    const endpointOf = (row: Locator) => row.locator('.cell-endpoint span');
    await expect(endpointOf(retrying)).toHaveText('Inbox default');
    await expect(endpointOf(retrying)).toHaveAttribute('title', inboxUrl);
    const port = new URL(receiver.url).port;
    await expect(endpointOf(delivered)).toHaveText(`127.0.0.1:${port}/webhooks`);
    await expect(endpointOf(delivered)).toHaveAttribute('title', receiver.url);

    const scroller = page.locator('.table-scroll', { has: page.getByRole('table', { name: 'Deliveries' }) });
    await expectNoSidewaysScroll(scroller);
    const nextRetry = retrying.locator('[role="cell"]:nth-child(7)');
    await expect(nextRetry).toContainText(/^in /);
    for (const [index, column] of [
      'Updated',
      'Event',
      'Link',
      'Endpoint',
      'State',
      'Attempts',
      'Next retry',
    ].entries()) {
      await expectShown(scroller, retrying.locator(`[role="cell"]:nth-child(${index + 1})`), column);
      const header = page.getByRole('columnheader', { name: column });
      await expectShown(scroller, header, `${column} header`);
      await expectHeaderWhole(header, column);
    }
    await expectWhole(nextRetry.locator('span'), 'Next retry');
    await expectWhole(endpointOf(delivered), 'the receiver’s name');
    await expectShown(scroller, retrying.getByRole('button', { name: 'Retry now' }), 'Retry now');
    await expectAxeClean(page, 'Deliveries at 1280');
    await shoot(page, 'tables-deliveries-1280');
    await page.setViewportSize(WIDE);
    await expectNoSidewaysScroll(scroller);
    await expectShown(scroller, nextRetry, 'Next retry at 1920');
    await shoot(page, 'tables-deliveries-1920');
  } finally {
    await receiver.close();
  }
});

test('requests at 1280×720: every column and its whole header in view, a long path cut, with no sideways scroll', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(LAPTOP);
  const id = await seedLinks(sandbox);
  expect((await sandbox.api('GET', `/payment-links/${id}`)).status).toBe(200);
  const keyed = await fetch(`${sandbox.origin}/payment-links`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_e2e',
      'content-type': 'application/json',
      'idempotency-key': 'order-2026-0142-retry',
    },
    body: JSON.stringify({ amount: 99_000, title: 'Keyed order' }),
  });
  expect(keyed.status).toBe(201);
  await openConsole(page, sandbox.origin);
  await page.getByRole('link', { name: 'Requests', exact: true }).click();
  const scroller = page
    .locator('.table-scroll')
    .filter({ has: page.getByRole('table', { name: 'Requests' }) });
  const keyedRow = page.locator('[role="row"][data-request-id]').first();
  await expect(keyedRow).toContainText('order-2026-0142-retry');
  await expectNoSidewaysScroll(scroller);
  for (const column of ['Time', 'Method', 'Path', 'Status', 'Duration', 'Key', 'Idempotency-Key']) {
    const header = page.getByRole('columnheader', { name: column, exact: true });
    await expectShown(scroller, header, `${column} header`);
    await expectHeaderWhole(header, column);
  }
  await expectShown(scroller, keyedRow.getByRole('cell').last(), 'Idempotency-Key cell');
  const longPath = page
    .locator('[role="row"][data-request-id]')
    .filter({ hasText: `/payment-links/${id.slice(0, 8)}` });
  await expectShown(scroller, longPath.getByRole('cell').nth(3), 'the long path, cut');
  await expectAxeClean(page, 'Requests at 1280');
  await shoot(page, 'tables-requests-1280');
});
