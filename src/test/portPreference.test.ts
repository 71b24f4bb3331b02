import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { test } from 'node:test';
import { parseServeArgs } from '../cli/options';
import { startSandbox, StartError } from '../core';
import { makeTempDir, startTestSandbox } from './harness';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const serverInfo = async (origin: string) =>
  ((await (await fetch(`${origin}/_console/api/server`)).json()) as { data: Record<string, unknown> }).data;

test('the preferred port is used from the next start when no port is given; a given port wins', async () => {
  const dataDir = await makeTempDir();
  try {
    const preferred = await freePort();
    const first = await startTestSandbox({ dataDir });
    assert.equal((await serverInfo(first.origin)).port_source, 'flag');
    const saved = await first.api('PATCH', '/_console/api/settings', {
      body: { preferred_port: preferred },
      key: null,
    });
    assert.equal(saved.body.data.preferred_port, preferred);
    await first.stop();

    const second = await startTestSandbox({ dataDir, port: undefined });
    try {
      assert.equal(second.origin, `http://127.0.0.1:${preferred}`);
      const info = await serverInfo(second.origin);
      assert.equal(info.port, preferred);
      assert.equal(info.port_source, 'preference');
      assert.equal(info.data_dir, dataDir);
    } finally {
      await second.stop();
    }

    const third = await startTestSandbox({ dataDir, port: 0 });
    try {
      assert.notEqual(third.origin, `http://127.0.0.1:${preferred}`);
    } finally {
      await third.stop();
    }

    // Taken by another program: the start fails, saying the port came from Settings.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(preferred, '127.0.0.1', resolve));
    try {
      await assert.rejects(startSandbox({ dataDir }), (err: Error) => {
        assert.ok(err instanceof StartError);
        assert.match(err.message, new RegExp(`Port ${preferred} \\(the preferred port in Settings\\)`));
        return true;
      });
    } finally {
      blocker.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the CLI leaves the port to the store unless --port or PORT says', () => {
  assert.equal(parseServeArgs(['--in-memory'], {}).start.port, undefined);
  assert.equal(parseServeArgs(['--in-memory'], { PORT: '5000' }).start.port, 5000);
  assert.equal(parseServeArgs(['--in-memory', '--port', '0'], { PORT: '5000' }).start.port, 0);
});
