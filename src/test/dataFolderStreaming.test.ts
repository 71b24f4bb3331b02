import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, rawRequest, startTestSandbox, type TestSandbox } from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

const EXPORT = '/_console/api/store/export';
const IMPORT = '/_console/api/store/import';
const LISTS = ['links', 'events', 'endpoints', 'deliveries', 'idempotency'] as const;

const exportText = async (sandbox: TestSandbox): Promise<string> => {
  const res = await sandbox.api('GET', EXPORT, { key: null });
  assert.equal(res.status, 200);
  return res.text;
};
/** Two exports of the same store differ only in when they were written. */
const unstamped = (text: string): string => text.replace(/"exported_at":"[^"]*"/, '"exported_at":""');
const importText = (sandbox: TestSandbox, text: string) =>
  sandbox.api('POST', IMPORT, { raw: text, key: null, headers: { 'content-type': 'application/json' } });
const counts = async (sandbox: TestSandbox) => (await sandbox.consoleApi('GET', '/server')).body.data.counts;

/** Uploads the file in small pieces without a Content-Length, as a client streaming from disk does. */
async function importInPieces(sandbox: TestSandbox, text: string, pieceBytes: number) {
  const bytes = Buffer.from(text, 'utf8');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += pieceBytes)
        controller.enqueue(bytes.subarray(i, i + pieceBytes));
      controller.close();
    },
  });
  const res = await fetch(sandbox.origin + IMPORT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as any };
}

