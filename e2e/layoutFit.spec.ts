// What a tester reads at 1280×720 (and, where noted, 1920×1080) is whole and not covered (issue 32):
// the Links search's placeholder beside 50,000 links, the Succeeded badge, the net amount, the
// Inbox's Time and Event, the Faults Action choice, the bottom of Settings' "Connect your app",
// and "No links match" as wide as the table it stands for.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LAPTOP = { width: 1280, height: 720 };
const WIDE = { width: 1920, height: 1080 };

/**
 * Where the element's border box, or with `text` that text as laid out inside it, is cut by an
 * ancestor that clips (overflow other than visible), up to the row or the screen: [] when whole.
 */
function clippedBy(element: Locator, text?: string): Promise<string[]> {
  return element.evaluate((el, wanted) => {
    const doc = el.ownerDocument;
    let box = el.getBoundingClientRect();
    let from = el.parentElement;
    if (wanted !== undefined) {
      const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
      // Money is written with a no-break space: any space matches any.
      const plain = (text: string) => text.replace(/\s/g, ' ');
      let node = walker.nextNode();
      while (node && !plain(node.textContent!).includes(wanted)) node = walker.nextNode();
      if (!node) return [`no text "${wanted}"`];
      const range = doc.createRange();
      const at = plain(node.textContent!).indexOf(wanted);
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      box = range.getBoundingClientRect();
      from = node.parentElement;
    }
    const cuts: string[] = [];
    for (let a = from; a && !a.matches('[role="row"], tr, .screen'); a = a.parentElement) {
      if (doc.defaultView!.getComputedStyle(a).overflowX === 'visible') continue;
      const frame = a.getBoundingClientRect();
      const left = frame.left + a.clientLeft;
      const right = left + a.clientWidth;
      if (box.left < left - 0.5 || box.right > right + 0.5)
        cuts.push(
          `${a.className}: [${Math.round(box.left)}, ${Math.round(box.right)}] in [${left}, ${right}]`,
        );
    }
    return cuts;
  }, text);
}

