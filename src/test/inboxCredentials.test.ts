// docs/contract.md §12: an inbox keeps no credential. A page on another loopback port is the same
// site, so a browser sends the console's SameSite=Strict cookie with its POST to /_inbox/…; the
// inbox, its files, the request log and what the console sends again must hold none of it.
import assert from 'node:assert/strict';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { REMOVED_CREDENTIAL } from '../shared/credentialHeaders';
import { inboxCurlCommand } from '../shared/inboxCurl';
import type { InboxMessage } from '../shared/types';
import { makeTempDir, startTestSandbox, type TestSandbox, leftToCleanUp } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const { sandboxes: running, receivers, dirs } = leftToCleanUp();

/** Every file under `dir`, byte for byte. */
async function everyFile(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const files: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ path, bytes: await readFile(path) });
  }
  return files;
}

test("a hostile page's POST to an inbox with the console cookie and an Authorization keeps neither, in the inbox, on disk or in the request log", async () => {
  const token = 'console-token-a-page-must-not-read';
  const dir = await makeTempDir();
  dirs.push(dir);
  const sandbox = await startTestSandbox({ dataDir: dir, consoleToken: token });
  running.push(sandbox);
  const opened = await fetch(`${sandbox.origin}/?token=${token}`);
  assert.equal(opened.status, 200);
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] as string;
  assert.equal(cookie, `pls_console_token=${token}`);

  // What the browser sends for fetch(…, {method: 'POST', mode: 'no-cors', credentials: 'include'})
  // from http://127.0.0.1:<another port>, plus the Authorization and Proxy-Authorization it may have saved.
  const basic = Buffer.from('evil:hunter2-never-on-disk').toString('base64');
  const bearer = 'evil-bearer-token-0123456789';
  const proxy = 'Basic cHJveHk6cHJveHktc2VjcmV0';
  const page = 'http://127.0.0.1:1';
  const posts: Record<string, string>[] = [
    { authorization: `Basic ${basic}`, 'proxy-authorization': proxy },
    { authorization: `Bearer ${bearer}` },
  ];
  for (const extra of posts) {
    const sent = await fetch(`${sandbox.origin}/_inbox/evil`, {
      method: 'POST',
      headers: {
        cookie,
        origin: page,
        referer: `${page}/`,
        'sec-fetch-site': 'same-site',
        'sec-fetch-mode': 'no-cors',
        'content-type': 'text/plain;charset=UTF-8',
        ...extra,
      },
      body: 'hello from another port',
    });
    assert.equal(sent.status, 200, await sent.text());
  }
  const secrets = [token, basic, bearer, bearer.slice(0, 8), proxy.split(' ')[1] as string];
  const holdsNone = (text: string, where: string) => {
    for (const secret of secrets) assert.ok(!text.includes(secret), `${where} holds ${secret}: ${text}`);
  };

  const read = await sandbox.api('GET', '/sandbox/inbox/evil/messages');
  assert.equal(read.status, 200);
  holdsNone(read.text, 'GET /sandbox/inbox/evil/messages');
  const [second, first] = read.body.data as InboxMessage[];
  assert.ok(first && second);
  assert.equal(first.headers.cookie, REMOVED_CREDENTIAL, 'says a cookie came, not what it held');
  assert.equal(first.headers.authorization, REMOVED_CREDENTIAL);
  assert.equal(first.headers['proxy-authorization'], REMOVED_CREDENTIAL);
  assert.equal(second.headers.authorization, REMOVED_CREDENTIAL);
  assert.equal(first.headers.origin, page, 'every other header is kept as received');
  assert.equal(first.body, 'hello from another port');

  const asConsole = { cookie };
  const shown = await sandbox.consoleApi('GET', `/inbox/evil/messages/${first.id}`, undefined, asConsole);
  assert.equal(shown.status, 200);
  holdsNone(shown.text, 'the console’s message');

  // Sending it again leaves the removed headers out: the marker is no credential.
  const curl = inboxCurlCommand(first, `${sandbox.origin}/_inbox/evil`);
  assert.ok(!/cookie|authorization|removed/i.test(curl), curl);
  const receiver = await WebhookReceiver.start();
  receivers.push(receiver);
  const forwarded = await sandbox.consoleApi(
    'POST',
    `/inbox/evil/messages/${first.id}/forward`,
    { url: receiver.url },
    asConsole,
  );
  assert.equal(forwarded.status, 200, forwarded.text);
  const [got] = await receiver.waitForRequests(1);
  assert.ok(got);
  for (const name of ['cookie', 'authorization', 'proxy-authorization'])
    assert.equal(got.headers[name], undefined, `Forward to… sends no ${name}`);
  assert.equal(got.body, 'hello from another port');

  const logs = await sandbox.api('GET', '/sandbox/logs');
  assert.equal(logs.status, 200);
  holdsNone(logs.text, 'GET /sandbox/logs');
  const list = await sandbox.consoleApi('GET', '/requests?scope=all', undefined, asConsole);
  assert.equal(list.status, 200);
  holdsNone(list.text, 'the console’s request list');
  const inboxPosts = (list.body.data as { seq: number; path: string }[]).filter(
    (e) => e.path === '/_inbox/evil',
  );
  assert.equal(inboxPosts.length, 2);
  for (const { seq } of list.body.data as { seq: number }[]) {
    const detail = await sandbox.consoleApi('GET', `/requests/${seq}`, undefined, asConsole);
    holdsNone(detail.text, `request ${seq} in the console`);
    if (inboxPosts.some((p) => p.seq === seq))
      assert.equal(detail.body.data.request_headers.authorization, REMOVED_CREDENTIAL);
  }

  await sandbox.stop({ keepDir: true });
  const files = await everyFile(dir);
  assert.ok(
    files.some((f) => f.path.endsWith('inbox.jsonl')),
    files.map((f) => f.path).join(' '),
  );
  for (const { path, bytes } of files) {
    for (const secret of secrets) assert.equal(bytes.indexOf(secret), -1, `${path} holds ${secret}`);
  }
});

