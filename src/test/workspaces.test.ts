import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { http, killLeftoverClis, runCli, spawnCli, startServe } from './cliProcess';
import { readConfiguration } from '../core/configuration/readConfiguration';
import { KEY, makeTempDir, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

// docs/contract.md §15: a key sk_test_ws_<name> has a sandbox of its own, a workspace; every other
// key has `default`, the sandbox as it always was.

const ALPHA = 'sk_test_ws_alpha';
const BETA = 'sk_test_ws_beta';

const running: TestSandbox[] = [];
after(async () => {
  for (const sandbox of running) await sandbox.stop();
  await killLeftoverClis();
});

async function started(dataDir?: string, maxWorkspaces?: number): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({
    ...(dataDir ? { dataDir } : {}),
    ...(maxWorkspaces === undefined ? {} : { maxWorkspaces }),
  });
  running.push(sandbox);
  return sandbox;
}

const create = async (sandbox: TestSandbox, key: string, title: string, headers?: Record<string, string>) => {
  const made = await sandbox.api('POST', '/payment-links', { key, body: { amount: 1500, title }, headers });
  assert.equal(made.status, 201, made.text);
  return made.body.data as { id: string; title: string; url: string };
};

const titles = async (sandbox: TestSandbox, key: string): Promise<string[]> => {
  const listed = await sandbox.api('GET', '/payment-links?per_page=100', { key });
  assert.equal(listed.status, 200, listed.text);
  return (listed.body.data as { title: string }[]).map((link) => link.title).sort();
};

test('each workspace key sees its own links, and no other key sees them', async () => {
  const sandbox = await started();
  const mine = await create(sandbox, ALPHA, 'alpha 1');
  await create(sandbox, BETA, 'beta 1');
  await create(sandbox, KEY, 'default 1');
  assert.deepEqual(await titles(sandbox, ALPHA), ['alpha 1']);
  assert.deepEqual(await titles(sandbox, BETA), ['beta 1']);
  assert.deepEqual(await titles(sandbox, KEY), ['default 1'], 'any other key is default, as before');
  assert.deepEqual(
    await titles(sandbox, 'sk_test_ws_default'),
    ['default 1'],
    'sk_test_ws_default is default',
  );

  const elsewhere = await sandbox.api('GET', `/payment-links/${mine.id}`, { key: BETA });
  assert.equal(elsewhere.status, 404, 'another workspace cannot read my link');
  const paid = await sandbox.api('POST', '/sandbox/simulate', {
    key: BETA,
    body: { payment_link_id: mine.id, event: 'paid' },
  });
  assert.equal(paid.status, 404, 'nor change it');
  assert.equal(
    (await sandbox.api('GET', `/payment-links/${mine.id}`, { key: ALPHA })).body.data.status,
    'pending',
  );
});

test('a workspace name is compared without case and kept in lower case', async () => {
  const sandbox = await started();
  await create(sandbox, 'sk_test_ws_Gamma', 'gamma');
  assert.deepEqual(await titles(sandbox, 'sk_test_ws_GAMMA'), ['gamma']);
  assert.ok(sandbox.workspaces.get('gamma'), 'made as gamma');
});

test('sk_test_ws_ without a valid name is refused, saying what a workspace key looks like', async () => {
  const sandbox = await started();
  for (const key of ['sk_test_ws_', `sk_test_ws_${'n'.repeat(65)}`]) {
    const refused = await sandbox.api('GET', '/payment-links', { key });
    assert.equal(refused.status, 401, key);
    assert.equal(refused.body.error.code, 'api_key_invalid');
    assert.match(refused.body.error.message, /sk_test_ws_<name>, the name 1 to 64 letters, digits or _/);
  }
});

test('a read of a workspace not made yet answers empty and makes nothing', async () => {
  const dir = await makeTempDir();
  const sandbox = await started(dir);
  assert.deepEqual(await titles(sandbox, 'sk_test_ws_unmade'), []);
  const missing = await sandbox.api('GET', '/payment-links/00000000-0000-4000-8000-000000000000', {
    key: 'sk_test_ws_unmade',
  });
  assert.equal(missing.status, 404);
  assert.equal(sandbox.workspaces.get('unmade'), undefined, 'no workspace made');
  assert.equal(existsSync(join(dir, 'workspaces', 'unmade')), false, 'no folder made');
});

