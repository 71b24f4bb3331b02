import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestSandbox } from './harness';

test('bound beyond loopback, the console answers only to its token, then to its cookie', async () => {
  // 0.0.0.0 is a non-loopback bind; the test still talks to it over 127.0.0.1.
  const sandbox = await startTestSandbox({ inMemory: true, host: '0.0.0.0' });
  try {
    const url = new URL(sandbox.consoleUrl);
    const token = url.searchParams.get('token');
    assert.ok(token && token.length >= 16, `console URL carries a token: ${sandbox.consoleUrl}`);

    const without = await fetch(`${sandbox.origin}/`);
    assert.equal(without.status, 401);
    assert.match(await without.text(), /Console token needed/);
    assert.equal((await fetch(`${sandbox.origin}/?token=wrong-token-0000000000`)).status, 401);

    const opened = await fetch(sandbox.consoleUrl);
    assert.equal(opened.status, 200);
    const cookie = opened.headers.get('set-cookie') ?? '';
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const again = await fetch(`${sandbox.origin}/`, { headers: { cookie: cookie.split(';')[0] as string } });
    assert.equal(again.status, 200);

    // The API and the checkout page are not the console: keys and public links as always.
    assert.equal((await sandbox.api('GET', '/payment-links')).status, 200);
  } finally {
    await sandbox.stop();
  }
});

test('on loopback there is no token, and the console opens directly', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  try {
    assert.equal(sandbox.consoleUrl, `${sandbox.origin}/`);
    assert.equal((await fetch(sandbox.consoleUrl)).status, 200);
  } finally {
    await sandbox.stop();
  }
});

test('a token given at start is the one required', async () => {
  const sandbox = await startTestSandbox({ inMemory: true, consoleToken: 'my-own-console-token-1' });
  try {
    assert.equal(sandbox.consoleUrl, `${sandbox.origin}/?token=my-own-console-token-1`);
    assert.equal((await fetch(`${sandbox.origin}/`)).status, 401);
    assert.equal((await fetch(sandbox.consoleUrl)).status, 200);
  } finally {
    await sandbox.stop();
  }
});
