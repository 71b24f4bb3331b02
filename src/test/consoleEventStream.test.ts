// The console's event stream under a client that stops reading (issue 10): it is cut off once
// 4 MiB wait for it, every other client keeps getting every event, and logged requests travel
// without their bodies, which are fetched when the tester opens one. Real server, real sockets.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { PaymentLink } from '../shared/types';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';
import { link } from './linkFixture';

/**
 * A console tab on a laptop gone to sleep: asks for the stream, reads its first bytes, then nothing.
 * `wake` reads on again and resolves, once the connection ends, with the bytes that came after.
 */
async function stopReading(origin: string): Promise<{ wake(): Promise<number> }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(`GET /_console/api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  return {
    wake: () =>
      new Promise<number>((resolve) => {
        let bytes = 0;
        socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
        socket.on('close', () => resolve(bytes));
        socket.resume();
      }),
  };
}

describe('a console client that stops reading', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  test('is disconnected once 4 MiB wait for it, while a reading client gets every event in order', async () => {
    const asleep = await stopReading(sandbox.origin);
    const awake = await openEventStream(sandbox.origin);
    // 64 KiB events, 1 MiB at a time, each batch once the reading client has it: the reading
    // client is never behind by more than that, the sleeping one falls behind by all of it.
    const big: PaymentLink = link('00000000-0000-4000-8000-000000000001', { note: 'x'.repeat(64 * 1024) });
    const batches = 64;
    for (let batch = 0; batch < batches; batch++) {
      for (let i = 0; i < 16; i++)
        sandbox.core.emit({ type: 'link.changed', link: { ...big, title: `${batch}.${i}` } });
      const expected = `${batch}.15`;
      await eventually(
        async () => (awake.seen.at(-1)?.data.link?.title === expected ? true : undefined),
        `the reading client to get batch ${batch}`,
        500,
      );
    }
    // Woken up, the sleeping client finds its connection closed after what the server and the
    // sockets held for it: far less than the 64 MiB sent meanwhile (it then reconnects and reloads).
    const caughtUp = await asleep.wake();
    assert.ok(caughtUp < 32 * 1024 * 1024, `the sleeping client got ${caughtUp} bytes, then the end`);
    const titles = awake.seen.filter((e) => e.type === 'link.changed').map((e) => e.data.link.title);
    assert.deepEqual(
      titles,
      titles.map((_, n) => `${Math.floor(n / 16)}.${n % 16}`),
      'every event, in order, none lost',
    );
    // A real change after the cut still reaches the reading client.
    const created = await createLink(sandbox);
    await eventually(
      async () =>
        awake.seen.some((e) => e.type === 'link.changed' && e.data.link.id === created.id) ? true : undefined,
      'a later change to reach the reading client',
    );
    await awake.close();
  });
});

describe('logged requests on the stream', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  test('arrive without bodies; the list has none; GET /requests/{seq} has both', async () => {
    const stream = await openEventStream(sandbox.origin);
    const created = await createLink(sandbox, { note: 'n'.repeat(900) });
    const logged = await eventually(
      async () =>
        stream.seen.find((e) => e.type === 'request.logged' && e.data.entry.method === 'POST')?.data.entry,
      'the create to be logged on the stream',
    );
    await stream.close();
    assert.equal(logged.request_body, undefined, 'no request body on the stream');
    assert.equal(logged.response_body, undefined, 'no response body on the stream');
    assert.ok(logged.request_body_length > 900, 'its length is');
    assert.equal(typeof logged.seq, 'number');

    const list = await sandbox.consoleApi('GET', '/requests');
    const listed = list.body.data.find((e: { seq: number }) => e.seq === logged.seq);
    assert.ok(listed);
    assert.equal(listed.response_body, undefined, 'the list carries no bodies either');

    const detail = await sandbox.consoleApi('GET', `/requests/${logged.seq}`);
    assert.equal(detail.status, 200);
    assert.equal(JSON.parse(detail.body.data.request_body).note, 'n'.repeat(900));
    assert.equal(JSON.parse(detail.body.data.response_body).data.id, created.id);
    assert.equal(detail.body.data.request_body.length, logged.request_body_length);

    const missing = await sandbox.consoleApi('GET', '/requests/999999');
    assert.equal(missing.status, 404);
    assert.match(
      missing.body.error.message,
      /No logged request numbered 999999: API requests are kept within the request_log_mb setting \(the oldest go first\), others the newest 1,000/,
    );
    const bad = await sandbox.consoleApi('GET', '/requests/abc');
    assert.equal(bad.status, 400);
  });

  test('fifteen console tabs at once print no listener warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const tabs = await Promise.all(Array.from({ length: 15 }, () => openEventStream(sandbox.origin)));
    await createLink(sandbox);
    await eventually(
      async () => (tabs.every((tab) => tab.seen.some((e) => e.type === 'link.changed')) ? true : undefined),
      'every tab to see the change',
    );
    await Promise.all(tabs.map((tab) => tab.close()));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    assert.deepEqual(
      warnings.map((w) => w.name),
      [],
    );
  });
});