test('Idempotency-Keys are scoped to the workspace: one key in two workspaces makes two links', async () => {
  const sandbox = await started();
  const headers = { 'idempotency-key': 'order-1001' };
  const a = await create(sandbox, ALPHA, 'same order', headers);
  const again = await create(sandbox, ALPHA, 'same order', headers);
  assert.equal(again.id, a.id, 'a retry in the workspace replays its answer');
  const b = await create(sandbox, BETA, 'same order', headers);
  assert.notEqual(b.id, a.id, 'the other workspace makes its own link');
});

test("one workspace's clock moves alone", async () => {
  const sandbox = await started();
  const link = await create(sandbox, BETA, 'expires with beta');
  await create(sandbox, KEY, 'stays pending');
  const moved = await sandbox.api('POST', '/sandbox/clock/advance', {
    key: ALPHA,
    body: { seconds: 3 * 86400 },
  });
  assert.equal(moved.status, 200, moved.text);
  const clocks = await Promise.all(
    [ALPHA, BETA, KEY].map(async (key) => (await sandbox.api('GET', '/sandbox/clock', { key })).body.data),
  );
  assert.ok(Date.parse(clocks[0].now) - Date.parse(clocks[1].now) > 2 * 86400_000, 'alpha is days ahead');
  assert.ok(
    Math.abs(Date.parse(clocks[1].now) - Date.parse(clocks[2].now)) < 60_000,
    'beta and default are not',
  );
  assert.equal(
    (await sandbox.api('GET', `/payment-links/${link.id}`, { key: BETA })).body.data.status,
    'pending',
  );
});

/** The page's Pay or Decline form action, as a browser would post it. */
const actionOf = (page: string, label: 'pay' | 'decline'): string => {
  const action = new RegExp(`action="([^"]+/${label}[^"]*)"`).exec(page)?.[1];
  assert.ok(action, `the page has a ${label} form`);
  return action.replaceAll('&amp;', '&');
};

test("the checkout page takes no key: it finds the link's workspace, and paying it pays the link there", async () => {
  const sandbox = await started();
  const link = await create(sandbox, ALPHA, 'paid at checkout');
  assert.equal(link.url, `${sandbox.origin}/pay/${link.id}?workspace=alpha`, 'its URL names its workspace');
  const page = await fetch(link.url);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /paid at checkout/);
  const paid = await fetch(`${sandbox.origin}${actionOf(html, 'pay')}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: sandbox.origin },
  });
  assert.equal(paid.status, 303);
  assert.equal(paid.headers.get('location'), `/pay/${link.id}?workspace=alpha`);
  assert.equal(
    (await sandbox.api('GET', `/payment-links/${link.id}`, { key: ALPHA })).body.data.status,
    'succeeded',
  );
  const bare = await fetch(`${sandbox.origin}/pay/${link.id}`);
  assert.match(await bare.text(), /paid at checkout/, 'a URL without ?workspace= finds it too');
});

test("a fixture link, one id in every workspace: each workspace's URL opens its own, and paying pays only that one", async () => {
  const dir = await makeTempDir();
  const file = join(dir, 'payment-links-sandbox.json');
  const id = '5f0c6a52-2a3b-4c1d-9e8f-0a1b2c3d4e5f';
  await writeFile(file, JSON.stringify({ version: 1, links: [{ id, amount: 2500, title: 'Fixture' }] }));
  const sandbox = await startTestSandbox({ inMemory: true, configuration: await readConfiguration(file) });
  running.push(sandbox);
  await sandbox.api('POST', '/sandbox/reset', { key: ALPHA });
  await sandbox.api('POST', '/sandbox/reset', { key: BETA });
  const urlIn = async (key: string) =>
    (await sandbox.api('GET', `/payment-links/${id}`, { key })).body.data.url as string;
  const alphaUrl = await urlIn(ALPHA);
  assert.equal(alphaUrl, `${sandbox.origin}/pay/${id}?workspace=alpha`);
  assert.equal(await urlIn(KEY), `${sandbox.origin}/pay/${id}`);

  const page = await (await fetch(alphaUrl)).text();
  const paid = await fetch(`${sandbox.origin}${actionOf(page, 'pay')}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: sandbox.origin },
  });
  assert.equal(paid.status, 303);
  const statusIn = async (key: string) =>
    (await sandbox.api('GET', `/payment-links/${id}`, { key })).body.data.status as string;
  assert.deepEqual(
    [await statusIn(ALPHA), await statusIn(BETA), await statusIn(KEY)],
    ['succeeded', 'pending', 'pending'],
  );
});

