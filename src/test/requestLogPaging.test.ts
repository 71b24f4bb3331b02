import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  OLDER_REQUEST_LOG_FILE,
  REQUEST_LOG_FILE,
  RequestHistory,
  type UnnumberedEntry,
} from '../core/requestHistory';
import { createBody, makeTempDir, startTestSandbox } from './harness';

const entry = (i: number, body = `{"n":${i}}`): UnnumberedEntry => ({
  request_id: `req_${i}`,
  method: 'POST',
  path: `/payment-links?n=${i}`,
  status: i % 10 === 0 ? 404 : 201,
  duration_ms: 1,
  key_prefix: 'sk_test_har',
  idempotency_key: null,
  replayed: false,
  at: '2026-11-26T12:00:00.000Z',
  api: true,
  request_body_length: body.length,
  response_body_length: 2,
  request_body: body,
  response_body: '{}',
  request_headers: { 'content-type': 'application/json' },
  response_headers: {},
});

/** A data folder whose request log holds `count` API requests, written as the sandbox writes them. */
async function folderWithLog(count: number, budget = 64 * 1024 * 1024): Promise<string> {
  const dir = await makeTempDir();
  const history = new RequestHistory(
    () => {},
    () => budget,
    dir,
  );
  for (let i = 1; i <= count; i++) history.record(entry(i));
  history.close();
  return dir;
}

type Page = { data: { seq: number; request_id: string; status: number }[]; pagination: { total: number } };

test('the Requests list pages over the whole log, past 1,000, filtered over all of it, after a restart', async () => {
  const dir = await folderWithLog(10_000);
  const sandbox = await startTestSandbox({ dataDir: dir });
  try {
    const first = (await sandbox.consoleApi<Page>('GET', '/requests?page=1&per_page=100')).body;
    assert.equal(first.pagination.total, 10_000, 'the true count of kept API requests');
    assert.equal(first.data[0]?.request_id, 'req_10000', 'newest first');
    const last = (await sandbox.consoleApi<Page>('GET', '/requests?page=100&per_page=100')).body;
    assert.deepEqual(
      last.data.slice(-2).map((e) => e.request_id),
      ['req_2', 'req_1'],
      'the oldest request is reachable',
    );
    const notFound = (await sandbox.consoleApi<Page>('GET', '/requests?q=404&page=50&per_page=20')).body;
    assert.equal(notFound.pagination.total, 1_000, 'the filter counts over the whole log');
    assert.deepEqual(
      notFound.data.map((e) => e.status),
      Array(20).fill(404),
    );
    assert.equal(notFound.data.at(-1)?.request_id, 'req_10', 'its last page reaches the oldest match');

    const oldest = (await sandbox.consoleApi('GET', '/requests/1')).body.data;
    assert.equal(oldest.request_body, '{"n":1}', 'the body is read from the file after a restart');
    assert.deepEqual(oldest.request_headers, { 'content-type': 'application/json' });

    await sandbox.api('POST', '/payment-links', { body: createBody({ title: 'After restart' }) });
    const newest = (await sandbox.consoleApi<Page>('GET', '/requests?per_page=1')).body;
    assert.equal(newest.pagination.total, 10_001);
    // The console's own calls share the numbers, so the next API request's is past 10,000, not 10,001.
    assert.ok((newest.data[0]?.seq ?? 0) > 10_000, 'numbers continue after the last one on disk');

    const bad = await sandbox.consoleApi('GET', '/requests?per_page=1001');
    assert.equal(bad.status, 400);
    assert.match(bad.text, /per_page/);
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('requests that arrive while the log is read in are kept, after the older ones', async () => {
  const dir = await folderWithLog(5_000);
  try {
    const history = new RequestHistory(
      () => {},
      () => 64 * 1024 * 1024,
      dir,
    );
    // The server answers before the files are read: these come first in time, last in the log.
    history.record(entry(90_001));
    const loading = history.load();
    history.record(entry(90_002));
    await loading;
    history.record(entry(90_003));
    const { total, rows } = await history.page({ scope: 'api', q: '', offset: 0, limit: 4 });
    assert.equal(total, 5_003);
    assert.deepEqual(
      rows.map((r) => [r.seq, r.request_id]),
      [
        [5_003, 'req_90003'],
        [5_002, 'req_90002'],
        [5_001, 'req_90001'],
        [5_000, 'req_5000'],
      ],
    );
    assert.equal((await history.get(5_002))?.request_body, '{"n":90002}');
    assert.equal((await history.get(1))?.request_body, '{"n":1}');
    history.close();

    const again = new RequestHistory(
      () => {},
      () => 64 * 1024 * 1024,
      dir,
    );
    await again.load();
    assert.equal(again.size.entries, 5_003, 'all of them on disk, in order');
    assert.equal((await again.get(5_001))?.request_id, 'req_90001');
    again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('rotation keeps the log within its budget, and bodies stay readable from the older file', async () => {
  const dir = await makeTempDir();
  const budget = 1024 * 1024;
  try {
    const history = new RequestHistory(
      () => {},
      () => budget,
      dir,
    );
    await history.load();
    const body = 'b'.repeat(10_000);
    for (let i = 1; i <= 1_000; i++) history.record(entry(i, body));
    const bytes = () =>
      statSync(join(dir, REQUEST_LOG_FILE)).size + statSync(join(dir, OLDER_REQUEST_LOG_FILE)).size;
    assert.ok(bytes() <= budget, `${bytes()} bytes on disk`);
    assert.ok(history.size.entries > 40, `${history.size.entries} kept`);
    const { rows } = await history.page({ scope: 'api', q: '', offset: history.size.entries - 1, limit: 1 });
    const oldest = rows[0]?.seq ?? 0;
    assert.equal((await history.get(oldest))?.request_body, body, 'the oldest kept, in the older file');
    assert.equal(await history.get(oldest - 1), undefined, 'the one before it went');
    history.close();

    const again = new RequestHistory(
      () => {},
      () => budget,
      dir,
    );
    await again.load();
    assert.equal(again.size.entries, history.size.entries);
    assert.equal((await again.get(oldest))?.request_id, `req_${oldest}`);
    again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
