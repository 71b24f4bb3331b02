// Issue 32's forms: an error only the server finds lands under the field it names, focused, in every
// form; an amount is said alike by the form, its hint and the API; a URL without "://" is told what
// to add; a disabled submit says why.
import type { Locator, Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expect, launchSandbox, openConsole, test, type Sandbox } from './sandboxFixture';

/** The console API, as the console itself calls it (same origin, no key). */
async function consoleCall(sandbox: Sandbox, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.origin}/_console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function goTo(page: Page, screen: string): Promise<void> {
  await page.getByRole('link', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
}

/**
 * The field has the focus and its description (what a screen reader reads with it) is the error.
 * Soft: every form is checked, and each that does otherwise is named.
 */
async function expectErrorAt(field: Locator, error: string | RegExp): Promise<void> {
  await expect.soft(field).toBeFocused();
  await expect.soft(field).toHaveAttribute('aria-invalid', 'true');
  await expect.soft(field).toHaveAccessibleDescription(error);
}

test('an error only the server finds lands under its field, focused, in every form', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  try {
    // A fixed fee larger than the amount: only the server prices a link.
    await consoleCall(sandbox, 'PATCH', '/settings', { fees: { transaction_fixed: 5000 } });
    await openConsole(page, sandbox.origin);

    await page.getByRole('button', { name: 'New link' }).click();
    const newLink = page.getByRole('dialog', { name: 'New payment link' });
    await newLink.getByLabel('Title').fill('Too small');
    await newLink.getByLabel('Amount (IDR)').fill('100');
    await newLink.getByRole('button', { name: 'Create link' }).click();
    await expectErrorAt(newLink.getByLabel('Amount (IDR)'), /amount 100 is less than the fee of 5003 /);
    await expectAxeClean(page, 'New link, the fee the server refused');
    await newLink.getByRole('button', { name: 'Close' }).click();

    // The endpoint dialog: a seed out of range is the server's to judge; the very input is focused.
    await goTo(page, 'Webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const endpoint = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await endpoint.getByLabel('URL').fill(`${sandbox.origin}/_inbox/forms`);
    await endpoint.getByLabel('Shuffle seed').fill('99999999999');
    await endpoint.getByRole('button', { name: 'Add endpoint' }).click();
    await expectErrorAt(
      endpoint.getByLabel('Shuffle seed'),
      /faults\.seed must be a whole number from 0 to 4294967295/,
    );
    // Only the input the error names is marked: the delay beside it was fine.
    await expect.soft(endpoint.getByLabel(/Delay the first attempt/)).not.toHaveAttribute('aria-invalid');
    await expectAxeClean(page, 'Add endpoint, the seed the server refused');
    await endpoint.getByRole('button', { name: 'Close' }).click();

    await goTo(page, 'Faults');
    const rule = page.getByRole('form', { name: 'Add a rule' });
    await rule.getByLabel('API key').fill('abc');
    await rule.getByRole('button', { name: 'Add rule' }).click();
    await expectErrorAt(rule.getByLabel('API key'), /match\.api_key must be an sk_test_ key/);
    await expectAxeClean(page, 'Add a rule, the key the server refused');

    await goTo(page, 'Settings');
    await page.getByLabel('Public URL').fill('localhost:4700');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectErrorAt(
      page.getByLabel('Public URL'),
      /"localhost:4700" has no http:\/\/ or https:\/\/ in front/,
    );
    await expectAxeClean(page, 'Settings, the public URL the server refused');
    await page.getByRole('button', { name: 'Discard' }).click();

    // The inbox's answer: the form checks each status, only the server how many a sequence holds.
    await goTo(page, 'Inbox');
    const answer = page.locator('form.inbox-answer');
    await answer.getByLabel('Sequence').fill(Array.from({ length: 101 }, () => '500').join(', '));
    await answer.getByRole('button', { name: 'Set answer' }).click();
    await expectErrorAt(
      answer.getByLabel('Sequence'),
      /sequence must be a list of at most 100 HTTP statuses/,
    );
    await expectAxeClean(page, 'Inbox answer, the sequence the server refused');
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('an amount is said alike by the form, its hint and the API, with a suggestion the currency takes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await page.getByRole('button', { name: 'New link' }).click();
    let dialog = page.getByRole('dialog', { name: 'New payment link' });
    let amount = dialog.getByLabel('Amount (IDR)');
    await expect(amount).toHaveAccessibleDescription(
      'Whole IDR, like 15000 (1 IDR is 1 minor unit in the API)',
    );
    await dialog.getByLabel('Title').fill('Words');
    await amount.fill('abc');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.locator('#field-amount-error')).toHaveText(
      '"abc" is not an amount: enter whole IDR, like 15000.',
    );
    await amount.fill('15.5');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.locator('#field-amount-error')).toHaveText(
      'IDR has no decimals: enter whole IDR, like 15000.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    // In EUR the form takes cents, and the API's refusal says its minor units the form's way.
    await consoleCall(sandbox, 'PATCH', '/settings', { currency: 'EUR', fees: { transaction_fixed: 50 } });
    await page.getByRole('button', { name: 'New link' }).click();
    dialog = page.getByRole('dialog', { name: 'New payment link' });
    amount = dialog.getByLabel('Amount (EUR)');
    await expect(amount).toHaveAccessibleDescription(
      'EUR with up to 2 decimals, like 15.00 (1 EUR is 100 minor units in the API)',
    );
    await dialog.getByLabel('Title').fill('Words');
    await amount.fill('abc');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.locator('#field-amount-error')).toHaveText(
      '"abc" is not an amount: enter EUR with up to 2 decimals, like 15.00.',
    );
    await amount.fill('0.10');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expectErrorAt(
      amount,
      /€0\.10 against a fee of €0\.50; amounts are in minor units, 1 EUR is 100 minor units/,
    );
    await expectAxeClean(page, 'New link in EUR, the fee the server refused');
  } finally {
    sandbox.stop();
    await sandbox.exited;
  }
});

