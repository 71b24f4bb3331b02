// Takes the screenshots of every screen, in light and dark, from a sandbox seeded the way a QA
// session looks after a while; docs/screenshots holds the ones the README shows.
import { createServer, type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, launchSandbox, test, type Sandbox, openConsole } from './sandboxFixture';
import { consoleCall, startReceiver } from './webhookHelpers';

/** `npm run screenshots` refreshes the committed ones; any other run checks the flow into test-results. */
const DIR =
  process.env.npm_lifecycle_event === 'screenshots' ? 'docs/screenshots' : 'test-results/screenshots';

const LINKS: {
  title: string;
  amount: number;
  reference?: string;
  outcome?: 'paid' | 'failed' | 'expired' | 'cancel';
}[] = [
  { title: 'Annual plan — Acme Ltd', amount: 2_400_000, reference: 'INV-2026-0142', outcome: 'paid' },
  { title: 'Conference ticket', amount: 850_000, reference: 'TKT-88412', outcome: 'failed' },
  { title: 'Coffee beans, 1 kg', amount: 189_000, reference: 'ORD-5521', outcome: 'paid' },
  { title: 'Workshop seat', amount: 450_000, reference: 'WS-0931', outcome: 'expired' },
  { title: 'Gift card', amount: 500_000, reference: 'GC-7781', outcome: 'cancel' },
  { title: 'Monthly plan — Globex', amount: 299_000, reference: 'INV-2026-0143' },
  { title: 'Replacement charger', amount: 129_000, reference: 'ORD-5522', outcome: 'paid' },
  { title: 'Deposit — flat 4B', amount: 7_500_000, reference: 'DEP-0044' },
  { title: 'Order #1001', amount: 150_000, reference: 'ORD-1001' },
];

async function seed(sandbox: Sandbox, receiverUrl: string): Promise<string> {
  expect(
    (await consoleCall(sandbox, 'POST', '/endpoints', { url: receiverUrl, description: 'Orders service' }))
      .status,
  ).toBe(201);
  // An endpoint nobody listens on (a port just freed): its deliveries fail and wait for their retry.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const downPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  expect(
    (
      await consoleCall(sandbox, 'POST', '/endpoints', {
        url: `http://127.0.0.1:${downPort}/hooks`,
        description: 'Staging (down)',
      })
    ).status,
  ).toBe(201);
  // The built-in inbox too, so the Inbox screen has verified webhooks to show.
  expect(
    (
      await consoleCall(sandbox, 'POST', '/endpoints', {
        url: `${sandbox.origin}/_inbox/default`,
        description: 'Built-in inbox',
      })
    ).status,
  ).toBe(201);
  let shown = '';
  for (const spec of LINKS) {
    const created = await sandbox.api('POST', '/payment-links', {
      amount: spec.amount,
      title: spec.title,
      reference_id: spec.reference,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    if (spec.title.startsWith('Annual plan')) shown = id;
    if (spec.outcome === 'cancel') await sandbox.api('POST', `/payment-links/${id}/cancel`, {});
    else if (spec.outcome)
      await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: id, event: spec.outcome });
  }
  return shown;
}

/** A laptop's window and a desktop's: `links-light.png` is 1280×720, `links-1920-light.png` 1920×1080. */
const SIZES = [
  { suffix: '', width: 1280, height: 720 },
  { suffix: '-1920', width: 1920, height: 1080 },
];

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${DIR}/${name}${size.suffix}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0] as { width: number; height: number });
}

test('screenshots of every screen, light and dark, at 1280×720 and 1920×1080', async ({ page }) => {
  const sandbox = await launchSandbox();
  const receiver = await startReceiver();
  try {
    await page.setViewportSize(SIZES[0] as { width: number; height: number });
    const shown = await seed(sandbox, receiver.url);
    await openConsole(page, sandbox.origin);
    await expect(page.locator('.count')).toHaveText(`${LINKS.length} links`);
    await shoot(page, 'links');

    await page.locator(`[data-link-id="${shown}"] .cell-amount`).click();
    const panel = page.getByRole('complementary', { name: /Annual plan/ });
    await expect(
      panel.getByRole('list', { name: 'Deliveries of this link' }).getByRole('listitem'),
    ).toHaveCount(3);
    await shoot(page, 'link-detail');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.locator('[data-delivery-id]').first()).toBeVisible();
    await expect(page.locator('[data-delivery-id] .badge', { hasText: 'Retrying' }).first()).toBeVisible();
    await shoot(page, 'webhooks');
    await page.locator('[data-delivery-id]').filter({ hasText: 'Delivered' }).first().click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    await expect(inspector.locator('.sig-badge').first()).toHaveText('verifies');
    await shoot(page, 'delivery-inspector');
    await inspector.getByRole('button', { name: 'Close', exact: true }).click();
    // The receiver takes anything: its report card fails the signature and timestamp probes.
    const orders = page.getByRole('listitem', { name: receiver.url });
    await orders.getByRole('button', { name: 'Check this endpoint' }).click();
    const check = page.getByRole('dialog', { name: 'Endpoint check' });
    await expect(check.locator('.check-summary')).toContainText('4 failed');
    await shoot(page, 'endpoint-check');
    await check.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page.locator('tr[data-event-id]').first()).toBeVisible();
    await shoot(page, 'webhook-events');
    await page.getByRole('button', { name: 'Deliveries', exact: true }).click();

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    const message = page.locator('[data-message-id]').filter({ hasText: 'payment_link.paid' }).first();
    await message.click();
    await expect(page.getByText('verified').first()).toBeVisible();
    await shoot(page, 'inbox');
    await page.keyboard.press('Escape');

    // A developer's retry code under test: every third create answers 503, for the next ten.
    const rule = await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'status', status: 503 },
      probability: 0.33,
      remaining: 10,
    });
    expect(rule.status).toBe(201);
    await sandbox.api('POST', '/sandbox/faults', {
      match: { method: 'GET', path: '/payment-links/:id' },
      action: { type: 'latency', ms: 1500, jitter_ms: 500 },
    });
    await page.getByRole('link', { name: /^Faults/ }).click();
    await expect(page.getByRole('listitem', { name: `Rule ${rule.body.data.id as string}` })).toBeVisible();
    await shoot(page, 'faults');
    await sandbox.api('DELETE', '/sandbox/faults');

    await page.getByTestId('sandbox-clock').click();
    await expect(page.getByRole('dialog', { name: 'Sandbox clock' })).toBeVisible();
    await shoot(page, 'clock-controls');
    await page.keyboard.press('Escape');

    // An app retrying a create with its Idempotency-Key: the replay shows in the log.
    for (let i = 0; i < 2; i++) {
      await fetch(`${sandbox.origin}/payment-links`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc',
          'content-type': 'application/json',
          'idempotency-key': 'order-1002',
        },
        body: JSON.stringify({ amount: 99_000, title: 'Order #1002', reference_id: 'ORD-1002' }),
      });
    }
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page.getByText('replayed').first()).toBeVisible();
    await shoot(page, 'requests');
    await page.getByRole('row').filter({ hasText: 'replayed' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'request-detail');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Connect your app' })).toBeVisible();
    await shoot(page, 'settings');

    const pending = await sandbox.api('POST', '/payment-links', {
      amount: 275_000,
      title: 'Concert ticket — Row 5',
      note: 'Seat 12, doors open at 19:00',
    });
    await page.goto(pending.body.data.url);
    await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
    await shoot(page, 'checkout');
  } finally {
    await receiver.close();
    sandbox.stop();
  }
});
