import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { Store } from '../core/store/store';
import { StoreFileError } from '../core/store/storeErrors';
import { makeTempDir } from './harness';

const link = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  status: 'pending',
  created_at: `2026-01-01T00:00:0${n}.000Z`,
  expires_at: '2026-01-02T00:00:00.000Z',
  settle_at: null,
  settled_at: null,
  title: `Link ${n}`,
});

/** A store written by the sandbox itself: a snapshot at record `seq` plus journal lines after it. */
async function storeWith(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir();
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const snapshot = (links: unknown[], seq = 1) =>
  `{"schema_version":1,"seq":${seq},"settlement_account_id":null,"settings":null,\n"links":[` +
  links.map((l) => '\n' + JSON.stringify(l)).join(',') +
  '\n],\n"events":[\n],\n"idempotency":[\n],\n"endpoints":[\n],\n"deliveries":[\n]}\n';

const journalLine = (seq: number, ops: unknown[]) => JSON.stringify({ seq, ops }) + '\n';

async function refusal(dir: string): Promise<StoreFileError> {
  const before = await readFile(join(dir, 'sandbox.json'), 'utf8').catch(() => null);
  const err = await Store.open({ dir }).then(
    async (store) => {
      await store.close();
      assert.fail('the store opened');
    },
    (e: unknown) => e,
  );
  assert.ok(err instanceof StoreFileError, `a StoreFileError, not ${String(err)}`);
  assert.equal(err.message.split('\n').length, 1, `one line: ${err.message}`);
  const after = await readFile(join(dir, 'sandbox.json'), 'utf8').catch(() => null);
  assert.equal(after, before, 'the snapshot is left as it was');
  return err;
}

test('a snapshot record that is not a link is named by its place', async () => {
  const dir = await storeWith({ 'sandbox.json': snapshot([link(1), null, link(3)]) });
  const err = await refusal(dir);
  assert.equal(err.file, join(dir, 'sandbox.json'));
  assert.match(err.message, /links\[1\] is null, not a payment link/);
  assert.match(err.message, /restore it from a backup/);
});

test('a snapshot link without a status is named, with the field', async () => {
  const dir = await storeWith({ 'sandbox.json': snapshot([link(1), { ...link(2), status: undefined }]) });
  assert.match((await refusal(dir)).message, /links\[1\] is not a payment link: its "status" is missing/);
});

test('a journal line whose op holds null is named by file and line', async () => {
  const dir = await storeWith({
    'sandbox.json': snapshot([link(1)], 1),
    'journal-000002.ndjson':
      journalLine(2, [{ op: 'link', v: link(2) }]) + journalLine(3, [{ op: 'link', v: null }]),
  });
  const err = await refusal(dir);
  assert.equal(err.file, join(dir, 'journal-000002.ndjson'));
  assert.match(err.message, /line 2 \(record 3\) is damaged: its "link" op is null, not a payment link/);
});

test('an op of a kind this version does not know is refused, not skipped', async () => {
  const dir = await storeWith({
    'sandbox.json': snapshot([], 1),
    'journal-000002.ndjson': journalLine(2, [{ op: 'teleport', v: {} }]),
  });
  assert.match((await refusal(dir)).message, /unknown op "teleport"/);
});

test('sandbox.json that is a directory is named with its errno', async () => {
  const dir = await makeTempDir();
  await mkdir(join(dir, 'sandbox.json'));
  const err = await Store.open({ dir }).catch((e: unknown) => e);
  assert.ok(err instanceof StoreFileError);
  assert.match(err.message, /sandbox\.json: cannot be read \(EISDIR\)/);
});

test('a journal that continues from a record no file holds (sandbox.json deleted) is refused, not half-loaded', async () => {
  const dir = await storeWith({
    'journal-000004.ndjson':
      journalLine(24, [{ op: 'link', v: link(1) }]) + journalLine(25, [{ op: 'link', v: link(2) }]),
  });
  const err = await refusal(dir);
  assert.equal(err.file, join(dir, 'journal-000004.ndjson'));
  assert.match(
    err.message,
    /continues from record 23, but sandbox\.json is missing, so records 1–23 are gone/,
  );
  await rm(dir, { recursive: true });
});

test('a journal segment missing between the snapshot and the next one is refused', async () => {
  const dir = await storeWith({
    'sandbox.json': snapshot([link(1)], 10),
    'journal-000003.ndjson': journalLine(14, [{ op: 'link', v: link(2) }]),
  });
  assert.match((await refusal(dir)).message, /store ends at record 10: records 11–13 are missing/);
});

test('a torn last line (a write a crash cut short) is still dropped, and the store opens', async () => {
  const dir = await storeWith({
    'sandbox.json': snapshot([link(1)], 1),
    'journal-000002.ndjson': journalLine(2, [{ op: 'link', v: link(2) }]) + '{"seq":3,"ops":[{"op":"li',
  });
  const store = await Store.open({ dir });
  assert.equal(store.state.links.size, 2);
  await store.close();
});
