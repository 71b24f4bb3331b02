// Retry now brings a waiting attempt forward and uses up its slot of the retry schedule (issue 32
// §4), as Stripe and Svix do: the attempt it makes is recorded as made by retry now, so the console
// can say which slot went; a resend's fresh series is not marked.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
before(async () => {
  receiver = await WebhookReceiver.start({ plan: () => 500 });
  sandbox = await startTestSandbox({ inMemory: true });
  await sandbox.consoleApi('PATCH', '/settings', { webhook_retry_schedule_seconds: [0, 600, 900] });
  await sandbox.consoleApi('POST', '/endpoints', { url: receiver.url });
});
after(async () => {
  await sandbox.stop();
  await receiver.stop();
});

type Attempt = { series: number; number: number; retry_now?: true };
const detail = async (id: string) =>
  (await sandbox.consoleApi('GET', `/deliveries/${id}`)).body.data as {
    status: string;
    attempts: Attempt[];
    next_attempt_at: string | null;
  };
const attemptsMade = (id: string, count: number) =>
  eventually(async () => {
    const delivery = await detail(id);
    return delivery.attempts.length === count && delivery.status !== 'delivering' ? delivery : undefined;
  }, `${count} attempts recorded`);

test('the attempt retry now makes is marked as such, and the next one waits the slot after it', async () => {
  const link = await createLink(sandbox);
  await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
  const [row] = (await sandbox.consoleApi('GET', `/deliveries?link_id=${link.id}`)).body.data as {
    id: string;
  }[];
  assert.ok(row);
  const first = await attemptsMade(row.id, 1);
  assert.equal(first.status, 'retrying');
  assert.equal(first.attempts[0]?.retry_now, undefined, 'the first attempt went on its schedule');

  assert.equal((await sandbox.consoleApi('POST', `/deliveries/${row.id}/retry`)).status, 200);
  const second = await attemptsMade(row.id, 2);
  assert.deepEqual(
    second.attempts.map((a) => [a.number, a.retry_now ?? false]),
    [
      [1, false],
      [2, true],
    ],
  );
  // Slot 2 (600 s) was used by retry now: attempt 3 waits slot 3, 900 s.
  const wait = Date.parse(second.next_attempt_at ?? '') - sandbox.clock.now();
  assert.ok(wait > 800_000 && wait <= 900_000, `the next attempt waits slot 3, not slot 2 (${wait} ms)`);

  assert.equal((await sandbox.consoleApi('POST', `/deliveries/${row.id}/resend`)).status, 200);
  const resent = await attemptsMade(row.id, 3);
  assert.deepEqual(
    resent.attempts.map((a) => [a.series, a.number, a.retry_now ?? false]),
    [
      [1, 1, false],
      [1, 2, true],
      [2, 1, false],
    ],
    'a resend goes on its schedule, unmarked',
  );
});
