// Issue 33, "Find any webhook", in a 1280×720 window: the deliveries searched by a reference_id
// only one carries and by `path = value`, over every delivery kept, the address carrying the
// search; a bad search says what is allowed; a delivery arriving live shows only if it matches;
// two deliveries whose reference_id differ compared side by side, and the comparison copied as
// text. Picks stay while the tester moves to the Inbox, which searches and compares the same way.
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, test, type Sandbox } from './sandboxFixture';
import { consoleCall, resetWebhooks, startReceiver, type Receiver } from './webhookHelpers';

const LAPTOP = { width: 1280, height: 720 };

async function paidLink(sandbox: Sandbox, reference: string, event: 'paid' | 'failed' = 'paid') {
  const link = (
    await sandbox.api('POST', '/payment-links', {
      amount: 1_500,
      title: `Order ${reference}`,
      reference_id: reference,
    })
  ).body.data;
  expect((await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: link.id, event })).status).toBe(
    200,
  );
  return link.id as string;
}

const deliveryRows = (page: Page) =>
  page.getByRole('table', { name: 'Deliveries' }).locator('[role="row"][data-delivery-id]');

/** The delivery rows shown, each by its link id. */
const shownLinks = (page: Page) =>
  deliveryRows(page).evaluateAll((rows) =>
    rows.map((row) =>
      row.querySelector('a[href^="#/links/"]')?.getAttribute('href')?.replace('#/links/', ''),
    ),
  );

/** Each of `boxes` lies whole inside the window and is what is drawn at its centre. */
async function expectUnclipped(page: Page, boxes: Locator[]): Promise<void> {
  for (const box of boxes) {
    await expect(box).toBeVisible();
    const seen = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const view = el.ownerDocument.defaultView!;
      const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      // Inside every scroller it sits in, as the window's width leaves it.
      let clipped = false;
      for (let at = el.parentElement; at; at = at.parentElement) {
        const style = view.getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = at.getBoundingClientRect();
        if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5) clipped = true;
      }
      return {
        inWindow: r.left >= 0 && r.right <= view.innerWidth,
        clipped,
        drawn: hit !== null && el.contains(hit),
      };
    });
    expect(seen).toEqual({ inWindow: true, clipped: false, drawn: true });
  }
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(() => receiver.close());

test('deliveries searched by a reference_id and by path = value, kept true live and in the address; two compared and copied', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await resetWebhooks(sandbox);
  expect((await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url })).status).toBe(201);
  const first = await paidLink(sandbox, 'INV-1001');
  const failed = await paidLink(sandbox, 'INV-2002', 'failed');
  const third = await paidLink(sandbox, 'INV-3003');
  await page.setViewportSize(LAPTOP);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.origin });
  await page.goto(`${sandbox.origin}/#/webhooks`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(deliveryRows(page)).toHaveCount(3);
  await expect(deliveryRows(page).getByText('Delivered')).toHaveCount(3);

  const search = page.getByRole('searchbox', { name: 'Search deliveries by what they carry' });
  await expectUnclipped(page, [search, deliveryRows(page).first().getByRole('checkbox')]);

  // Free text: the one reference only one delivery's body carries.
  await search.fill('INV-2002');
  await expect.poll(() => shownLinks(page)).toEqual([failed]);
  await expect(page).toHaveURL(/#\/webhooks\?q=INV-2002$/);
  await expect(page.getByText('1 delivery', { exact: true })).toBeVisible();

  // path = value on the JSON body.
  await search.fill('type = payment_link.paid');
  await expect.poll(() => shownLinks(page)).toEqual([third, first]);
  await search.fill('data.reference_id = INV-1001');
  await expect.poll(() => shownLinks(page)).toEqual([first]);
  await expect(page).toHaveURL(/\?q=data.reference_id\+%3D\+INV-1001$/);
  await expectAxeClean(page, 'Deliveries searched');

  // Live while searched: a new delivery shows only if it carries what is searched for.
  const other = await paidLink(sandbox, 'INV-9999');
  const again = await paidLink(sandbox, 'INV-1001');
  await expect.poll(() => shownLinks(page)).toEqual([again, first]);
  expect(await shownLinks(page)).not.toContain(other);

  // A shared address shows the same matches.
  const shared = await page.context().newPage();
  await shared.setViewportSize(LAPTOP);
  await shared.goto(page.url());
  await expect(shared.getByRole('searchbox', { name: 'Search deliveries by what they carry' })).toHaveValue(
    'data.reference_id = INV-1001',
  );
  await expect.poll(() => shownLinks(shared)).toEqual([again, first]);
  await shared.close();

  // A search that cannot run says what is allowed, and asks the server nothing.
  await search.fill('data.reference_id =');
  const problem = page.getByRole('alert').filter({ hasText: 'has no value after =' });
  await expect(problem).toContainText('data.reference_id = INV-1001');
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(search).toHaveAccessibleDescription(/has no value after =/);
  await expect(deliveryRows(page)).toHaveCount(0);
  await expect(page.getByText('The search cannot run')).toBeVisible();
  await expectAxeClean(page, 'Deliveries with a bad search');

  // Compare: the paid INV-1001 and the failed INV-2002.
  await search.fill('');
  await expect(deliveryRows(page)).toHaveCount(5);
  const rowOf = (linkId: string) =>
    deliveryRows(page).filter({ has: page.locator(`a[href="#/links/${linkId}"]`) });
  await rowOf(first).getByRole('checkbox').check();
  const tray = page.getByRole('group', { name: 'Compare two webhooks' });
  await expect(tray).toContainText('1 of 2 picked');
  const compare = tray.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  await expect(compare).toHaveAttribute('title', /Pick one more/);
  // Ticking a box picks; it does not open the delivery.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await rowOf(failed).getByRole('checkbox').check();
  await expect(tray).toContainText('2 of 2 picked');
  await expect(rowOf(third).getByRole('checkbox')).toBeDisabled();
  await expectUnclipped(page, [compare, ...(await tray.getByRole('button', { name: /^Remove / }).all())]);
  await expectAxeClean(page, 'Two deliveries picked');
  await compare.click();

  const drawer = page.getByRole('dialog', { name: 'Compare' });
  const bodyChanges = drawer.getByRole('table', { name: 'How the bodies differ, by path' });
  const changeRow = (path: string) =>
    bodyChanges.getByRole('row').filter({ has: page.getByRole('cell', { name: path, exact: true }) });
  await expect(changeRow('data.reference_id')).toContainText('Changed');
  await expect(changeRow('data.reference_id')).toContainText('"INV-1001"');
  await expect(changeRow('data.reference_id')).toContainText('"INV-2002"');
  await expect(changeRow('type')).toContainText('"payment_link.failed"');
  const headerChanges = drawer.getByRole('table', { name: 'How the headers differ, by name' });
  await expect(headerChanges.getByRole('cell', { name: 'webhook-id', exact: true })).toBeVisible();
  await expectAxeClean(page, 'Two deliveries compared');

  await drawer.getByRole('button', { name: 'Copy the comparison as text' }).click();
  const copied = await page.evaluate(
    () => (globalThis as any).navigator.clipboard.readText() as Promise<string>,
  );
  expect(copied).toContain('~ data.reference_id: "INV-1001" → "INV-2002"');
  expect(copied).toContain('~ type: "payment_link.paid" → "payment_link.failed"');
  expect(copied).toMatch(/Headers:\n(.*\n)* {2}~ webhook-id: /);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // A pick is removed from the tray.
  await tray
    .getByRole('button', {
      name: `Remove payment_link.failed ${await rowOf(failed).getAttribute('data-delivery-id')} from the comparison`,
    })
    .click();
  await expect(tray).toContainText('1 of 2 picked');
  await expect(rowOf(failed).getByRole('checkbox')).not.toBeChecked();
  await expect(rowOf(third).getByRole('checkbox')).toBeEnabled();
});

