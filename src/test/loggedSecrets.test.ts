// docs/contract.md §10: the request log never holds a whole secret. Every body that gives or shows a
// whsec_ signing secret (creates, updates, reads, endpoint checks, the console's own calls) keeps
// only its first 4 characters after whsec_, in requests.jsonl, GET /sandbox/logs and the console.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeTempDir, startTestSandbox, leftToCleanUp } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const { sandboxes: running, receivers, dirs } = leftToCleanUp();

/** The request log's files: requests.jsonl and the older one once it turned over. */
async function requestLogFiles(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => n.startsWith('requests'));
  assert.ok(names.includes('requests.jsonl'), names.join(' '));
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('');
}

test('a whsec_ secret given or shown through the keyed API and the console API is cut to whsec_ and 4 characters in the request log, its files and GET /sandbox/logs', async () => {
  const dir = await makeTempDir();
  dirs.push(dir);
  const sandbox = await startTestSandbox({ dataDir: dir });
  running.push(sandbox);
  const receiver = await WebhookReceiver.start();
  receivers.push(receiver);
  const fixed = 'whsec_MfKKQPa4P+P8Pw/777/8D+AAAAAAAAD/';
  const escaped = 'whsec_S2/hc2gvZXNjYXBlZC9ieS9waHA/Pz8/';
  const rotatedTo = 'whsec_bm90LWEtZmllbGQtb2YtYS1wYXRjaA==';
  const checked = 'whsec_Y2hlY2tlZC1lbmRwb2ludC1zZWNyZXQ=';

  const created = await sandbox.api('POST', '/sandbox/endpoints', {
    body: { url: receiver.url, secret: fixed },
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.data.secret, fixed, 'the API itself still answers with the secret');
  // PHP's json_encode writes each "/" as "\/".
  const php = await sandbox.api('POST', '/sandbox/endpoints', {
    raw: JSON.stringify({ url: `${receiver.url}/php`, secret: escaped }).replaceAll('/', '\\/'),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(php.status, 201, php.text);
  assert.equal(php.body.data.secret, escaped);
  const id = created.body.data.id as string;
  assert.equal(
    (await sandbox.api('PATCH', `/sandbox/endpoints/${id}`, { body: { description: 'x' } })).status,
    200,
  );
  // A rotation by PATCH: its answer holds the new secret and, in previous_secrets, the old one.
  const patchWithSecret = await sandbox.api('PATCH', `/sandbox/endpoints/${id}`, {
    body: { secret: rotatedTo },
  });
  assert.equal(patchWithSecret.status, 200, patchWithSecret.text);
  assert.equal(patchWithSecret.body.data.previous_secrets[0].secret, fixed);
  assert.equal((await sandbox.api('GET', '/sandbox/endpoints')).status, 200);
  assert.equal((await sandbox.api('GET', `/sandbox/endpoints/${id}`)).status, 200);
  const check = await sandbox.api('POST', '/sandbox/endpoint-checks', {
    body: { url: receiver.url, secret: checked },
  });
  assert.ok(check.status < 300, check.text);

  const viaConsole = await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}/console` });
  assert.equal(viaConsole.status, 201, viaConsole.text);
  const rotated = await sandbox.consoleApi('POST', `/endpoints/${viaConsole.body.data.id}/rotate-secret`);
  assert.equal(rotated.status, 200, rotated.text);
  const generated = [viaConsole.body.data.secret, rotated.body.data.secret] as string[];
  for (const secret of generated) assert.match(secret, /^whsec_/);

  const secrets = [fixed, escaped, rotatedTo, checked, ...generated];
  // What follows the 4 characters kept, whether or not its slashes were escaped.
  const tails = secrets.flatMap((s) => [s.slice(10), s.slice(10).replaceAll('/', '\\/')]);
  const holdsNone = (text: string, where: string) => {
    for (const tail of tails) assert.ok(!text.includes(tail), `${where} holds …${tail}`);
  };

  const logs = await sandbox.api('GET', '/sandbox/logs?limit=1000');
  assert.equal(logs.status, 200);
  holdsNone(logs.text, 'GET /sandbox/logs');
  const list = await sandbox.consoleApi('GET', '/requests?scope=all');
  holdsNone(list.text, 'the console’s request list');
  const entries = list.body.data as { seq: number; method: string; path: string }[];
  for (const { seq } of entries) {
    const detail = await sandbox.consoleApi('GET', `/requests/${seq}`);
    holdsNone(detail.text, `request ${seq} in the console`);
  }
  const first = entries.findLast((e) => e.method === 'POST' && e.path === '/sandbox/endpoints');
  assert.ok(first);
  const shown = (await sandbox.consoleApi('GET', `/requests/${first.seq}`)).body.data;
  assert.equal(JSON.parse(shown.request_body).secret, 'whsec_MfKK…', 'cut, not dropped');
  assert.equal(JSON.parse(shown.response_body).data.secret, 'whsec_MfKK…');
  const fromPhp = entries.findLast(
    (e) => e.method === 'POST' && e.path === '/sandbox/endpoints' && e.seq > first.seq,
  );
  assert.ok(fromPhp);
  const phpBody = (await sandbox.consoleApi('GET', `/requests/${fromPhp.seq}`)).body.data.request_body;
  assert.equal(
    JSON.parse(phpBody).secret,
    'whsec_S2/h…',
    'an escaped "/" is one character, never cut in two',
  );

  // The log cannot replay what it does not hold: the cut secret is refused, naming it, and logged as sent.
  const replay = await sandbox.consoleApi('POST', `/requests/${first.seq}/replay`);
  assert.equal(replay.status, 200, replay.text);
  assert.equal(replay.body.data.status, 400);
  assert.equal(JSON.parse(replay.body.data.request_body).secret, 'whsec_MfKK…');
  assert.match(replay.body.data.response_body, /Invalid secret: \\"whsec_MfKK…\\"/);
  holdsNone(await requestLogFiles(dir), 'requests.jsonl while running');

  await sandbox.stop({ keepDir: true });
  holdsNone(await requestLogFiles(dir), 'requests.jsonl once stopped');
});
