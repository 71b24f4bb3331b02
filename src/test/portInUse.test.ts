import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { nextFreePort, startSandbox, StartError } from '../core';
import { portIsFree } from '../core/freePort';

describe('a taken port', () => {
  let blocker: Server;
  let taken: number;

  before(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    taken = (blocker.address() as { port: number }).port;
  });
  after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  test('start-up fails with a StartError naming the host and port, for the desktop to offer another', async () => {
    await assert.rejects(
      startSandbox({ port: taken, host: '127.0.0.1' }),
      (err: unknown) =>
        err instanceof StartError &&
        err.message.includes(`Port ${taken} on 127.0.0.1 is already in use`) &&
        err.portInUse?.port === taken &&
        err.portInUse.host === '127.0.0.1',
    );
  });

  test('the next free port is above it, and the sandbox starts there', async () => {
    assert.equal(await portIsFree('127.0.0.1', taken), false);
    const next = await nextFreePort('127.0.0.1', taken);
    assert.ok(next !== null && next > taken, `got ${next}`);
    const sandbox = await startSandbox({ port: next, host: '127.0.0.1' });
    try {
      assert.equal(sandbox.origin, `http://127.0.0.1:${next}`);
      const response = await fetch(`${sandbox.origin}/payment-links`, {
        headers: { authorization: 'Bearer sk_test_port' },
      });
      assert.equal(response.status, 200);
    } finally {
      await sandbox.close();
    }
  });

  test('a port that stays busy is skipped: the one after it is offered', async () => {
    const next = (await nextFreePort('127.0.0.1', taken)) as number;
    const second = createServer();
    await new Promise<void>((resolve) => second.listen(next, '127.0.0.1', resolve));
    try {
      const after = await nextFreePort('127.0.0.1', taken);
      assert.ok(after !== null && after !== next && after > taken, `got ${after}`);
    } finally {
      await new Promise<void>((resolve) => second.close(() => resolve()));
    }
  });
});