test('a URL without "://" is told what to add, with the address it meant', async ({ page, sandbox }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openConsole(page, sandbox.origin);
  await goTo(page, 'Webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('URL').fill('localhost:4700/ok');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expectErrorAt(
    dialog.getByLabel('URL'),
    /"localhost:4700\/ok" has no http:\/\/ or https:\/\/ in front: add http:\/\/ or https:\/\/, e\.g\. http:\/\/localhost:4700\/ok\./,
  );
  await expect(dialog.locator('#field-url-error')).not.toContainText('localhost://');
  await expectAxeClean(page, 'Add endpoint, a URL without ://');
});

test('a disabled submit button says why in its tooltip', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const sandbox = await launchSandbox();
  try {
    await openConsole(page, sandbox.origin);
    await goTo(page, 'Settings');
    const save = page.getByRole('button', { name: 'Save settings' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('title', 'Nothing to save: no setting has been changed.');
    await expect(save).toHaveAccessibleDescription('Nothing to save: no setting has been changed.');
    await expect(page.getByRole('button', { name: 'Discard' })).toHaveAttribute(
      'title',
      'Nothing to discard: no setting has been changed.',
    );
    await page.getByLabel('Transaction fee (%)').fill('3');
    await expect(save).toBeEnabled();
    await expect(save).not.toHaveAttribute('title');

    // The sandbox stops: the open dialog's submit is disabled, and says so.
    await goTo(page, 'Links');
    await page.getByRole('button', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New payment link' });
    const create = dialog.getByRole('button', { name: 'Create link' });
    await expect(create).not.toHaveAttribute('title');
    sandbox.stop();
    await sandbox.exited;
    await expect(create).toBeDisabled();
    await expect(create).toHaveAttribute('title', 'Unavailable: the sandbox is not answering');
    await expectAxeClean(page, 'New link while the sandbox is not answering');
  } finally {
    sandbox.stop();
  }
});