/** The export as it crosses the wire: the response head, and each chunk of the chunked body. */
function exportOnTheWire(origin: string): Promise<{ head: string; chunks: Buffer[] }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(received);
      const headEnd = all.indexOf('\r\n\r\n');
      const chunks: Buffer[] = [];
      for (let at = headEnd + 4; ;) {
        const lineEnd = all.indexOf('\r\n', at);
        const size = parseInt(all.toString('latin1', at, lineEnd), 16);
        if (size === 0) break;
        chunks.push(all.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      resolve({ head: all.toString('latin1', 0, headEnd), chunks });
    });
    socket.write(`GET ${EXPORT} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
  });
}

/** The source's file with `extra` more links, copies of its first under new ids (and checkout URLs). */
function withMoreLinks(file: string, extra: number): string {
  const parsed = JSON.parse(file);
  const first = parsed.links[0];
  for (let i = 0; i < extra; i++) {
    const id = crypto.randomUUID();
    parsed.links.push({ ...first, id, url: first.url.replace(first.id, id) });
  }
  return JSON.stringify(parsed);
}

let receiver: WebhookReceiver;
let source: TestSandbox;
let exported: string;

// A store with something of everything: links in every state, their webhook events, deliveries
// delivered at the second attempt, delivered at once and still queued (the queue is paused),
// an endpoint, an idempotency record and changed settings.
before(async () => {
  receiver = await WebhookReceiver.start({ plan: inSequence(500, 200) });
  source = await startTestSandbox({ inMemory: true });
  await source.consoleApi('PATCH', '/settings', {
    fees: { transaction_percent: 1.5 },
    webhook_retry_schedule_seconds: [0, 0],
  });
  await source.consoleApi('POST', '/endpoints', { url: receiver.url });
  await source.api('POST', '/payment-links', {
    body: { amount: 10_000, title: 'Pending, keyed' },
    headers: { 'idempotency-key': 'order-1' },
  });
  for (const event of ['paid', 'failed', 'expired']) {
    const link = await createLink(source, { title: event });
    await source.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event } });
  }
  await source.api('POST', `/payment-links/${(await createLink(source, { title: 'Canceled' })).id}/cancel`);
  await eventually(async () => {
    const deliveries = (await source.consoleApi('GET', '/deliveries')).body.data;
    return deliveries.length === 4 && deliveries.every((d: any) => d.status === 'delivered')
      ? true
      : undefined;
  }, 'every delivery to arrive');
  await source.consoleApi('POST', '/queue/pause');
  await source.api(
    'POST',
    `/payment-links/${(await createLink(source, { title: 'Canceled later' })).id}/cancel`,
  );
  exported = await exportText(source);
});
after(async () => {
  await source.stop();
  await receiver.stop();
});

describe('streamed export and import', () => {
  test('the store to be round-tripped holds something of everything', () => {
    const file = JSON.parse(exported);
    const statuses = new Set(file.links.map((l: { status: string }) => l.status));
    assert.deepEqual([...statuses].sort(), ['canceled', 'expired', 'failed', 'pending', 'succeeded']);
    assert.ok(file.deliveries.some((d: { attempts: unknown[] }) => d.attempts.length === 2));
    assert.ok(file.deliveries.some((d: { status: string }) => d.status === 'queued'));
    assert.equal(file.events.length, 5);
    assert.equal(file.endpoints.length, 1);
    assert.equal(file.idempotency.length, 1);
    assert.equal(file.queue_paused, true);
  });

  test('an export uploaded in small pieces comes back byte for byte, and again after a restart', async () => {
    const target = await startTestSandbox();
    const dataDir = target.dir as string;
    try {
      const imported = await importInPieces(target, exported, 1000);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.deepEqual(imported.body.data, await counts(source));
      assert.equal(unstamped(await exportText(target)), unstamped(exported));
      await target.stop({ keepDir: true });
      const reopened = await startTestSandbox({ dataDir });
      try {
        assert.equal(unstamped(await exportText(reopened)), unstamped(exported));
      } finally {
        await reopened.stop();
      }
    } finally {
      await target.stop();
    }
  });

  test('a pretty-printed file and a minified one import the same store', async () => {
    const parsed = JSON.parse(exported);
    for (const [layout, text] of [
      ['pretty-printed', JSON.stringify(parsed, null, 2)],
      ['minified on one line', JSON.stringify(parsed)],
    ] as const) {
      const target = await startTestSandbox({ inMemory: true });
      try {
        const imported = await importText(target, text);
        assert.equal(imported.status, 200, `${layout}: ${imported.text}`);
        assert.equal(unstamped(await exportText(target)), unstamped(exported), layout);
      } finally {
        await target.stop();
      }
    }
  });

  test('the export is sent in chunks as it is written, one record per line', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      assert.equal((await importText(target, withMoreLinks(exported, 400))).status, 200);
      const { head, chunks } = await exportOnTheWire(target.origin);
      assert.match(head, /^HTTP\/1\.1 200/);
      assert.match(head, /transfer-encoding: chunked/i);
      assert.doesNotMatch(head, /content-length/i);
      const file = Buffer.concat(chunks).toString('utf8');
      // Built whole, the file would go out as one piece (with a Content-Length).
      assert.ok(chunks.length >= 3, `${chunks.length} chunks`);
      assert.ok(Math.max(...chunks.map((c) => c.length)) < file.length / 2);
      const parsed = JSON.parse(file);
      assert.equal(parsed.links.length, 406);
      // Inside each list, each line is one whole record: the import reader's fast path.
      const lines = file.split('\n');
      for (const list of LISTS) {
        const start = lines.indexOf(`"${list}":[`);
        parsed[list].forEach((record: unknown, i: number) => {
          assert.deepEqual(JSON.parse((lines[start + 1 + i] as string).replace(/,$/, '')), record);
        });
      }
    } finally {
      await target.stop();
    }
  });

  test('a change made while the export is on its way is not in it: the file is one moment', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      assert.equal((await importText(target, withMoreLinks(exported, 400))).status, 200);
      const url = new URL(target.origin);
      const file = await new Promise<string>((resolve, reject) => {
        request({ host: url.hostname, port: url.port, path: EXPORT }, (res) => {
          const parts: Buffer[] = [];
          res.once('data', () => {
            res.pause();
            createLink(target, { title: 'During the export' }).then(() => res.resume(), reject);
          });
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        })
          .on('error', reject)
          .end();
      });
      const links = JSON.parse(file).links as { title: string }[];
      assert.equal(links.length, 406);
      assert.ok(!links.some((l) => l.title === 'During the export'));
      assert.equal((await counts(target)).links, 407);
    } finally {
      await target.stop();
    }
  });

  test('a file cut short is refused, naming where it ends, and nothing changes', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const kept = await createLink(target);
      const before = await counts(target);
      // Mid-record, and exactly after a whole record line.
      for (const cut of [
        Math.floor(exported.length / 2),
        exported.indexOf(',\n', exported.indexOf('"links":[')) + 2,
      ]) {
        const res = await importText(target, exported.slice(0, cut));
        assert.equal(res.status, 400);
        assert.equal(res.body.error.code, 'body_invalid_json');
        assert.match(res.body.error.message, /ends early, at byte \d+ .*cut short.*nothing was changed/);
      }
      assert.deepEqual(await counts(target), before);
      assert.equal((await target.api('GET', `/payment-links/${kept.id}`)).status, 200);
    } finally {
      await target.stop();
    }
  });

  test('an upload the client abandons halfway changes nothing', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const kept = await createLink(target);
      const before = await counts(target);
      const bytes = Buffer.from(withMoreLinks(exported, 400), 'utf8');
      const url = new URL(target.origin);
      // The server's side of the upload has closed once it has seen the client go.
      const closedOnServer = new Promise<void>((resolve) => {
        target.app.server.once('request', (req) => req.once('close', resolve));
      });
      await new Promise<void>((resolve) => {
        const req = request({
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: IMPORT,
          headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
        });
        req.on('error', () => resolve());
        req.write(bytes.subarray(0, bytes.length / 2), () => req.destroy());
      });
      await closedOnServer;
      assert.deepEqual(await counts(target), before);
      assert.equal((await target.api('GET', `/payment-links/${kept.id}`)).status, 200);
      // And the sandbox takes the next import as usual.
      assert.equal((await importText(target, exported)).status, 200);
    } finally {
      await target.stop();
    }
  });

  test('a refusal reaches a client still sending a large file', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const file = JSON.parse(withMoreLinks(exported, 4000));
      file.links[0] = { ...file.links[0], amount: 'x' };
      const res = await importText(target, JSON.stringify(file));
      assert.equal(res.status, 400);
      assert.equal(res.body.error.param, 'links[0].amount');
    } finally {
      await target.stop();
    }
  });

  test('a body declared larger than 4 GiB is refused with 413 before it is read', async () => {
    const res = await rawRequest(source.origin, {
      method: 'POST',
      path: IMPORT,
      headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 ** 3) },
    });
    assert.equal(res.status, 413);
    const body = JSON.parse(res.text);
    assert.equal(body.error.code, 'body_too_large');
    assert.match(body.error.message, /larger than 4 GiB \(4294967296 bytes\)/);
  });
});
