import { expectAxeClean } from './axe';
import { expect, openConsole, test } from './sandboxFixture';

// docs/contract.md §15 in the console: the sidebar names the workspace shown, its picker lists every
// other one, and the address carries the choice, so a reload or a shared address opens the same one.

const create = (origin: string, key: string, title: string) =>
  fetch(`${origin}/payment-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1_500, title }),
  });

test('the workspace picker switches the console to another workspace, and the address keeps it', async ({
  page,
  sandbox,
}) => {
  await create(sandbox.origin, 'sk_test_e2e', 'Seen in default');
  await create(sandbox.origin, 'sk_test_ws_qa_team', 'Seen in qa_team');
  await openConsole(page, sandbox.origin);
  await expect(page.getByRole('button', { name: /Workspace\s*default/ })).toBeVisible();
  await expect(page.getByText('Seen in default')).toBeVisible();

  await page.getByRole('button', { name: /Workspace\s*default/ }).click();
  const list = page.getByRole('list', { name: 'Workspaces' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').first()).toContainText('qa_team', { timeout: 5_000 });
  await expect(list.getByRole('link', { name: /default/ })).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Find a workspace').fill('QA');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expectAxeClean(page, 'the workspace picker, open');

  await list.getByRole('link', { name: /qa_team/ }).click();
  await expect(page).toHaveURL(/\?workspace=qa_team#\/links$/);
  await expect(page.getByText('Seen in qa_team')).toBeVisible();
  await expect(page.getByText('Seen in default')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Workspace\s*qa_team/ })).toBeVisible();

  // What the tester does here happens in qa_team, live: a link made in the console, one by its key.
  await page.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment link' });
  await dialog.getByLabel('Title').fill('Made in the console');
  await dialog.getByLabel('Amount (IDR)').fill('2500');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('button', { name: 'Made in the console' })).toBeVisible();
  await create(sandbox.origin, 'sk_test_ws_qa_team', 'Made by its key');
  await expect(page.getByText('Made by its key')).toBeVisible();
  await create(sandbox.origin, 'sk_test_e2e', 'Another default link');
  const answer = await fetch(`${sandbox.origin}/payment-links`, {
    headers: { authorization: 'Bearer sk_test_ws_qa_team' },
  });
  const listed = (await answer.json()) as { data: { title: string }[] };
  expect(listed.data.map((link) => link.title).sort()).toEqual([
    'Made by its key',
    'Made in the console',
    'Seen in qa_team',
  ]);
  await page.reload();
  await expect(page.getByText('Made by its key')).toBeVisible();
  await expect(page.getByText('Another default link')).toHaveCount(0);

  // "Connect your app" gives the key of the workspace shown.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('connect-key')).toHaveText('sk_test_ws_qa_team');
  await expect(page).toHaveURL(/\?workspace=qa_team#\/settings$/);
});
