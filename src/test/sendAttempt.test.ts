// One webhook POST's failure reasons, as the inspector and the CLI log show them.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { sendAttempt } from '../core/webhooks/sendAttempt';

test('every header that goes over the wire is recorded, Host and Content-Length included', async () => {
  const seen: Record<string, string | string[] | undefined>[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const url = `http://127.0.0.1:${port}/hooks`;
    const attempt = await sendAttempt(url, { 'content-type': 'application/json' }, '{"a":"é"}', 2000);
    assert.equal(attempt.error, null);
    assert.deepEqual(attempt.request.headers, seen[0], 'recorded as received');
    assert.equal(attempt.request.headers['content-length'], '10', 'bytes, not characters');
    assert.equal(attempt.request.headers.host, `127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a port browsers refuse (6000) is tried like any other', async () => {
  const attempt = await sendAttempt('http://127.0.0.1:6000/hooks', {}, '{}', 2000);
  assert.equal(attempt.response, null);
  assert.doesNotMatch(attempt.error ?? '', /blocked port/);
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

test('a header Node refuses to send is a failed attempt with its reason, not a thrown error', async () => {
  const attempt = await sendAttempt('http://127.0.0.1:9/hooks', { 'x-bad': 'a\nb' }, '{}', 2000);
  assert.equal(attempt.response, null);
  assert.match(attempt.error ?? '', /ERR_INVALID_CHAR/);
});