test('the Inbox searches what it received; a pick made on Webhooks waits there, to compare with a message', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await resetWebhooks(sandbox);
  await consoleCall(sandbox, 'DELETE', '/inbox/default/messages');
  expect(
    (await consoleCall(sandbox, 'POST', '/endpoints', { url: `${sandbox.origin}/_inbox/default` })).status,
  ).toBe(201);
  const first = await paidLink(sandbox, 'INV-7001');
  const second = await paidLink(sandbox, 'INV-7002');
  await page.setViewportSize(LAPTOP);
  await page.goto(`${sandbox.origin}/#/webhooks`);
  await expect(deliveryRows(page).getByText('Delivered')).toHaveCount(2);
  const picked = deliveryRows(page).filter({ has: page.locator(`a[href="#/links/${first}"]`) });
  await picked.getByRole('checkbox').check();

  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 2 })).toBeVisible();
  const tray = page.getByRole('group', { name: 'Compare two webhooks' });
  await expect(tray).toContainText('1 of 2 picked');
  const messages = page.locator('tr[data-message-id]');
  await expect(messages).toHaveCount(2);
  const search = page.getByRole('searchbox', { name: 'Search messages by what they carry' });
  await expectUnclipped(page, [search, messages.first().getByRole('checkbox')]);

  await search.fill('data.reference_id = INV-7002');
  await expect(messages).toHaveCount(1);
  await expect(messages).toContainText(second);
  await expect(page.getByTestId('inbox-kept')).toContainText('1 match');
  await expect(page).toHaveURL(/#\/inbox\?q=data.reference_id\+%3D\+INV-7002$/);
  await search.fill('INV-7001');
  await expect(messages).toHaveCount(1);
  await expect(messages).toContainText(first);
  // A message arriving live shows only if it matches.
  await paidLink(sandbox, 'INV-7003');
  const later = await paidLink(sandbox, 'INV-7001');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText(later);
  await search.fill('= INV-7001');
  await expect(page.getByRole('alert').filter({ hasText: 'has no path before =' })).toBeVisible();
  await expectAxeClean(page, 'Inbox with a bad search');

  await search.fill('INV-7002');
  await expect(messages).toHaveCount(1);
  await messages.getByRole('checkbox').check();
  await expect(tray).toContainText('2 of 2 picked');
  await expectAxeClean(page, 'Inbox searched, a delivery and a message picked');
  await tray.getByRole('button', { name: 'Compare', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Compare' });
  const bodyChanges = drawer.getByRole('table', { name: 'How the bodies differ, by path' });
  await expect(
    bodyChanges
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'data.reference_id', exact: true }) }),
  ).toContainText('"INV-7002"');
  await expectAxeClean(page, 'A delivery and an inbox message compared');
});
