// One malformed import record of millions of fields (issue 28: 3 million peaked at 1.32 GB before
// its 400) is refused while it streams in, once it holds more values than any record may
// (IMPORT_RECORD_VALUES), before it is parsed: the server's peak memory stays flat, the 400 names
// the record, the bound and what is allowed, and the store is unchanged. A real `serve` child
// (its /proc status read for the peak), a real upload streamed in pieces.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { IMPORT_RECORD_VALUES } from '../core/store/storeLimits';
import { killLeftoverClis, startServe, type CliProcess } from './cliProcess';
import { callApi, makeTempDir } from './harness';

const MIB = 1024 * 1024;
const IMPORT = '/_console/api/store/import';
/** The peak resident memory of a process so far. */
const peakOf = (pid: number): number =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

let dir: string;
let serve: { cli: CliProcess; origin: string };
before(async () => {
  dir = await makeTempDir();
  serve = await startServe(dir);
});
after(async () => {
  await killLeftoverClis();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Uploads `head`, then a link of `fields` fields, 100,000 to a piece, then the file's end,
 * writing only as fast as the server reads; resolves with the answer.
 */
function uploadRecord(head: string, fields: number): Promise<{ status: number; body: any; sent: number }> {
  // Each field its own name, as in the issue: repeated names would parse into one property.
  const piece = (k: number) => Array.from({ length: 100_000 }, (_, i) => `"f${k}_${i}":1,`).join('');
  const { hostname, port } = new URL(serve.origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      { hostname, port, path: IMPORT, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent }));
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const write = (chunk: string) =>
      new Promise<void>((done) => {
        sent += Buffer.byteLength(chunk);
        if (req.write(chunk)) done();
        else req.once('drain', done);
      });
    void (async () => {
      await write(`${head}"links":[{"id":"00000000-0000-4000-8000-000000000001",`);
      for (let k = 0; k * 100_000 < fields && !answered; k++) await write(piece(k));
      if (!answered) req.end('"title":"x"}]}');
    })();
  });
}

test('an import record of 3 and 30 million fields is refused as it streams in, the server staying small, nothing changed', async () => {
  const created = await callApi(serve.origin, 'POST', '/payment-links', {
    body: { amount: 100, title: 'Kept' },
  });
  assert.equal(created.status, 201);
  const exported = await callApi(serve.origin, 'GET', '/_console/api/store/export', { key: null });
  // The export's own head (format and schema_version first), its lists left out.
  const head = exported.text.slice(0, exported.text.indexOf('"links":['));
  const before = await callApi(serve.origin, 'GET', '/_console/api/server', { key: null });

  for (const fields of [3_000_000, 30_000_000]) {
    const start = peakOf(serve.cli.pid);
    const answer = await uploadRecord(head, fields);
    const peak = peakOf(serve.cli.pid);
    console.log(
      `a record of ${fields.toLocaleString('en')} fields (${(answer.sent / MIB).toFixed(0)} MiB sent): server peak ${(start / MIB).toFixed(0)} MiB before, ${(peak / MIB).toFixed(0)} MiB after`,
    );
    assert.equal(answer.status, 400, JSON.stringify(answer.body).slice(0, 300));
    assert.equal(answer.body.error.code, 'body_invalid_json');
    assert.match(
      answer.body.error.message,
      new RegExp(
        `^The file cannot be read: links\\[0\\] holds more than ${IMPORT_RECORD_VALUES.toLocaleString('en')} values \\(fields and list items, at any depth\\); one record or field may hold at most ${IMPORT_RECORD_VALUES.toLocaleString('en')} \\(at byte \\d+\\)\\. Choose a file made by Settings → Export; nothing was changed\\.$`,
      ),
    );
    assert.equal(answer.body.error.param, 'links[0]');
    assert.ok(peak < 300 * MIB, `the server's peak RSS reached ${(peak / MIB).toFixed(0)} MiB`);
  }

  const after = await callApi(serve.origin, 'GET', '/_console/api/server', { key: null });
  assert.deepEqual(after.body.data.counts, before.body.data.counts, 'the store is unchanged');
  const kept = await callApi(serve.origin, 'GET', `/payment-links/${created.body.data.id}`);
  assert.equal(kept.status, 200);
});
