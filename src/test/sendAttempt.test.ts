// One webhook POST's failure reasons, as the inspector and the CLI log show them.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { sendAttempt } from '../core/webhooks/sendAttempt';

test('a port fetch will not connect to is named as blocked, with what to do', async () => {
  const attempt = await sendAttempt(
    'http://127.0.0.1:6000/hooks',
    { 'content-type': 'application/json' },
    '{}',
    2000,
  );
  assert.equal(attempt.response, null);
  assert.match(attempt.error ?? '', /^blocked port: .*run the receiver on another port$/);
  assert.deepEqual(attempt.request, {
    url: 'http://127.0.0.1:6000/hooks',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
});

test('a port nobody listens on is a refused connection', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const attempt = await sendAttempt(`http://127.0.0.1:${port}/hooks`, {}, '{}', 2000);
  assert.equal(attempt.response, null);
  assert.match(attempt.error ?? '', /^connection refused/);
});
