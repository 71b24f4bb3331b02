// A webhook receiver and console API calls for the Webhooks screen's browser tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import type { Sandbox } from './sandboxFixture';

export interface Receiver {
  url: string;
  received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  close(): Promise<void>;
}

/** A webhook receiver on a free port that answers 200 with a small JSON body. */
export async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Calls the console API as a script would (no Origin), to set the scene quickly. */
export async function consoleCall<T = any>(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.origin}/_console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * Test files share one sandbox per worker: each webhooks test starts from no endpoints, a running
 * queue and an empty history, whatever ran before it.
 */
export async function resetWebhooks(sandbox: Sandbox): Promise<void> {
  for (const endpoint of (await consoleCall(sandbox, 'GET', '/endpoints')).body.data)
    await consoleCall(sandbox, 'DELETE', `/endpoints/${endpoint.id}`);
  await consoleCall(sandbox, 'POST', '/queue/resume');
  await consoleCall(sandbox, 'DELETE', '/deliveries');
}

/** The Webhooks screen, with the built-in inbox added as an endpoint in one click, as a tester would. */
export async function addInboxFromWebhooks(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await page.getByRole('button', { name: 'Add the built-in inbox as an endpoint' }).first().click();
  await expect(page.getByText('/_inbox/default').first()).toBeVisible();
}

/** A link made through the API and taken to an outcome (paid by default): the webhook a test follows. */
export async function linkWithOutcome(
  sandbox: Sandbox,
  title: string,
  event: 'paid' | 'failed' | 'expired' = 'paid',
  amount = 1_000,
): Promise<{ id: string; url: string }> {
  const link = (await sandbox.api('POST', '/payment-links', { amount, title })).body.data;
  await sandbox.api('POST', '/sandbox/simulate', { payment_link_id: link.id, event });
  return link;
}