test('a workspace keeps its store under workspaces/<name>/ and opens again with the sandbox', async () => {
  const dir = await makeTempDir();
  const first = await started(dir);
  const link = await create(first, ALPHA, 'kept');
  await create(first, KEY, 'kept in default');
  await first.stop({ keepDir: true });
  assert.ok(existsSync(join(dir, 'workspaces', 'alpha')), 'its folder');

  const again = await started(dir);
  assert.deepEqual(await titles(again, ALPHA), ['kept']);
  assert.deepEqual(await titles(again, KEY), ['kept in default']);
  const page = await fetch(`${again.origin}/pay/${link.id}`);
  assert.equal(page.status, 200, 'its checkout page too, right after the start');
});

test('the sandbox listens before it opens its workspaces; a request for one not open yet opens it first', async () => {
  const dir = await makeTempDir();
  const first = await started(dir);
  const links: { id: string }[] = [];
  for (let i = 0; i < 30; i++)
    links.push(await create(first, `sk_test_ws_w${String(i).padStart(2, '0')}`, `w${i}`));
  await first.stop({ keepDir: true });

  const again = await started(dir);
  assert.equal(again.workspaces.stillOpening, true, 'the start did not wait for the 30 workspaces');
  const [read, consoleRead, checkout, listed] = await Promise.all([
    again.api('GET', '/payment-links', { key: 'sk_test_ws_w29' }),
    again.consoleApi('GET', '/links?workspace=w28'),
    fetch(`${again.origin}/pay/${links[27]?.id}`),
    again.api('GET', '/sandbox/workspaces?per_page=100'),
  ]);
  assert.deepEqual(
    (read.body.data as { title: string }[]).map((l) => l.title),
    ['w29'],
    'the last to be opened answers the first request',
  );
  assert.equal(consoleRead.status, 200, consoleRead.text);
  assert.equal(checkout.status, 200, 'a checkout page of a workspace not open yet');
  assert.equal(listed.body.pagination.total, 31, 'the list waits until every workspace is open');
});

test("GET /sandbox/workspace names the caller's workspace, whether it is made, its counts and its clock", async () => {
  const sandbox = await started();
  const before = await sandbox.api('GET', '/sandbox/workspace', { key: 'sk_test_ws_Delta' });
  assert.equal(before.status, 200, before.text);
  assert.equal(before.body.data.name, 'delta');
  assert.equal(before.body.data.made, false, 'a read makes nothing');
  assert.equal(before.body.data.counts.links, 0);
  assert.equal(sandbox.workspaces.get('delta'), undefined);
  await create(sandbox, 'sk_test_ws_delta', 'one');
  const after = (await sandbox.api('GET', '/sandbox/workspace', { key: 'sk_test_ws_delta' })).body.data;
  assert.equal(after.made, true);
  assert.equal(after.counts.links, 1);
  assert.match(after.clock.now, /^\d{4}-/);
  assert.ok(after.changed_at, 'changed by its create');
  assert.equal((await sandbox.api('GET', '/sandbox/workspace', { key: KEY })).body.data.name, 'default');
});

