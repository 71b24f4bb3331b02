// A request log longer than a browser lays out: 850,000 rows of 41 px are 34.9 million px, past
// Chromium's ~33.5 million, so the Requests table scales its scroll space (components/WindowedRows)
// and End still reaches the oldest request. Rows arriving on top leave the rows in view where they are.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';

const REQUESTS = 850_000;
const ROW_HEIGHT = 41;

test.describe.configure({ timeout: 240_000 });

/**
 * The log in the data folder as the sandbox reads it (requests.jsonl, one request a line, oldest
 * first): request `i` is GET /payment-links/log-i. Each line has only what the list shows, without
 * the detail's headers and bodies: with them, the log's largest budget (256 MiB) holds fewer
 * requests than the browser can lay out rows for.
 */
async function writeLog(dir: string): Promise<void> {
  const out = createWriteStream(join(dir, 'requests.jsonl'));
  const start = Date.parse('2026-11-20T00:00:00.000Z');
  let chunk = '';
  for (let i = 1; i <= REQUESTS; i++) {
    chunk += `{"seq":${i},"request_id":"req_log_${i}","method":"GET","path":"/payment-links/log-${i}","status":200,"duration_ms":1,"key_prefix":null,"idempotency_key":null,"replayed":false,"at":"${new Date(start + i * 100).toISOString()}","api":true,"request_body_length":null,"response_body_length":null}\n`;
    if (i % 10_000 === 0) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

test('requests: a log of 850,000 scrolls to its oldest request, and live requests leave the rows in view', async ({
  page,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'pls-e2e-rows-'));
  try {
    // The log's budget at its largest, so the sandbox keeps every line written below.
    const first = await launchSandbox({ dataDir: dir });
    const patched = await fetch(`${first.origin}/_console/api/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_log_mb: 256 }),
    });
    expect(patched.status).toBe(200);
    first.stop();
    await first.exited;
    await writeLog(dir);

    const sandbox = await launchSandbox({ dataDir: dir });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await openConsole(page, sandbox.origin);
      await page.getByRole('link', { name: 'Requests', exact: true }).click();
      await expect(page.getByText('850,000 requests', { exact: true })).toBeVisible({ timeout: 60_000 });
      const row = (i: number) =>
        page
          .locator('[data-request-id]')
          .filter({ has: page.getByRole('cell', { name: `/payment-links/log-${i}`, exact: true }) });
      await expect(row(REQUESTS)).toBeInViewport();
      const table = page
        .locator('.table-scroll')
        .filter({ has: page.getByRole('table', { name: 'Requests' }) });
      expect(await table.evaluate((el) => el.scrollHeight)).toBeLessThan(REQUESTS * ROW_HEIGHT);

      // End: the oldest, row 850,001 of the table (the header is row 1).
      await table.focus();
      await page.keyboard.press('End');
      const oldest = row(1);
      await expect(oldest).toBeInViewport();
      await expect(oldest).toHaveAttribute('aria-rowindex', String(REQUESTS + 1));
      await expect(page.locator('.table-placeholder')).toHaveCount(0);
      await expectAxeClean(page, 'Requests, 850,000 of them, at the oldest');
      await page.screenshot({ path: 'test-results/rows-requests-850k-oldest.png' });

      // Three requests arrive on top: the count follows, and the oldest stays where it is.
      const before = (await oldest.boundingBox())?.y;
      for (let i = 0; i < 3; i++)
        expect((await sandbox.api('GET', `/payment-links/live-${i}`)).status).toBe(400);
      await expect(page.getByText('850,003 requests', { exact: true })).toBeVisible();
      await expect(oldest).toHaveAttribute('aria-rowindex', String(REQUESTS + 4));
      await expect.poll(async () => (await oldest.boundingBox())?.y).toBe(before);
      await expect(oldest).toBeInViewport();

      // Home: the newest, the live ones.
      await page.keyboard.press('Home');
      await expect(
        page.locator('[data-request-id]').filter({ hasText: '/payment-links/live-2' }),
      ).toBeInViewport();
    } finally {
      sandbox.stop();
      await sandbox.exited;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
