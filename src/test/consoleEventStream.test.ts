// The console's event stream under a client that falls behind (issues 10 and 32): once 4 MiB wait
// for it, it is sent nothing more until it has read them, then how many changes it missed (it
// reads everything again), and every change after; one that reads nothing for a heartbeat is cut
// off. Every other client keeps getting every event, and logged requests travel without their
// bodies, which are fetched when the tester opens one. Real server, real sockets.
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { EventStreamHub } from '../core/http/eventStreamHub';
import type { PaymentLink } from '../shared/types';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';
import { link } from './linkFixture';

/**
 * A console tab on a laptop gone to sleep, or one busy rendering a burst: asks for the stream,
 * reads its first bytes, then nothing until `wake`, from when it reads on, keeping what it reads.
 */
async function stopReading(origin: string) {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(`GET /_console/api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  let text = '';
  let closed = false;
  return {
    wake() {
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => (closed = true));
      socket.resume();
    },
    /** What it has read since it woke. */
    read: () => ({ text, closed }),
    close: () => socket.destroy(),
  };
}

describe('a console client that falls behind', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
  });
  after(() => sandbox.stop());

  test('is sent nothing once 4 MiB wait for it, then how many it missed and what comes after; a reading client gets every event in order', async () => {
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
    // Woken up, the sleeping client reads what the server and the sockets held for it, far less
    // than the 64 MiB sent meanwhile, then how many changes it was not sent, on the same stream.
    asleep.wake();
    const skipped = await eventually(
      async () => /event: changes\.skipped\ndata: (\{.*\})\n\n/.exec(asleep.read().text)?.[1],
      'the sleeping client to be told what it missed',
      500,
    );
    const held = asleep.read().text.split('event: changes.skipped')[0] as string;
    assert.ok(held.length < 32 * 1024 * 1024, `the sleeping client got ${held.length} bytes first`);
    const got = held.match(/^event: link\.changed$/gm)?.length ?? 0;
    assert.deepEqual(JSON.parse(skipped), { type: 'changes.skipped', skipped: batches * 16 - got });
    assert.ok(got < batches * 16);
    const titles = awake.seen.filter((e) => e.type === 'link.changed').map((e) => e.data.link.title);
    assert.deepEqual(
      titles,
      titles.map((_, n) => `${Math.floor(n / 16)}.${n % 16}`),
      'every event, in order, none lost',
    );
    // A real change afterwards reaches both: the one that fell behind is still connected.
    const created = await createLink(sandbox);
    await eventually(
      async () =>
        awake.seen.some((e) => e.type === 'link.changed' && e.data.link.id === created.id) ? true : undefined,
      'a later change to reach the reading client',
    );
    await eventually(
      async () => (asleep.read().text.includes(created.id) ? true : undefined),
      'a later change to reach the client that fell behind',
    );
    assert.equal(asleep.read().closed, false);
    asleep.close();
    await awake.close();
  });

  test('is cut off when it reads nothing from one heartbeat to the next', async () => {
    const sent: ((message: string) => void)[] = [];
    const hub = new EventStreamHub<string>(
      (send) => {
        sent.push(send);
        return () => undefined;
      },
      (message) => message,
      { caughtUp: (skipped) => `event: changes.skipped\ndata: {"skipped":${skipped}}\n\n`, heartbeatMs: 50 },
    );
    let stream: ServerResponse | undefined;
    const server = createServer((_request, res: ServerResponse) => {
      stream = res;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      hub.add(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const asleep = await stopReading(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const send = sent[0] as (message: string) => void;
      for (let i = 0; i < 80; i++) send(`data: ${'x'.repeat(64 * 1024)}\n\n`);
      await eventually(async () => (stream?.destroyed ? true : undefined), 'the server to cut it off');
      // Woken only now, it finds its connection gone after what the sockets held.
      asleep.wake();
      await eventually(async () => (asleep.read().closed ? true : undefined), 'the connection to close');
      assert.doesNotMatch(asleep.read().text, /changes\.skipped/);
    } finally {
      hub.closeAll();
      server.close();
    }
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