test('GET /sandbox/workspaces lists every workspace made, the one changed last first, with its link count', async () => {
  const sandbox = await started();
  await create(sandbox, ALPHA, 'a1');
  await create(sandbox, ALPHA, 'a2');
  await create(sandbox, BETA, 'b1');
  const listed = await sandbox.api('GET', '/sandbox/workspaces', { key: KEY });
  assert.equal(listed.status, 200, listed.text);
  const rows = listed.body.data as { name: string; links: number; changed_at: string | null }[];
  assert.deepEqual(
    rows.map((row) => [row.name, row.links]),
    [
      ['beta', 1],
      ['alpha', 2],
      ['default', 0],
    ],
  );
  assert.equal(listed.body.pagination.total, 3);
  const second = await sandbox.api('GET', '/sandbox/workspaces?per_page=1&page=2', { key: BETA });
  assert.deepEqual(
    second.body.data.map((row: { name: string }) => row.name),
    ['alpha'],
  );
});

test('DELETE /sandbox/workspace removes it with its folder, and the next write makes it anew', async () => {
  const dir = await makeTempDir();
  const sandbox = await started(dir);
  await create(sandbox, ALPHA, 'gone soon');
  await create(sandbox, KEY, 'stays');
  const removed = await sandbox.api('DELETE', '/sandbox/workspace', { key: ALPHA });
  assert.equal(removed.status, 200, removed.text);
  assert.equal(removed.body.data.links, 1);
  assert.ok(removed.body.data.requests >= 1, 'its request log went with it');
  assert.equal(existsSync(join(dir, 'workspaces', 'alpha')), false, 'its folder is gone');
  assert.equal((await sandbox.api('GET', '/sandbox/workspace', { key: ALPHA })).body.data.made, false);
  assert.deepEqual(await titles(sandbox, KEY), ['stays'], 'default is untouched');

  const unmade = await sandbox.api('DELETE', '/sandbox/workspace', { key: 'sk_test_ws_never' });
  assert.equal(unmade.status, 200);
  assert.equal(unmade.body.data.links, 0);
  assert.equal(sandbox.workspaces.get('never'), undefined, 'removing one not made makes none');

  await create(sandbox, ALPHA, 'anew');
  assert.deepEqual(await titles(sandbox, ALPHA), ['anew']);

  const reset = await sandbox.api('DELETE', '/sandbox/workspace', { key: KEY });
  assert.equal(reset.status, 200);
  assert.equal(reset.body.data.links, 1, 'on default it resets');
  assert.deepEqual(await titles(sandbox, KEY), []);
  assert.deepEqual(await titles(sandbox, ALPHA), ['anew']);
});

test('past max_workspaces a write that would make one more is 403 workspace_limit_reached, naming the limit', async () => {
  const sandbox = await started(undefined, 2);
  await create(sandbox, ALPHA, 'a');
  await create(sandbox, BETA, 'b');
  const refused = await sandbox.api('POST', '/payment-links', {
    key: 'sk_test_ws_third',
    body: { amount: 1500, title: 'c' },
  });
  assert.equal(refused.status, 403, refused.text);
  assert.equal(refused.body.error.code, 'workspace_limit_reached');
  assert.match(refused.body.error.message, /its most workspaces, 2 besides default/);
  assert.match(refused.body.error.message, /--max-workspaces \(PLS_MAX_WORKSPACES\)/);
  assert.deepEqual(await titles(sandbox, 'sk_test_ws_third'), [], 'a read still answers, empty');
  await create(sandbox, KEY, 'default is never counted');
  await sandbox.api('DELETE', '/sandbox/workspace', { key: BETA });
  await create(sandbox, 'sk_test_ws_third', 'room again');
});