test('an inbox log an earlier version wrote with credentials in it is written again without them at the first start, every message kept', async () => {
  const dir = await makeTempDir();
  dirs.push(dir);
  const first = await startTestSandbox({ dataDir: dir });
  running.push(first);
  for (const [name, body] of [
    ['old', 'first'],
    ['gone', 'cleared'],
    ['old', 'second'],
  ] as const) {
    const sent = await fetch(`${first.origin}/_inbox/${name}`, {
      method: 'POST',
      headers: { cookie: 'c=1', authorization: 'Basic eA==' },
      body,
    });
    assert.equal(sent.status, 200);
  }
  assert.equal((await first.api('DELETE', '/sandbox/inbox/gone/messages')).status, 200);
  await first.stop({ keepDir: true });
  // As 35da562 wrote them: each value as received.
  const file = join(dir, 'inbox.jsonl');
  const marker = JSON.stringify(REMOVED_CREDENTIAL);
  const old = (await readFile(file, 'utf8'))
    .replaceAll(`"cookie":${marker}`, '"cookie":"pls_console_token=old-console-token"')
    .replaceAll(`"authorization":${marker}`, '"authorization":"Basic b2xkLXNlY3JldA=="');
  await writeFile(file, old);
  assert.ok(old.includes('old-console-token'));

  const upgraded = await startTestSandbox({ dataDir: dir });
  running.push(upgraded);
  const bodies = async (s: TestSandbox, name: string) =>
    ((await s.api('GET', `/sandbox/inbox/${name}/messages`)).body.data as InboxMessage[]).map((m) => [
      m.body,
      m.headers.cookie,
      m.headers.authorization,
    ]);
  const expected = [
    ['second', REMOVED_CREDENTIAL, REMOVED_CREDENTIAL],
    ['first', REMOVED_CREDENTIAL, REMOVED_CREDENTIAL],
  ];
  assert.deepEqual(await bodies(upgraded, 'old'), expected);
  assert.deepEqual(await bodies(upgraded, 'gone'), [], 'a cleared inbox stays empty');
  await upgraded.stop({ keepDir: true });
  for (const { path, bytes } of await everyFile(dir)) {
    for (const secret of ['old-console-token', 'b2xkLXNlY3JldA=='])
      assert.equal(bytes.indexOf(secret), -1, `${path} still holds ${secret}`);
  }
  const written = (await stat(file, { bigint: true })).mtimeNs;
  const again = await startTestSandbox({ dataDir: dir });
  running.push(again);
  assert.deepEqual(await bodies(again, 'old'), expected, 'the rewritten log reads back the same');
  assert.deepEqual(await bodies(again, 'gone'), []);
  await again.stop({ keepDir: true });
  assert.equal(
    (await stat(file, { bigint: true })).mtimeNs,
    written,
    'a log that holds none is not written again',
  );
});
