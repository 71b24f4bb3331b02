// Issue 32: a Samples run shows how far it is ("3,000 of 10,000") with Cancel, which stops it
// between parts and keeps what was made, saying how many; and a run of 10,000 leaves the console's
// live stream whole (Chromium had logged ERR_INCOMPLETE_CHUNKED_ENCODING: the server cut off a
// tab that fell 4 MiB behind the burst of changes, 15 MB written in a second).
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const SHOTS = 'test-results/screenshots';

test('Samples… shows its progress with Cancel; cancelled, it keeps what was made and says how many', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sandbox = await launchSandbox();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    // The third part is held on its way, as a slow machine's would take its time.
    let parts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_console/api/links/samples', async (route) => {
      if (++parts === 3) await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Samples…' }).click();
    await page.getByLabel('How many').fill('10,000');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const progress = page.getByRole('group', { name: 'Creating sample links' });
    await expect(progress).toContainText('2,000 of 10,000');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '2,000 of 10,000');
    await expectAxeClean(page, 'samples progress');
    await page.screenshot({ path: `${SHOTS}/e2e-samples-progress.png` });
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    release();
    await expect(
      page.getByText(
        'Cancelled after 3,000 of 10,000 sample links; those were made: 1,200 pending, 900 succeeded, 300 failed, 300 expired, 300 canceled.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Create sample links' })).toHaveCount(0);
    expect((await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total).toBe(3_000);
    await expect(page.locator('.count-block .count')).toHaveText(/^3,000 links/);
    // The parts are one run, numbered on from part to part: #1 to #3000, once each.
    const titled = async (number: string) =>
      (await sandbox.api('GET', `/_console/api/links?q=${encodeURIComponent(number)}&per_page=1`)).body
        .pagination.total;
    expect(await titled('#3000')).toBe(1);
    expect(await titled('#1001')).toBe(1);
    expect(await titled('#3001')).toBe(0);
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('a tab busy through a burst of 10,000 samples keeps its live stream: no request fails, it never reconnects, and it shows them all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sandbox = await launchSandbox();
  try {
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    let streams = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/_console/api/events') streams++;
    });
    await openConsole(page, sandbox.origin);
    // The page is busy (as when it renders a burst) until every sample is made: it reads nothing
    // of the 15 MB of changes the run sends meanwhile.
    const busy = page.evaluate((origin) => {
      const page = globalThis as unknown as {
        XMLHttpRequest: new () => {
          open(m: string, u: string, a: boolean): void;
          send(): void;
          responseText: string;
        };
      };
      const total = () => {
        const xhr = new page.XMLHttpRequest();
        xhr.open('GET', `${origin}/_console/api/links?per_page=1`, false);
        xhr.send();
        return JSON.parse(xhr.responseText).pagination.total as number;
      };
      while (total() < 10_000);
    }, sandbox.origin);
    expect((await sandbox.api('POST', '/_console/api/links/samples', { count: 10_000 })).status).toBe(201);
    await busy;
    await expect(page.locator('.count-block .count')).toHaveText(/^10,000 links/);
    // A change after the burst still arrives live.
    await sandbox.api('POST', '/payment-links', { amount: 10_000, title: 'After the burst' });
    await expect(page.getByRole('row').filter({ hasText: 'After the burst' })).toBeVisible();
    expect(failed).toEqual([]);
    expect(streams).toBe(1);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});
