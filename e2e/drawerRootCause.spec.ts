// The endpoint check against a real receiver that answers 500 to everything: the report leads with
// the valid event's failure, marks the other failures as following from it and keeps them closed,
// so the tester is not sent after signatures and timestamps (src/shared/endpointCheckReports.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAxeClean } from './axe';
import { expect, openConsole, test } from './sandboxFixture';
import { consoleCall, resetWebhooks } from './webhookHelpers';

/** A receiver on a free port that reads each request whole and answers 500. */
async function startBrokenReceiver() {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'database is down' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const FOLLOWING = [
  'A wrong signature',
  'No signature header',
  'A timestamp 10 minutes old',
  'A timestamp 10 minutes ahead',
  'Two signatures after a secret rotation',
  'The same event twice',
  'A link’s events out of order',
  'An unknown event type',
  'A large body with Unicode',
];

test('endpoint check: an endpoint that answers 500 to everything is told to fix its valid event first', async ({
  page,
  sandbox,
}) => {
  const receiver = await startBrokenReceiver();
  try {
    await resetWebhooks(sandbox);
    expect((await consoleCall(sandbox, 'POST', '/endpoints', { url: receiver.url })).status).toBe(201);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page
      .getByRole('listitem', { name: receiver.url })
      .getByRole('button', { name: 'Check this endpoint' })
      .click();

    const panel = page.getByRole('dialog', { name: 'Endpoint check' });
    await expect(panel.locator('.check-summary')).toContainText('1 passed, 10 failed, 0 warned');
    const cause = panel.getByTestId('check-root-cause');
    await expect(cause).toContainText('The endpoint answers 500 to a valid, signed event: fix that first.');
    await expect(cause).toContainText('9 other failures got the same 500 and follow from it');

    const probe = (title: string) => panel.getByRole('listitem', { name: title, exact: true });
    const valid = probe('A valid event');
    await expect(valid).toContainText('Fix this first');
    await expect(valid.getByText('Fix:')).toBeVisible();

    for (const title of FOLLOWING) {
      await expect(probe(title).locator('.badge')).toHaveText('Fail');
      await expect(probe(title)).toContainText('Follows from the valid event');
      // Closed on its title: its own fix (signatures, timestamps) is not what is wrong yet.
      await expect(probe(title).getByText('Fix:')).toBeHidden();
    }
    await expect(probe('No redirect').locator('.badge')).toHaveText('Pass');
    await expect(probe('No redirect')).not.toContainText('Follows from');

    // Opened, a following probe says why its verdict is not its own yet, and shows the same 500.
    const wrong = probe('A wrong signature');
    await wrong.getByText('A wrong signature', { exact: true }).click();
    await expect(wrong).toContainText('It got the valid event’s answer');
    await wrong.getByText('The request sent and the answer').click();
    await expect(wrong.getByRole('article', { name: 'Request 1' }).getByTestId('response-status')).toHaveText(
      'HTTP 500',
    );
    await expectAxeClean(page, 'endpoint check, an endpoint that answers 500 to everything');
  } finally {
    await receiver.close();
  }
});
