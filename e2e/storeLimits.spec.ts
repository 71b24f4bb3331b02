// What the console shows when the store's bounds bite: a compaction that failed (Settings → Data)
// and webhook response bodies cut to stay within attempt_bodies_mb (the delivery inspector). The
// sandbox runs in this process, as the CLI has no flag for the tiny record bound that makes a
// compaction fail at a test's size.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../src/core/startSandbox';
import { WebhookReceiver } from '../src/test/webhookReceiver';

const CONSOLE_DIR = fileURLToPath(new URL('../out/renderer', import.meta.url));
const KiB = 1024;

/** A sandbox on a fresh data folder whose one endpoint answers every delivery 500 with a large page. */
async function sandboxWithErrorPages(
  options: Parameters<typeof startSandbox>[0],
): Promise<{ sandbox: RunningSandbox; stop(): Promise<void> }> {
  const receiver = await WebhookReceiver.start({
    plan: () => ({ status: 500, body: 'z'.repeat(1024 * KiB) }),
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'sandbox-e2e-'));
  const sandbox = await startSandbox({
    port: 0,
    dataDir,
    consoleDir: CONSOLE_DIR,
    webhookEndpoints: [{ url: receiver.url }],
    ...options,
  });
  return {
    sandbox,
    stop: async () => {
      await sandbox.close();
      await receiver.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates `count` links and pays each, so each gets one delivery. */
async function paidLinks(sandbox: RunningSandbox, count: number): Promise<void> {
  const call = (path: string, body: unknown) =>
    fetch(sandbox.origin + path, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_e2e', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<{ data: { id: string } }>);
  for (let i = 0; i < count; i++) {
    const link = await call('/payment-links', { amount: 1000, title: `Link ${i}` });
    await call('/sandbox/simulate', { payment_link_id: link.data.id, event: 'paid' });
  }
}

test('settings: a failed compaction shows in Data, as a problem, with its reason and next try', async ({
  page,
}) => {
  const { sandbox, stop } = await sandboxWithErrorPages({
    storeLimits: { recordBytes: 150 * KiB, chunkBytes: 16 * KiB },
    compactAfter: 5,
  });
  try {
    // Three attempts of 64 KiB each: the delivery is past the 150 KiB one record may take.
    await sandbox.core.updateSettings({ webhook_retry_schedule_seconds: [0, 0, 0] });
    await paidLinks(sandbox, 1);
    await expect.poll(() => [...sandbox.core.store.state.deliveries.values()][0]?.status).toBe('failed');
    await paidLinks(sandbox, 5);
    await expect.poll(() => sandbox.core.store.compactionFailure?.reason).toMatch(/^deliveries\[0\]/);

    await page.goto(sandbox.consoleUrl);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const failure = page.getByTestId('compaction-failure');
    await expect(failure).toContainText('Compaction failed');
    await expect(failure).toContainText(/more than the 150 KiB one record may take/);
    await expect(failure).toContainText('Nothing is lost');
    await expect(failure).toContainText('The next try is not before');
    await failure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/settings-compaction-failure.png' });
  } finally {
    await stop();
  }
});

test('webhooks: the inspector says which response bodies were cut to stay within the budget', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sandbox, stop } = await sandboxWithErrorPages({});
  try {
    // 100 deliveries waiting after four attempts of 64 KiB each: 25 MiB, past the 16 MiB budget.
    await sandbox.core.updateSettings({
      attempt_bodies_mb: 16,
      webhook_retry_schedule_seconds: [0, 0, 0, 0, 3600],
    });
    await paidLinks(sandbox, 100);
    const deliveries = () => [...sandbox.core.store.state.deliveries.values()];
    await expect
      .poll(() => deliveries().filter((d) => d.attempts.length === 4).length, { timeout: 60_000 })
      .toBe(100);
    const oldest = deliveries()[0]?.id;
    const newest = deliveries().at(-1)?.id;

    await page.goto(sandbox.consoleUrl);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const scroller = page.locator('.table-scroll');
    await scroller.focus();
    await page.keyboard.press('End');
    await page.locator(`[data-delivery-id="${oldest}"]`).click();
    const cut = page.getByTestId('body-truncated');
    await expect(cut.first()).toHaveText(
      'Only the first 1 KiB were kept: older response bodies are cut to stay within Settings → Webhooks → Response bodies kept.',
    );
    await cut.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/inspector-body-cut.png' });

    await page.keyboard.press('Escape');
    await scroller.focus();
    await page.keyboard.press('Home');
    await page.locator(`[data-delivery-id="${newest}"]`).click();
    await expect(cut.first()).toHaveText('Only the first 64 KiB were kept.');
  } finally {
    await stop();
  }
});
