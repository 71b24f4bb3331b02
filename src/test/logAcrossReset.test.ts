import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { eventually, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

// Issue 31: webhook attempts made while a reset ran vanished from `logs tail` and `listen`: their
// outcome belonged to no delivery once the store was replaced, so nothing logged them. Every
// attempt a receiver got is in the log, whatever resets.

const running: { stop(): Promise<void> }[] = [];
after(async () => {
  for (const thing of running.reverse()) await thing.stop();
});

interface Entry {
  type: string;
  link_id?: string;
  status?: number | null;
}

/** GET /sandbox/logs as an event stream: every entry it sends, as it comes. */
async function follow(sandbox: TestSandbox): Promise<{ entries: Entry[]; stop(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${sandbox.origin}/sandbox/logs`, {
    headers: { authorization: 'Bearer sk_test_logs', accept: 'text/event-stream' },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const entries: Entry[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
        pending = pending.slice(end + 2);
        if (data) entries.push(JSON.parse(data) as Entry);
      }
    }
  })().catch(() => undefined);
  return { entries, stop: () => controller.abort() };
}

test('attempts on the wire while a reset runs are logged: streamed to followers and listed after a cursor', async () => {
  const receiver = await WebhookReceiver.start({ plan: () => ({ status: 200, delayMs: 400 }) });
  running.push(receiver);
  const sandbox = await startTestSandbox();
  running.push(sandbox);
  const endpoint = await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
  assert.equal(endpoint.status, 201, endpoint.text);
  const before = await sandbox.api('GET', '/sandbox/logs');
  const cursor = before.body.cursor as string;
  const follower = await follow(sandbox);

  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const made = await sandbox.api('POST', '/payment-links', { body: { amount: 1500, title: `wire ${i}` } });
    ids.push(made.body.data.id);
    await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: made.body.data.id, event: 'paid' },
    });
  }
  await receiver.waitForRequests(3, 'the three webhooks on the wire');
  const reset = await sandbox.api('POST', '/sandbox/reset');
  assert.equal(reset.status, 200, reset.text);

  const attempts = (entries: Entry[]) =>
    entries.filter((e) => e.type === 'webhook_attempt').map((e) => [e.link_id, e.status]);
  const expected = ids.map((id) => [id, 200]).sort();
  const streamed = await eventually(async () => {
    const got = attempts(follower.entries);
    return got.length >= 3 ? got : undefined;
  }, 'three webhook_attempt entries on the stream');
  follower.stop();
  assert.deepEqual(streamed.sort(), expected, 'the follower saw each attempt the receiver got');

  const since = await sandbox.api('GET', `/sandbox/logs?since=${cursor}`);
  assert.deepEqual(
    attempts(since.body.data).sort(),
    expected,
    'a reader with a cursor from before lists them',
  );
});