test('serve --max-workspaces sets the limit; a value that is not a whole number is refused with exit 2', async () => {
  const bad = await runCli(['serve', '--in-memory', '--max-workspaces', 'lots']);
  assert.equal(bad.code, 2, bad.cli.transcript());
  assert.match(bad.stderr, /--max-workspaces must be a whole number from 0 to 100000; got "lots"/);
  const fromEnv = spawnCli(['serve', '--in-memory', '--port', '0'], { PLS_MAX_WORKSPACES: '-1' });
  assert.equal((await fromEnv.waitForExit()).code, 2);
  assert.match(fromEnv.stderr, /PLS_MAX_WORKSPACES must be a whole number from 0 to 100000; got "-1"/);

  const { cli, origin } = await startServe(await makeTempDir(), ['--max-workspaces', '0']);
  const refused = await http(origin, 'POST', '/payment-links', {
    headers: { authorization: `Bearer ${ALPHA}` },
    body: { amount: 1500, title: 'no room' },
  });
  assert.equal(refused.status, 403, refused.text);
  const fine = await http(origin, 'POST', '/payment-links', { body: { amount: 1500, title: 'default' } });
  assert.equal(fine.status, 201);
  cli.child.kill('SIGTERM');
  await cli.waitForExit();
});

/** The files this process holds open under `dir` (Linux: /proc/self/fd). */
async function openUnder(dir: string): Promise<string[]> {
  const targets = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(dir));
}

test('an idle workspace holds no file open: a thousand of them cannot run out of file descriptors', async () => {
  const dir = await makeTempDir();
  const sandbox = await started(dir);
  for (const key of [ALPHA, BETA, 'sk_test_ws_gamma']) await create(sandbox, key, 'then idle');
  const busy = await openUnder(join(dir, 'workspaces'));
  assert.ok(busy.length >= 3, `while written to, their files are open: ${busy.join(', ')}`);
  // The journal and the logs close their files after 5 s without a write.
  await new Promise((resolve) => setTimeout(resolve, 6500));
  assert.deepEqual(await openUnder(join(dir, 'workspaces')), [], 'idle: nothing open');
  const again = await create(sandbox, ALPHA, 'written again');
  assert.equal((await sandbox.api('GET', `/payment-links/${again.id}`, { key: ALPHA })).status, 200);
  await sandbox.stop({ keepDir: true });
  const reopened = await started(dir);
  assert.deepEqual(await titles(reopened, ALPHA), ['then idle', 'written again'], 'both writes are on disk');
});

test('the console takes ?workspace=<name>: every route acts on that workspace, and a name not made is 404', async () => {
  const sandbox = await started();
  await create(sandbox, ALPHA, 'alpha in the console');
  await create(sandbox, KEY, 'default in the console');
  const titlesIn = async (query: string) =>
    ((await sandbox.consoleApi('GET', `/links${query}`)).body.data as { title: string }[]).map(
      (l) => l.title,
    );
  assert.deepEqual(await titlesIn('?workspace=alpha'), ['alpha in the console']);
  assert.deepEqual(
    await titlesIn('?workspace=ALPHA&per_page=10'),
    ['alpha in the console'],
    'with its own query',
  );
  assert.deepEqual(await titlesIn(''), ['default in the console']);
  assert.deepEqual(await titlesIn('?workspace=default'), ['default in the console']);

  const made = await sandbox.consoleApi('POST', '/links?workspace=alpha', {
    amount: 2500,
    title: 'made in the console',
  });
  assert.equal(made.status, 201, made.text);
  assert.deepEqual((await titles(sandbox, ALPHA)).sort(), ['alpha in the console', 'made in the console']);

  const unknown = await sandbox.consoleApi('GET', '/links?workspace=nobody');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.param, 'workspace');
  assert.match(unknown.body.error.message, /made by the first write with its key sk_test_ws_nobody/);
  const write = await sandbox.consoleApi('POST', '/links?workspace=nobody', { amount: 2500, title: 'x' });
  assert.equal(write.status, 404, 'the console never makes a workspace');
  assert.equal(sandbox.workspaces.get('nobody'), undefined);
  const bad = await sandbox.consoleApi('GET', '/links?workspace=no-dash');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.param, 'workspace');

  const listed = await sandbox.consoleApi('GET', '/workspaces');
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(
    listed.body.data.map((row: { name: string; links: number }) => [row.name, row.links]),
    [
      ['alpha', 2],
      ['default', 1],
    ],
  );
});

