// "Check this endpoint" on the Webhooks screen (docs/endpoint-check.md "In the console"): a real
// receiver that accepts anything fails the signature and timestamp probes, each with its fix; once
// it verifies, the next check passes and says what got fixed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAxeClean } from './axe';
import { expect, openConsole, test } from './sandboxFixture';
import { consoleCall, resetWebhooks } from './webhookHelpers';

const DIR = 'test-results/screenshots';
const REFUSALS = [
  'A wrong signature',
  'No signature header',
  'A timestamp 10 minutes old',
  'A timestamp 10 minutes ahead',
];

/** A receiver on a free port: accepts anything until `verifyWith` is given a secret. */
async function startSwitchableReceiver() {
  let webhook: Webhook | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let status = 200;
      try {
        webhook?.verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
      } catch {
        status = 400;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { received: true } : { error: 'signature' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    verifyWith: (secret: string) => (webhook = new Webhook(secret)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const probe = (page: Page, title: string) =>
  page.getByRole('dialog', { name: 'Endpoint check' }).getByRole('listitem', { name: title, exact: true });

test('Check this endpoint: refusals fail with their fix, then pass, and the report says what got fixed', async ({
  page,
  sandbox,
}) => {
  const receiver = await startSwitchableReceiver();
  try {
    await resetWebhooks(sandbox);
    const added = await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url });
    expect(added.status).toBe(201);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page
      .getByRole('link', { name: 'Webhooks', exact: true })
      .or(page.getByRole('button', { name: 'Webhooks', exact: true }))
      .click();
    const card = page.getByRole('listitem', { name: receiver.url });
    await expect(card.getByRole('button', { name: 'Check this endpoint' })).toBeVisible();
    await page.screenshot({ path: `${DIR}/endpoint-check-card-light.png` });
    await card.getByRole('button', { name: 'Check this endpoint' }).click();

    const panel = page.getByRole('dialog', { name: 'Endpoint check' });
    await expect(panel).toBeVisible();
    await expect(panel.locator('.check-summary')).toContainText('7 passed, 4 failed, 0 warned');
    await expect(panel).toContainText('The first check of this endpoint kept here.');
    for (const title of REFUSALS) {
      const failed = probe(page, title);
      await expect(failed.locator('.badge')).toHaveText('Fail');
      // Failed probes open on their fix.
      await expect(failed.getByText('Fix:')).toBeVisible();
    }
    await expect(probe(page, 'A wrong signature')).toContainText(
      'Verify webhook-signature over the raw body',
    );
    await expect(probe(page, 'A timestamp 10 minutes old')).toContainText('more than 5 minutes');
    await expect(probe(page, 'A valid event').locator('.badge')).toHaveText('Pass');

    await page.screenshot({ path: `${DIR}/endpoint-check-failed-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${DIR}/endpoint-check-failed-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    // The fix in code and the exact request and answer, one click away.

    const wrong = probe(page, 'A wrong signature');
    await wrong.getByText('The fix in code').click();
    await expect(wrong.getByLabel('Express snippet').first()).toContainText("express.raw({ type: '*/*' })");
    await expect(wrong).toContainText('(not run here)');
    await wrong.getByText('The request sent and the answer').click();
    const sent = wrong.getByRole('article', { name: 'Request 1' });
    await expect(sent.getByLabel('Request headers')).toContainText('webhook-signature');
    await expect(sent.getByLabel('Request body')).toContainText('endpoint_check_');
    await expect(wrong).toContainText('HTTP 200');
    await page.screenshot({ path: `${DIR}/endpoint-check-request-light.png` });

    await expectAxeClean(page, 'endpoint check with failures');

    // The receiver now verifies with the endpoint's secret; Check again.
    receiver.verifyWith(added.body.data.secret);
    await panel.getByRole('button', { name: 'Check again' }).click();
    await expect(panel.locator('.check-summary')).toContainText('11 passed, 0 failed, 0 warned');
    const comparison = panel.getByTestId('check-comparison');
    await expect(comparison).toContainText('4 fixed since the last check');
    await expect(comparison).toContainText(`Fixed: ${REFUSALS.join(', ')}`);
    for (const title of REFUSALS) await expect(probe(page, title).locator('.badge')).toHaveText('Pass');

    await page.screenshot({ path: `${DIR}/endpoint-check-fixed-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${DIR}/endpoint-check-fixed-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await expectAxeClean(page, 'endpoint check all passed');

    // Escape closes it, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(card.getByRole('button', { name: 'Check this endpoint' })).toBeFocused();
  } finally {
    await receiver.close();
  }
});
