// docs/security.md: a page on another localhost port can neither frame the console or a checkout
// page (clickjacking) nor pay a link by posting the checkout's form itself (CSRF).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './sandboxFixture';

/** Another site on this machine: serves whatever page the test gives it, at /. */
async function foreignSite(): Promise<{ origin: string; serve(html: string): void; close(): Promise<void> }> {
  let page = '';
  const server: Server = createServer((request, response) => {
    if (request.url === '/control') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p id="control">framed fine</p>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (html) => void (page = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function frameOf(page: Page, id: string): Promise<Frame> {
  const frame = await (await page.locator(`#${id}`).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame #${id}`);
  return frame;
}

test('another localhost site cannot frame the console or a checkout page', async ({ page, sandbox }) => {
  const link = (await sandbox.api('POST', '/payment-links', { amount: 5000, title: 'Framed' })).body.data;
  const site = await foreignSite();
  try {
    site.serve(`<!doctype html><title>Another site</title>
<iframe id="control" src="/control"></iframe>
<iframe id="console" src="${sandbox.origin}/"></iframe>
<iframe id="checkout" src="${sandbox.origin}/pay/${link.id}"></iframe>`);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(site.origin + '/');

    // Frames work on this page: its own one loads.
    await expect((await frameOf(page, 'control')).locator('#control')).toHaveText('framed fine');
    for (const id of ['console', 'checkout']) {
      const frame = await frameOf(page, id);
      // Blocked, the frame shows Chromium's error page instead of ours.
      await expect.poll(() => frame.url(), { message: `#${id} is blocked` }).toMatch(/^chrome-error:/);
      await expect(frame.locator('#root, .amount, button')).toHaveCount(0);
    }
    // And Chromium says why, once for each frame (it names the framed origin, not the path).
    const blocked = (m: string) => m.includes(`'${sandbox.origin}/'`) && m.includes("frame-ancestors 'none'");
    await expect
      .poll(() => messages.filter(blocked).length, { message: 'the frame-ancestors violations' })
      .toBe(2);
    // No click could reach the checkout: the link is still pending.
    expect((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status).toBe('pending');
  } finally {
    await site.close();
  }
});

test("another localhost site cannot pay a link by posting the checkout's form", async ({ page, sandbox }) => {
  const link = (await sandbox.api('POST', '/payment-links', { amount: 5000, title: 'Forged' })).body.data;
  const site = await foreignSite();
  try {
    site.serve(`<!doctype html><title>Win a prize</title>
<form method="post" action="${sandbox.origin}/pay/${link.id}/pay"><button>Claim your prize</button></form>`);
    await page.goto(site.origin + '/');
    await page.getByRole('button', { name: 'Claim your prize' }).click();
    await expect(page.getByRole('heading', { name: /came from another site/ })).toBeVisible();
    await expect(page.getByText(site.origin)).toBeVisible();
    expect((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status).toBe('pending');

    // The refusal points at the real page, where the payer can still pay on purpose.
    await page.getByRole('link', { name: 'Open the checkout page' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('status')).toHaveText('Payment received. Thank you!');
    expect((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status).toBe('succeeded');
  } finally {
    await site.close();
  }
});
