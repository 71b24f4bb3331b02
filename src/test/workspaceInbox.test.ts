import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { eventually, KEY, startTestSandbox, type TestSandbox } from './harness';

// docs/contract.md §15: the built-in inbox is one receiver addressed by URL, and each message
// belongs to the workspace whose endpoint sent it (any other sender's to default).

const ALPHA = 'sk_test_ws_alpha';
const BETA = 'sk_test_ws_beta';

const running: TestSandbox[] = [];
after(async () => {
  for (const sandbox of running) await sandbox.stop();
});

interface Message {
  id: string;
  workspace: string;
  link_id: string | null;
  verification: { state: string };
}

const messages = async (sandbox: TestSandbox, key: string): Promise<Message[]> => {
  const listed = await sandbox.api('GET', '/sandbox/inbox/shared/messages', { key });
  assert.equal(listed.status, 200, listed.text);
  return listed.body.data as Message[];
};

/** Each key registers an endpoint at the same inbox and pays one link: its id. */
async function paidThroughSharedInbox(sandbox: TestSandbox, key: string): Promise<string> {
  const endpoint = await sandbox.api('POST', '/sandbox/endpoints', {
    key,
    body: { url: `${sandbox.origin}/_inbox/shared` },
  });
  assert.equal(endpoint.status, 201, endpoint.text);
  const made = await sandbox.api('POST', '/payment-links', { key, body: { amount: 1500, title: key } });
  assert.equal(made.status, 201, made.text);
  const id = (made.body.data as { id: string }).id;
  const paid = await sandbox.api('POST', '/sandbox/simulate', {
    key,
    body: { payment_link_id: id, event: 'paid' },
  });
  assert.equal(paid.status, 200, paid.text);
  return id;
}

test('one inbox, three senders: each workspace lists only what its own endpoint sent, verified', async () => {
  const sandbox = await startTestSandbox();
  running.push(sandbox);
  const links = new Map<string, string>();
  for (const key of [ALPHA, BETA, KEY]) links.set(key, await paidThroughSharedInbox(sandbox, key));

  for (const [key, workspace] of [
    [ALPHA, 'alpha'],
    [BETA, 'beta'],
    [KEY, 'default'],
  ] as const) {
    const seen = await eventually(async () => {
      const got = await messages(sandbox, key);
      return got.length > 0 ? got : undefined;
    }, `${workspace}'s webhook in the inbox`);
    assert.deepEqual(
      seen.map((m) => [m.workspace, m.link_id, m.verification.state]),
      [[workspace, links.get(key), 'verified']],
      `${workspace} sees its own webhook, signed by its own endpoint, and no other`,
    );
  }

  const foreign = await fetch(`${sandbox.origin}/_inbox/shared`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': 'evt_someone_else' },
    body: '{"type":"payment_link.paid"}',
  });
  assert.equal(foreign.status, 200);
  const receipt = (await foreign.json()) as { data: { workspace: string; verification: string } };
  assert.equal(
    receipt.data.workspace,
    'default',
    'a sender that is no workspace of this sandbox is default’s',
  );
  assert.equal((await messages(sandbox, KEY)).length, 2);
  assert.equal((await messages(sandbox, ALPHA)).length, 1, 'alpha does not see the stranger’s message');

  const reset = await sandbox.api('POST', '/sandbox/reset', { key: ALPHA });
  assert.equal(reset.status, 200, reset.text);
  assert.equal((reset.body.data as { inbox_messages: number }).inbox_messages, 1);
  assert.deepEqual(await messages(sandbox, ALPHA), [], "alpha's reset empties alpha's part of the inbox");
  assert.equal((await messages(sandbox, BETA)).length, 1, "and leaves beta's");
  assert.equal((await messages(sandbox, KEY)).length, 2, "and default's");
});

test("a workspace's messages are in its own folder: a restart gives each its own again", async () => {
  const first = await startTestSandbox();
  running.push(first);
  const id = await paidThroughSharedInbox(first, ALPHA);
  await eventually(async () => ((await messages(first, ALPHA)).length > 0 ? true : undefined), 'the webhook');
  await first.stop({ keepDir: true });

  const again = await startTestSandbox({ dataDir: first.dir });
  running.push(again);
  assert.deepEqual(
    (await messages(again, ALPHA)).map((m) => [m.workspace, m.link_id]),
    [['alpha', id]],
  );
  assert.deepEqual(await messages(again, KEY), [], 'default never held it');
});