/** The element is what is drawn at its own right edge: nothing covers or cuts its last pixels. */
async function expectRightEdgeDrawn(element: Locator, name: string): Promise<void> {
  const drawn = await element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = el.ownerDocument.elementFromPoint(box.right - 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(drawn, `${name}: its right edge is drawn`).toBe(true);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `test-results/screenshots/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('Links with 50,000 links', () => {
  test.describe.configure({ timeout: 90_000 });
  let dir = '';
  let big: Sandbox;
  let paidId = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // Through the store, as bench/seed.ts fills a benchmark: a fifth of them succeeded.
    dir = await mkdtemp(join(tmpdir(), 'pls-e2e-layout-'));
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/seed.ts', join(dir, 'data'), '50000', 'snapshot', join(dir, 'ids.json')],
      { cwd: ROOT },
    );
    big = await launchSandbox({ dataDir: join(dir, 'data') });
    // The newest, so the top row: an amount in the tens of millions, paid.
    const link = await big.api('POST', '/payment-links', { amount: 12_500_000, title: 'Annual plan' });
    paidId = link.body.data.id;
    await big.api('POST', '/sandbox/simulate', { payment_link_id: paidId, event: 'paid' });
  });

  test.afterAll(async () => {
    big?.stop();
    await big?.exited;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the search box shows its whole placeholder beside the count of 50,001 links', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await openConsole(page, big.origin);
    await expect(page.locator('.count')).toHaveText('50,001 links');
    const search = page.getByRole('searchbox', { name: 'Search links' });
    // The input lays its placeholder out in the box it lays a value out in (beside the clear
    // button's room): the placeholder written as the value must not scroll. React does not see it.
    const overflow = await search.evaluate((el) => {
      el.value = el.placeholder;
      const over = el.scrollWidth - el.clientWidth;
      el.value = '';
      return over;
    });
    expect(overflow, 'the placeholder overflows its box by').toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'Links with 50,001 links at 1280');
    await shoot(page, 'layout-links-50k-1280');
  });

  test('the Succeeded badge is whole in its column at 1280 and 1920', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await openConsole(page, big.origin);
    const badge = page.locator(`[data-link-id="${paidId}"] .badge`);
    await expect(badge).toHaveText('Succeeded');
    for (const size of [LAPTOP, WIDE]) {
      await page.setViewportSize(size);
      expect(await clippedBy(badge), `the badge at ${size.width}`).toEqual([]);
      await expectRightEdgeDrawn(badge, `the badge at ${size.width}`);
    }
  });

  test('the net amount is whole at 1280; the fee, cut first, is whole in the tooltip', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await openConsole(page, big.origin);
    const cell = page.locator(`[data-link-id="${paidId}"] .cell-amount`);
    const link = (await big.api('GET', `/payment-links/${paidId}`)).body.data;
    const rupiah = (n: number) => `IDR ${n.toLocaleString('en')}`;
    await expect(cell).toContainText(`net ${rupiah(link.net_amount)}`);
    expect(await clippedBy(cell, `net ${rupiah(link.net_amount)}`), 'the net amount').toEqual([]);
    const tooltip = await cell.locator('[title*="net"]').getAttribute('title');
    expect(tooltip?.replace(/\s/g, ' ')).toBe(
      `fee ${rupiah(link.fee.total)} · net ${rupiah(link.net_amount)}`,
    );
    await expectAxeClean(page, 'Links amount column at 1280');
  });
});

test('inbox at 1280×720: Time with its day and the longest event name are whole', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize(LAPTOP);
    await openConsole(page, sandbox.origin);
    const inbox = await sandbox.api('POST', '/sandbox/endpoints', {
      url: `${sandbox.origin}/_inbox/default`,
    });
    expect(inbox.status).toBe(201);
    const link = (await sandbox.api('POST', '/payment-links', { amount: 5_000, title: 'Called off' })).body
      .data;
    expect((await sandbox.api('POST', `/payment-links/${link.id}/cancel`, {})).status).toBe(200);
    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    const row = page.locator('tr[data-message-id]').filter({ hasText: 'payment_link.canceled' });
    await expect(row).toHaveCount(1);
    // A day later the message is another day's: its time shows with the day.
    expect((await sandbox.api('POST', '/sandbox/clock/advance', { seconds: 86_400 })).status).toBe(200);
    const time = row.locator('td').first();
    await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d:\d\d$/);
    const event = row.locator('td').nth(2);
    for (const [cell, name] of [
      [time, 'Time'],
      [event, 'Event'],
    ] as const) {
      expect(
        await cell.evaluate((el) => el.scrollWidth - el.clientWidth),
        `${name} is cut by`,
      ).toBeLessThanOrEqual(0);
      expect(await clippedBy(cell, (await cell.textContent())!), name).toEqual([]);
    }
    await expectAxeClean(page, 'Inbox at 1280');
    await shoot(page, 'layout-inbox-1280');
  } finally {
    sandbox.stop();
  }
});

test('faults: the Action choice shows whole at 1280 and 1920', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize(LAPTOP);
    await openConsole(page, sandbox.origin);
    expect(
      (
        await sandbox.api('POST', '/sandbox/faults', {
          match: { method: 'POST', path: '/payment-links' },
          action: { type: 'status', status: 503 },
        })
      ).status,
    ).toBe(201);
    await page.getByRole('link', { name: /^Faults/ }).click();
    const action = page.getByLabel('Action', { exact: true });
    for (const choice of ['lose_response', 'drop', 'status']) {
      await action.selectOption(choice);
      for (const size of [LAPTOP, WIDE]) {
        await page.setViewportSize(size);
        // A select draws its chosen option's text in its content box, less the arrow's room.
        const [needs, has] = await action.evaluate((el) => {
          const style = el.ownerDocument.defaultView!.getComputedStyle(el);
          const context = el.ownerDocument.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const arrow = 24;
          const inner =
            el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
          return [context.measureText(el.selectedOptions[0]!.text).width, inner];
        });
        expect(needs, `"${choice}" at ${size.width}`).toBeLessThanOrEqual(has);
      }
      await page.setViewportSize(LAPTOP);
    }
    await expectAxeClean(page, 'Faults with a rule at 1280');
    await shoot(page, 'layout-faults-1280');
  } finally {
    sandbox.stop();
  }
});

test('settings at 1280×720: the save bar never covers the bottom of "Connect your app"', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(LAPTOP);
  await openConsole(page, sandbox.origin);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const card = page.getByRole('region', { name: 'Connect your app' });
  await expect(card).toBeVisible();
  const screen = page.locator('.screen-settings');
  // At the top, and with the card scrolled to the bottom of the view as far as it goes.
  for (const scroll of ['top', 'card at the bottom'] as const) {
    if (scroll === 'card at the bottom') await card.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    else await screen.evaluate((el) => el.scrollTo(0, 0));
    const covered = await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      // Its bottom border, across its width.
      return [0.1, 0.5, 0.9]
        .map((at) => [box.left + box.width * at, box.bottom - 1] as const)
        .filter(([x, y]) => {
          const hit = el.ownerDocument.elementFromPoint(x, y);
          return !hit || !el.contains(hit);
        })
        .map(
          ([x, y]) =>
            `${Math.round(x)},${Math.round(y)}: ${el.ownerDocument.elementFromPoint(x, y)?.className}`,
        );
    });
    expect(covered, `covered with the screen at the ${scroll}`).toEqual([]);
  }
  await screen.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expectAxeClean(page, 'Settings at 1280, scrolled to the bottom');
  await shoot(page, 'layout-settings-bottom-1280');
});

test('"No links match" is exactly as wide as the table it stands for, at 1280 and 1920', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(LAPTOP);
  await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'Only one of its kind' });
  await openConsole(page, sandbox.origin);
  const table = page.locator('.links-body > .table-scroll');
  const search = page.getByRole('searchbox', { name: 'Search links' });
  for (const size of [LAPTOP, WIDE]) {
    await page.setViewportSize(size);
    await search.fill('');
    await expect(table).toBeVisible();
    const tableWidth = (await table.boundingBox())!.width;
    await search.fill('no such link anywhere');
    const empty = page.locator('.links-body .empty-state');
    await expect(empty).toContainText('No links match');
    expect((await empty.boundingBox())!.width, `at ${size.width}`).toBeCloseTo(tableWidth, 0);
    if (size === LAPTOP) {
      await expectAxeClean(page, 'No links match at 1280');
      await shoot(page, 'layout-links-no-match-1280');
    }
  }
});
