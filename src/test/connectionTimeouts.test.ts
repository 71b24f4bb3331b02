import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createBody, eventually, KEY, sleep, startTestSandbox, type TestSandbox } from './harness';
import { openEventStream } from './eventStreamClient';

/** Short limits so the test sees them act; the documented defaults are 30 s idle, 60 s headers, 72 s keep-alive. */
const IDLE_MS = 400;
/** A hang detector, not a timing check: the close must come, whenever it comes. */
const CLOSE_BOUND_MS = 15_000;

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({
    inMemory: true,
    connectionTimeouts: { idleMs: IDLE_MS, headersMs: 2_000, keepAliveMs: IDLE_MS },
  });
});
after(() => sandbox.stop());

function open(): Promise<Socket> {
  const url = new URL(sandbox.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves with what the server sent once it closes the connection; rejects if it never does. */
function closedByServer(socket: Socket): Promise<string> {
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it sent: ${JSON.stringify(received)}`));
    }, CLOSE_BOUND_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

const head = (method: string, path: string, headers: Record<string, string | number>): string =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('connections that go silent are closed', () => {
  test('a connection that never sends a request', async () => {
    const socket = await open();
    assert.equal(await closedByServer(socket), '');
  });

  test('a request whose head stops half-way', async () => {
    const socket = await open();
    socket.write('POST /payment-links HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty');
    await closedByServer(socket);
  });

  test('an API request whose body stops half-way', async () => {
    const socket = await open();
    const body = JSON.stringify(createBody());
    socket.write(
      head('POST', '/payment-links', {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'content-length': body.length,
      }) + body.slice(0, 10),
    );
    assert.equal(await closedByServer(socket), '');
    const links = await sandbox.api('GET', '/payment-links');
    assert.equal(links.body.pagination.total, 0, 'nothing was created from half a body');
  });

  test('an import whose body stops half-way, and the store is unchanged', async () => {
    const socket = await open();
    socket.write(
      head('POST', '/_console/api/store/import', {
        'content-type': 'application/json',
        'content-length': 1_000_000,
      }) + '{"format":"payment-links-sandbox-export","schema_version":1,"links":[',
    );
    await closedByServer(socket);
    const server = await sandbox.consoleApi('GET', '/server');
    assert.equal(server.status, 200);
    assert.equal(server.body.data.counts.links, 0);
  });

  test('a kept-alive connection with no next request', async () => {
    const socket = await open();
    socket.write(head('GET', '/payment-links', { authorization: `Bearer ${KEY}` }));
    const received = await closedByServer(socket);
    assert.match(received, /^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('the server’s own time, and a body that keeps coming, are never cut off', () => {
  test('a request held by a latency fault past the idle limit is answered', async () => {
    const rule = await sandbox.api('POST', '/sandbox/faults', {
      body: {
        match: { method: 'GET', path: '/payment-links' },
        action: { type: 'latency', ms: IDLE_MS * 4 },
      },
    });
    assert.equal(rule.status, 201, rule.text);
    try {
      const res = await sandbox.api('GET', '/payment-links');
      assert.equal(res.status, 200);
    } finally {
      await sandbox.api('DELETE', '/sandbox/faults');
    }
  });

  test('a body sent in pieces, each within the idle limit, for several times the limit, is read whole', async () => {
    const body = Buffer.from(JSON.stringify(createBody({ note: 'x'.repeat(1_000) })));
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let at = 0; at < body.length; at += size) {
          controller.enqueue(body.subarray(at, at + size));
          await sleep(IDLE_MS / 4);
        }
        controller.close();
      },
    });
    const res = await fetch(`${sandbox.origin}/payment-links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 201, await res.text());
  });

  test('a console event stream stays open through silences longer than the limit', async () => {
    const stream = await openEventStream(sandbox.origin);
    try {
      await sleep(IDLE_MS * 3);
      await sandbox.api('POST', '/payment-links', { body: createBody() });
      await eventually(
        async () => (stream.seen.some((e) => e.type === 'link.changed') ? true : undefined),
        'the stream to deliver the new link',
        500,
      );
    } finally {
      await stream.close();
    }
  });
});
