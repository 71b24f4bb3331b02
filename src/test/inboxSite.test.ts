// The Inbox as a tester uses webhook.site: messages kept in the data folder across a real restart
// and within their bound, the link id, webhook-id and query string of each, a delivery and its
// retries grouped by webhook-id, "Copy as curl" run against a real receiver, and "Forward to…".
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { INBOX_LIMITS, Inboxes } from '../core/inbox/inboxes';
import { groupByWebhookId } from '../shared/inboxGroups';
import { sequenceState } from '../renderer/src/lib/inboxAnswer';
import { inboxCurlCommand } from '../shared/inboxCurl';
import type { InboxMessage, InboxMessageSummary } from '../shared/types';
import { assertError } from './errorEnvelope';
import { createLink, eventually, makeTempDir, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

/** Runs a command as a tester pasting it would: sh reads it (a 256 KiB body is no argument). */
function shell(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sh exited ${code}: ${stderr}`))));
    child.stdin.end(`${command}\n`);
  });
}

const started: TestSandbox[] = [];
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  for (const r of receivers.splice(0)) await r.stop();
});

async function start(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const s = await startTestSandbox(options);
  started.push(s);
  return s;
}

async function receiver(): Promise<WebhookReceiver> {
  const r = await WebhookReceiver.start();
  receivers.push(r);
  return r;
}

const post = (
  s: TestSandbox,
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
) =>
  fetch(`${s.origin}/_inbox/${path}`, { method: 'POST', body, headers }).then(async (res) => {
    assert.equal(res.status, 200, await res.text());
  });

const summaries = async (s: TestSandbox, name: string): Promise<InboxMessageSummary[]> => {
  const res = await s.consoleApi('GET', `/inbox/${name}/messages`);
  assert.equal(res.status, 200, res.text);
  return res.body.data;
};

const full = async (s: TestSandbox, name: string, id: string): Promise<InboxMessage> => {
  const res = await s.consoleApi('GET', `/inbox/${name}/messages/${id}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data;
};

const paidEvent = (linkId: string) =>
  JSON.stringify({
    id: 'evt_1',
    type: 'payment_link.paid',
    timestamp: '2026-01-01T00:00:00Z',
    data: { id: linkId },
  });

describe('kept across a restart', () => {
  test('messages, their ids, link id, webhook-id and query string come back after a real restart', async () => {
    const dir = await makeTempDir();
    const first = await start({ dataDir: dir });
    await post(first, 'default?order=1001&source=test', paidEvent('plink_abc'), {
      'content-type': 'application/json',
      'webhook-id': 'evt_restart',
    });
    await post(first, 'other', new Uint8Array([0xff, 0x00, 0x41]), {
      'content-type': 'application/octet-stream',
    });
    const before = await summaries(first, 'default');
    assert.equal(before.length, 1);
    assert.equal(before[0]?.link_id, 'plink_abc');
    assert.equal(before[0]?.webhook_id, 'evt_restart');
    assert.equal(before[0]?.query, 'order=1001&source=test');
    const binaryBefore = await full(first, 'other', (await summaries(first, 'other'))[0]?.id as string);
    await first.stop({ keepDir: true });
    assert.ok((await readdir(dir)).includes('inbox.jsonl'));

    const second = await start({ dataDir: dir });
    assert.deepEqual(await summaries(second, 'default'), before);
    const binaryAfter = await full(second, 'other', binaryBefore.id);
    assert.deepEqual(binaryAfter, binaryBefore);
    // Numbering goes on, so ?since= of a message from before the restart still means "after it".
    await post(second, 'default', 'later');
    const since = await second.api('GET', `/sandbox/inbox/default/messages?since=${before[0]?.id}`);
    assert.deepEqual(
      since.body.data.map((m: InboxMessage) => m.body),
      ['later'],
    );
    const views = await second.consoleApi('GET', '/inbox');
    assert.ok(views.body.data.some((v: { name: string; message_count: number }) => v.name === 'default'));
  });

  test('Clear and POST /sandbox/reset stay done after a restart; the console reset keeps messages', async () => {
    const dir = await makeTempDir();
    const first = await start({ dataDir: dir });
    await post(first, 'cleared', 'a');
    await post(first, 'kept', 'b');
    assert.equal((await first.consoleApi('DELETE', '/inbox/cleared/messages')).status, 200);
    assert.equal((await first.consoleApi('POST', '/store/reset', {})).status, 200);
    await first.stop({ keepDir: true });

    const second = await start({ dataDir: dir });
    assert.deepEqual(await summaries(second, 'cleared'), []);
    assert.equal((await summaries(second, 'kept')).length, 1);
    const reset = await second.api('POST', '/sandbox/reset');
    assert.equal(reset.body.data.inbox_messages, 1);
    await second.stop({ keepDir: true });

    const third = await start({ dataDir: dir });
    assert.deepEqual(await summaries(third, 'kept'), []);
  });

  test(`the log stays within its bound at 10× it, and a restart reads back the newest`, async () => {
    const dir = await makeTempDir();
    const limits = { ...INBOX_LIMITS, totalBytes: 256 * 1024 };
    const body = Buffer.alloc(4 * 1024, 0x61);
    const receive = (inboxes: Inboxes, i: number) =>
      inboxes.record(`box-${i % 3}`, {
        headers: { 'content-type': 'text/plain' },
        body,
        summary: {
          method: 'POST',
          received_at: new Date().toISOString(),
          content_type: 'text/plain',
          event_type: null,
          webhook_id: `evt_${i}`,
          link_id: null,
          query: '',
          body_bytes: body.length,
          body_truncated: false,
          verification: { state: 'unverifiable', reason: 'test', endpoint_id: null },
        },
      });
    const inboxes = new Inboxes(() => undefined, limits, dir);
    const posts = Math.ceil((10 * limits.totalBytes) / body.length);
    for (let i = 0; i < posts; i++) {
      receive(inboxes, i);
      assert.ok((inboxes.storage?.bytes ?? 0) <= limits.totalBytes);
    }
    const held = ['box-0', 'box-1', 'box-2'].flatMap((n) => inboxes.summaries(n).map((m) => m.webhook_id));
    inboxes.close();
    let onDisk = 0;
    for (const file of ['inbox.jsonl', 'inbox.older.jsonl']) onDisk += (await stat(join(dir, file))).size;
    assert.ok(onDisk <= limits.totalBytes, `${onDisk} bytes on disk`);
    assert.ok(onDisk > limits.totalBytes / 2, `${onDisk} bytes on disk`);

    const reopened = new Inboxes(() => undefined, limits, dir);
    const back = ['box-0', 'box-1', 'box-2'].flatMap((n) => reopened.summaries(n).map((m) => m.webhook_id));
    assert.deepEqual(back, held);
    assert.ok(back.includes(`evt_${posts - 1}`), 'the newest is kept');
    assert.ok(!back.includes('evt_0'), 'the oldest went');
    reopened.close();
  });
});

describe('grouped by webhook-id', () => {
  test("the sandbox's delivery and its two retries are one group of 3, about its link; the sequence shows used up", async () => {
    const s = await start({ inMemory: true });
    await s.core.updateSettings({ webhook_retry_schedule_seconds: [0, 0, 0, 0] });
    assert.equal(
      (await s.consoleApi('POST', '/endpoints', { url: `${s.origin}/_inbox/default` })).status,
      201,
    );
    await s.api('PUT', '/sandbox/inbox/default', { body: { sequence: [500, 500, 200] } });
    const fresh = (await s.consoleApi('GET', '/inbox')).body.data[0];
    assert.equal(sequenceState(fresh.settings, fresh.sequence_used)?.text, '500, 500, 200 — 0 of 3 used');
    const link = await createLink(s);
    await s.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    await eventually(
      async () => ((await summaries(s, 'default')).length === 3 ? true : undefined),
      'three attempts arrive',
    );
    await post(s, 'default', 'a foreign post, answered 200: the sequence is used up');
    const listed = await summaries(s, 'default');
    const groups = groupByWebhookId(listed);
    const delivery = groups.find((g) => g.webhook_id !== null);
    assert.equal(groups.length, 2);
    assert.equal(delivery?.messages.length, 3);
    assert.deepEqual(
      delivery?.messages.map((m) => m.answer.status),
      [200, 500, 500],
    );
    assert.ok(delivery?.messages.every((m) => m.link_id === link.id));
    const view = (await s.consoleApi('GET', '/inbox')).body.data.find(
      (v: { name: string }) => v.name === 'default',
    );
    assert.equal(view.sequence_used, 3);
    // The Answer box says the sequence is finished, and what the inbox answers now.
    assert.deepEqual(sequenceState(view.settings, view.sequence_used), {
      text: '500, 500, 200 — used up, answering 200 now',
      done: true,
    });
  });
});

describe('Copy as curl', () => {
  test('running the command sends the same body and headers to a real receiver', async () => {
    const s = await start({ inMemory: true });
    const r = await receiver();
    const body = `{"type":"payment_link.paid","note":"it's $HOME \\\` and 'quotes'\\n","data":{"id":"plink_1"}}`;
    const headers = {
      'content-type': 'application/json',
      'webhook-id': 'evt_curl',
      'webhook-signature': 'v1,abc=',
      'x-custom': 'a "value"; with $(echo no)',
    };
    await post(s, 'curl?x=1', body, headers);
    const [summary] = await summaries(s, 'curl');
    const message = await full(s, 'curl', summary?.id as string);
    await shell(inboxCurlCommand(message, `${r.url}?${message.query}`));
    const [got] = await r.waitForRequests(1);
    assert.equal(got?.body, body);
    assert.equal(got?.method, 'POST');
    assert.equal(got?.path, '/webhooks?x=1');
    for (const [name, value] of Object.entries(headers)) assert.equal(got?.headers[name], value, name);
    // Every header the sender sent, and nothing curl would add of its own accord.
    const connection = ['host', 'content-length', 'connection'];
    const sent = Object.keys(message.headers).filter((h) => !connection.includes(h));
    const arrived = Object.keys(got?.headers ?? {}).filter((h) => !connection.includes(h));
    assert.deepEqual(arrived.sort(), sent.sort());
    for (const name of sent) assert.equal(got?.headers[name], message.headers[name], name);
  });

  test('a binary body and one of 256 KiB arrive byte for byte', async () => {
    const s = await start({ inMemory: true });
    const r = await receiver();
    const binary = new Uint8Array([0xff, 0x00, 0xfe, 0x27, 0x41]);
    await post(s, 'bin', binary, { 'content-type': 'application/octet-stream' });
    const large = 'z'.repeat(256 * 1024);
    await post(s, 'big', large, { 'content-type': 'text/plain' });
    for (const name of ['bin', 'big']) {
      const [summary] = await summaries(s, name);
      await shell(inboxCurlCommand(await full(s, name, summary?.id as string), r.url));
    }
    const [bin, big] = await r.waitForRequests(2);
    assert.equal(bin?.headers['content-length'], '5');
    assert.equal(bin?.body, Buffer.from(binary).toString('utf8'));
    assert.equal(big?.body, large);
  });
});

describe('Forward to…', () => {
  test('re-POSTs the raw body with the original headers and shows the status answered', async () => {
    const s = await start({ inMemory: true });
    const r = await receiver();
    r.plan = () => ({ status: 202, body: 'accepted here' });
    const body = paidEvent('plink_fwd');
    await post(s, 'fwd', body, { 'content-type': 'application/json', 'webhook-id': 'evt_fwd' });
    const [summary] = await summaries(s, 'fwd');
    const res = await s.consoleApi('POST', `/inbox/fwd/messages/${summary?.id}/forward`, { url: r.url });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.status, 202);
    assert.equal(res.body.data.response_body, 'accepted here');
    assert.equal(res.body.data.error, null);
    const [got] = await r.waitForRequests(1);
    assert.equal(got?.body, body);
    assert.equal(got?.headers['webhook-id'], 'evt_fwd');
    assert.equal(got?.headers['content-type'], 'application/json');
  });

  test('a bad URL is a 400 that says what is allowed; a URL nobody answers is a result with its reason', async () => {
    const s = await start({ inMemory: true });
    await post(s, 'fwd', 'x');
    const [summary] = await summaries(s, 'fwd');
    const forward = (url: string) =>
      s.consoleApi('POST', `/inbox/fwd/messages/${summary?.id}/forward`, { url });
    for (const bad of ['not a url', 'ftp://127.0.0.1/x', '/relative'])
      assertError(await forward(bad), 400, 'parameter_invalid', { param: 'url', mentions: ['http://'] });
    const closed = await receiver();
    const port = closed.port;
    await closed.stop();
    const refused = await forward(`http://127.0.0.1:${port}/gone`);
    assert.equal(refused.status, 200, refused.text);
    assert.equal(refused.body.data.status, null);
    assert.match(refused.body.data.error, /ECONNREFUSED/);
    assertError(
      await s.consoleApi('POST', `/inbox/fwd/messages/msg_00000000_99/forward`, {
        url: 'http://127.0.0.1:1/',
      }),
      404,
      'resource_not_found',
    );
  });
});