test('a workspace whose folder cannot be made answers 503 naming why, and every other workspace serves on', async () => {
  const dir = await makeTempDir();
  const sandbox = await started(dir);
  // A file where the workspaces' folder would go: no workspace can be made under it.
  await writeFile(join(dir, 'workspaces'), 'in the way');
  const refused = await sandbox.api('POST', '/payment-links', {
    key: ALPHA,
    body: { amount: 1500, title: 'x' },
  });
  assert.equal(refused.status, 503, refused.text);
  assert.equal(refused.body.error.code, 'storage_unavailable');
  assert.match(refused.body.error.message, /^Workspace "alpha" could not be made: .*workspaces/);
  assert.match(refused.body.error.message, /the other workspaces are not affected/);
  assert.equal(sandbox.workspaces.get('alpha'), undefined);
  await create(sandbox, KEY, 'default serves on');
});

test('a damaged workspace answers 503 naming its file, the sandbox still starts and serves the others, and removing it mends it', async () => {
  const dir = await makeTempDir();
  const first = await started(dir);
  await create(first, ALPHA, 'in a store that breaks');
  await create(first, BETA, 'beta stays whole');
  await first.stop({ keepDir: true });
  const snapshot = join(dir, 'workspaces', 'alpha', 'sandbox.json');
  await writeFile(snapshot, '{ this is not json');

  const again = await started(dir);
  assert.deepEqual(await titles(again, BETA), ['beta stays whole']);
  assert.deepEqual(await titles(again, KEY), []);
  for (const [method, body] of [
    ['GET', undefined],
    ['POST', { amount: 1500, title: 'x' }],
  ] as const) {
    const refused = await again.api(method, '/payment-links', { key: ALPHA, body });
    assert.equal(refused.status, 503, `${method}: ${refused.text}`);
    assert.equal(refused.body.error.code, 'storage_unavailable');
    assert.match(refused.body.error.message, /^Workspace "alpha" cannot be opened: .*sandbox\.json/);
  }
  assert.equal((await again.consoleApi('GET', '/links?workspace=alpha')).status, 503);
  assert.equal(existsSync(snapshot), true, 'its files are left as they are');

  const removed = await again.api('DELETE', '/sandbox/workspace', { key: ALPHA });
  assert.equal(removed.status, 200, removed.text);
  assert.equal(existsSync(join(dir, 'workspaces', 'alpha')), false);
  await create(again, ALPHA, 'anew');
  assert.deepEqual(await titles(again, ALPHA), ['anew']);
});

test('an endpoint URL with {workspace} is made in every workspace with its name; any other only in default', async () => {
  const receiver = await WebhookReceiver.start();
  try {
    const dir = await makeTempDir();
    const file = join(dir, 'payment-links-sandbox.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        endpoints: [
          { id: 'we_per_worker', url: `${receiver.url}/from-file/{workspace}` },
          { id: 'we_default_only', url: `${receiver.url}/default-only` },
        ],
      }),
    );
    const sandbox = await startTestSandbox({
      inMemory: true,
      configuration: await readConfiguration(file),
      webhookEndpoints: [{ url: `${receiver.url}/flag/{workspace}` }],
    });
    running.push(sandbox);
    const urls = async (key: string) =>
      ((await sandbox.api('GET', '/sandbox/endpoints', { key })).body.data as { url: string }[])
        .map((endpoint) => endpoint.url)
        .sort();
    assert.deepEqual(await urls(KEY), [
      `${receiver.url}/default-only`,
      `${receiver.url}/flag/default`,
      `${receiver.url}/from-file/default`,
    ]);
    const link = await create(sandbox, ALPHA, 'paid in alpha');
    assert.deepEqual(await urls(ALPHA), [`${receiver.url}/flag/alpha`, `${receiver.url}/from-file/alpha`]);

    await sandbox.api('POST', '/sandbox/simulate', {
      key: ALPHA,
      body: { payment_link_id: link.id, event: 'paid' },
    });
    const arrived = await receiver.waitForRequests(2, "alpha's webhook at each of its endpoints");
    assert.deepEqual(arrived.map((request) => request.path).sort(), [
      '/webhooks/flag/alpha',
      '/webhooks/from-file/alpha',
    ]);
  } finally {
    await receiver.stop();
  }
});
