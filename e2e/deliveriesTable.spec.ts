import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, launchSandbox, openConsole, test } from './sandboxFixture';
import { addInboxFromWebhooks, linkWithOutcome } from './webhookHelpers';

test('deliveries: Clear history waits for something to clear; each row says when it last changed', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('button', { name: 'Clear history' })).toBeDisabled();

    await page.getByRole('button', { name: 'Add the built-in inbox as an endpoint' }).first().click();
    await linkWithOutcome(sandbox, 'Delivery time', 'paid', 3_000);
    const row = page.locator('[data-delivery-id]').first();
    await expect(row).toContainText('Delivered');
    await expect(page.getByRole('columnheader', { name: 'Updated' })).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    await expect(page.getByRole('button', { name: 'Clear history' })).toBeEnabled();
  } finally {
    sandbox.stop();
  }
});

test('events: every recorded event, with its deliveries, or none when no endpoint wanted it', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await linkWithOutcome(sandbox, 'Unheard', 'failed');
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    const unheardRow = page.locator('tr[data-event-id]').filter({ hasText: 'Unheard' });
    await expect(unheardRow).toContainText('no endpoint wanted it');

    await linkWithOutcome(sandbox, 'Heard', 'paid', 2_000);
    const heardRow = page.locator('tr[data-event-id]').filter({ hasText: 'Heard' }).first();
    await expect(heardRow).toContainText('payment_link.paid');
    await expect(heardRow).toContainText('Delivered');
    await heardRow.getByRole('button', { name: 'Delivered' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  } finally {
    sandbox.stop();
  }
});

test('deliveries: a Resend brings its row to the top; Retry now sends one delivery through a paused queue', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    const pay = async (title: string): Promise<string> => {
      const link = await linkWithOutcome(sandbox, title, 'paid', 1_500);
      return link.id as string;
    };
    const rowOf = (linkId: string) =>
      page.locator('[data-delivery-id]').filter({ has: page.locator(`a[href="#/links/${linkId}"]`) });
    const top = page.locator('[data-delivery-id][aria-rowindex="2"]');

    const first = await pay('First');
    await expect(rowOf(first)).toContainText('Delivered');
    const second = await pay('Second');
    await expect(rowOf(second)).toContainText('Delivered');
    await expect(top.locator(`a[href="#/links/${second}"]`)).toBeVisible();

    await rowOf(first).getByRole('button', { name: 'Resend' }).click();
    await expect(rowOf(first)).toContainText('2 · 200');
    await expect(top.locator(`a[href="#/links/${first}"]`)).toBeVisible();

    await page.getByRole('button', { name: 'Pause queue' }).click();
    await expect(page.getByRole('button', { name: 'Resume queue' })).toBeVisible();
    const third = await pay('Third');
    const fourth = await pay('Fourth');
    await expect(rowOf(third)).toContainText('Paused');
    await expect(rowOf(third)).toContainText('when resumed');
    await expect(rowOf(fourth)).toContainText('Paused');

    await rowOf(third).getByRole('button', { name: 'Retry now' }).click();
    await expect(rowOf(third)).toContainText('Delivered');
    await expect(rowOf(third)).toContainText('1 · 200');
    await expect(top.locator(`a[href="#/links/${third}"]`)).toBeVisible();
    await expect(rowOf(fourth)).toContainText('Paused');
    await expect(page.getByRole('button', { name: 'Resume queue' })).toBeVisible();

    await page.getByRole('button', { name: 'Resume queue' }).click();
    await expect(rowOf(fourth)).toContainText('Delivered');
  } finally {
    sandbox.stop();
  }
});

test('deliveries: a long error in the State cell ends in an ellipsis, and its title carries all of it', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    // The built-in inbox answering 500 with a body makes the longest error the table shows.
    await sandbox.api('PUT', '/sandbox/inbox/default', { status: 500 });
    await openConsole(page, sandbox.origin);
    await addInboxFromWebhooks(page);
    await linkWithOutcome(sandbox, 'Refused', 'paid', 2_000);
    const error = page.locator('[data-delivery-id] .row-error').first();
    await expect(error).toBeVisible();
    const shown = await error.evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth,
      overflow: (globalThis as any).getComputedStyle(el).textOverflow as string,
      title: el.getAttribute('title') ?? '',
      text: el.textContent ?? '',
    }));
    expect(shown.overflow).toBe('ellipsis');
    expect(shown.cut, `"${shown.text}" is long enough to be cut`).toBe(true);
    expect(shown.title).toBe(shown.text);
    expect(shown.title).toMatch(/500/);
  } finally {
    sandbox.stop();
  }
});

test("deliveries: an attempt's Copy as curl, run by a shell, sends the same signed webhook again", async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await openConsole(page, origin);
    await addInboxFromWebhooks(page);
    await linkWithOutcome(sandbox, 'Curled', 'paid', 6_500);
    const row = page.locator('[data-delivery-id]').first();
    await expect(row).toContainText('Delivered');
    await row.click();
    const inspector = page.getByRole('dialog', { name: 'Delivery' });
    await inspector.getByRole('button', { name: 'Copy as curl: attempt 1.1 as a command' }).click();
    const curl = await page.evaluate(
      () => (globalThis as any).navigator.clipboard.readText() as Promise<string>,
    );
    expect(curl).toContain(`${origin}/_inbox/default`);
    await promisify(execFile)('bash', ['-c', `${curl} -s -o /dev/null`]);

    const messages = (await sandbox.api('GET', '/sandbox/inbox/default/messages')).body.data as {
      webhook_id: string;
      verification: { state: string };
    }[];
    expect(messages).toHaveLength(2);
    expect(messages[0]?.webhook_id).toBe(messages[1]?.webhook_id);
    expect(messages.map((m) => m.verification.state)).toEqual(['verified', 'verified']);
  } finally {
    sandbox.stop();
  }
});
