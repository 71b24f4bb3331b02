import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';

// Issue 18: each import holds its whole file in memory until it replaces the store, so two at once
// held two stores. One runs at a time; another is refused with 409 saying what runs.

const IMPORT = '/_console/api/store/import';

let source: TestSandbox;
let target: TestSandbox;
let exported: string;

before(async () => {
  source = await startTestSandbox({ inMemory: true });
  for (let i = 0; i < 20; i++) await createLink(source, { title: `Imported ${i}` });
  const res = await source.api('GET', '/_console/api/store/export', { key: null });
  assert.equal(res.status, 200);
  exported = res.text;
  target = await startTestSandbox({ inMemory: true });
  await createLink(target, { title: 'Already here' });
});
after(async () => {
  await source.stop();
  await target.stop();
});

const importText = (text: string) =>
  target.api('POST', IMPORT, { raw: text, key: null, headers: { 'content-type': 'application/json' } });

/** An import sent by hand: the head and the first `sent` bytes now, the rest when asked. */
function slowImport(file: Buffer, sent: number): { socket: Socket; finish(): Promise<string> } {
  const url = new URL(target.origin);
  const socket = connect(Number(url.port), url.hostname);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST ${IMPORT} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${file.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(file.subarray(0, sent));
  return {
    socket,
    finish: async () => {
      socket.write(file.subarray(sent));
      await closed;
      return answer;
    },
  };
}

test('a second import while one runs is refused with 409 naming what runs, and changes nothing', async () => {
  const file = Buffer.from(exported);
  const first = slowImport(file, Math.floor(file.length / 2));
  try {
    // `{}` is no export: with no import running it is refused 400 and changes nothing, so the
    // loop only waits for the first import to have begun.
    const refused = await eventually(async () => {
      const res = await importText('{}');
      return res.status === 409 ? res : undefined;
    }, 'the second import to be refused while the first runs');
    assert.equal(refused.body.error.code, 'import_in_progress');
    assert.equal(refused.body.error.type, 'invalid_request_error');
    assert.match(
      refused.body.error.message,
      /^Another import is running: it started \d+ s ago and has read \d+\.\d MB of its file so far\. Imports run one at a time, .*try again when it finishes\. Nothing was changed\.$/,
    );
    const whole = await importText(exported);
    assert.equal(whole.status, 409, 'a valid file is refused the same way');
    const during = (await target.consoleApi('GET', '/server')).body.data.counts;
    assert.equal(during.links, 1, 'the store is as it was');

    const answer = await first.finish();
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n/, answer);
  } finally {
    first.socket.destroy();
  }
  assert.equal((await target.consoleApi('GET', '/server')).body.data.counts.links, 20);
});

test('once an import has finished, or been refused, the next one runs', async () => {
  assert.equal((await importText('{"format":"something else"}')).status, 400);
  const again = await importText(exported);
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.links, 20);
});
