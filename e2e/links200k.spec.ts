import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromiumLaunch';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';

const LINKS = 200_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Headless Chromium hides scrollbars unless told not to; this test drags the real thumb.
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, ignoreDefaultArgs: ['--hide-scrollbars'] } });
test.describe.configure({ timeout: 240_000 });

let dir = '';
let ids: string[] = [];
let sandbox: Sandbox;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Through the store, as bench/seed.ts fills a benchmark: "Bench link i" is the i-th created,
  // so newest first, row r shows "Bench link 199999 − r".
  dir = await mkdtemp(join(tmpdir(), 'pls-e2e-200k-'));
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/seed.ts', join(dir, 'data'), String(LINKS), 'snapshot', join(dir, 'ids.json')],
    { cwd: ROOT },
  );
  ids = JSON.parse(await readFile(join(dir, 'ids.json'), 'utf8')) as string[];
  sandbox = await launchSandbox({ dataDir: join(dir, 'data') });
});

test.afterAll(async () => {
  sandbox?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const rows = (page: Page) => page.locator('.table-body [data-link-id]');
/** The number in the title of each link row drawn, top to bottom. */
const benchNumbers = async (page: Page) =>
  (await rows(page).locator('.title-button').allTextContents()).map((title) =>
    Number(title.replace('Bench link ', '')),
  );
const rowWithTitle = (page: Page, title: string) =>
  rows(page).filter({ has: page.getByRole('button', { name: title, exact: true }) });

async function dragThumb(page: Page, scroller: Locator, fraction: number): Promise<void> {
  const box = (await scroller.boundingBox()) as { x: number; y: number; width: number; height: number };
  const bar = await scroller.evaluate((el) => el.offsetWidth - el.clientWidth);
  expect(bar).toBeGreaterThan(0);
  // The thumb starts below the scrollbar's up arrow (a square as wide as the bar).
  const x = box.x + box.width - bar / 2;
  await page.mouse.move(x, box.y + bar + 5);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height * fraction, { steps: 25 });
  await page.mouse.up();
}

test('200,000 links: drag the thumb to the middle, End, Go to by id and row, live changes', async ({
  page,
}) => {
  await openConsole(page, sandbox.origin);
  await expect(page.locator('.count')).toHaveText('200,000 links');
  await expect(rowWithTitle(page, 'Bench link 199999')).toBeVisible();
  const scroller = page.locator('.table-scroll');
  // 200,000 rows of 56 px are past what the browser lays out: the scroll space is scaled.
  expect(await scroller.evaluate((el) => el.scrollHeight)).toBeLessThan(LINKS * 56);

  // The thumb dragged halfway shows the rows around the middle, in created order.
  await dragThumb(page, scroller, 0.5);
  await expect(page.locator('.table-placeholder')).toHaveCount(0);
  const middle = await benchNumbers(page);
  expect(middle[0]).toBeGreaterThan(90_000);
  expect(middle[0]).toBeLessThan(110_000);
  middle.forEach((n, i) => expect(n).toBe((middle[0] as number) - i));
  expect(await page.locator('.table-body [role=row]').count()).toBeLessThan(40);
  await page.screenshot({ path: 'test-results/links-200k-middle.png' });

  // A visible link changed elsewhere updates in place; a new link counts, and the rows read stay put.
  const pending = rows(page)
    .filter({ has: page.locator('.badge-pending') })
    .nth(2);
  const pendingId = (await pending.getAttribute('data-link-id')) as string;
  const rowIndex = await pending.getAttribute('aria-rowindex');
  await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: pendingId, event: 'paid' });
  const changed = page.locator(`[data-link-id="${pendingId}"]`);
  await expect(changed.locator('.badge-succeeded')).toBeVisible();
  await expect(changed).toHaveAttribute('aria-rowindex', rowIndex as string);
  await sandbox.api('POST', '/payment-links', { amount: 5_000, title: 'Live while in the middle' });
  await expect(page.locator('.count')).toHaveText('200,001 links');
  await expect(changed).toBeVisible();
  await expect(changed).toHaveAttribute('aria-rowindex', String(Number(rowIndex) + 1));

  // End (the table has focus) shows the last row: the oldest link.
  await scroller.focus();
  await page.keyboard.press('End');
  await expect(rowWithTitle(page, 'Bench link 0')).toBeVisible();
  await expect(rowWithTitle(page, 'Bench link 0')).toHaveAttribute('aria-rowindex', String(200_001 + 1));
  await page.keyboard.press('Home');
  await expect(rowWithTitle(page, 'Live while in the middle')).toBeVisible();
  // "rows a–b" above the table names exactly the rows the view shows.
  const lastInView = await scroller.evaluate((el) => {
    const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
    const shown = [...el.querySelectorAll('[data-link-id]')].filter(
      (row) => row.getBoundingClientRect().top < bottom,
    );
    return Math.max(...shown.map((row) => Number(row.getAttribute('aria-rowindex')) - 1));
  });
  await expect(page.locator('.row-range')).toHaveText(`rows 1–${lastInView}`);

  // Go to by id finds the link's row in the current order, scrolls there and opens it.
  const goTo = page.getByPlaceholder('Go to row or link id');
  await goTo.fill(ids[123_456] as string);
  await goTo.press('Enter');
  const found = page.locator(`[data-link-id="${ids[123_456]}"]`);
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Bench link 123456' })).toBeVisible();

  // Go to a row number, as the count reads it.
  await goTo.fill('150,000');
  await goTo.press('Enter');
  await expect(page.locator('[aria-rowindex="150001"]')).toBeVisible();
  await expect(page.locator('.row-range')).toContainText('150,0');

  // Sorted by amount, Go to by id still finds it; a link the filter leaves out is named as such.
  await page.getByRole('columnheader', { name: 'Amount' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await goTo.fill(ids[777] as string);
  await goTo.press('Enter');
  await expect(page.locator(`[data-link-id="${ids[777]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.locator('.toolbar select').first().selectOption('failed');
  await expect(page.locator('.count')).toHaveText('20,000 links');
  await goTo.fill(ids[0] as string);
  await goTo.press('Enter');
  await expect(page.getByRole('alert')).toContainText('is not in this view: it is succeeded');
  await page.screenshot({ path: 'test-results/links-200k-go-to-problem.png' });
});
