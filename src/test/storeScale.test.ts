import assert from 'node:assert/strict';
import { open, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import type { PaymentLink } from '../shared/types';
import { SandboxCore } from '../core';
import { Store } from '../core/store/store';
import { makeTempDir } from './harness';

/** Past V8's longest string (~512 MiB): a reader holding the file as one string cannot open it. */
const PAST_STRING_LIMIT = 600 * 1024 * 1024;

const link = (n: number, note: string | null = null): PaymentLink =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    reference_id: null,
    url: `http://127.0.0.1:4545/pay/${n}`,
    status: 'pending',
    amount: 10_000,
    title: `Link ${n}`,
    note,
    created_at: new Date(Date.UTC(2026, 0, 1) + n).toISOString(),
    expires_at: new Date(Date.now() + 86_400_000 + n).toISOString(),
    paid_at: null,
    settle_at: null,
    settled_at: null,
  }) as unknown as PaymentLink;

async function roomFor(bytes: number): Promise<string | null> {
  const fs = await statfs(await makeTempDir());
  const free = fs.bavail * fs.bsize;
  return free > bytes * 2
    ? null
    : `needs ${Math.round((bytes * 2) / 2 ** 30)} GiB free in the temp directory`;
}

test('a store of 200,000 pending links (each due to expire) starts again', async () => {
  const dir = await makeTempDir();
  const store = await Store.open({ dir });
  for (let n = 0; n < 200_000; n += 2000) {
    await store.commit(Array.from({ length: 2000 }, (_, i) => ({ op: 'link' as const, v: link(n + i) })));
  }
  await store.close();
  const core = await SandboxCore.open({ dataDir: dir });
  try {
    assert.equal(core.store.state.links.size, 200_000);
    assert.equal(core.store.state.links.list({ status: 'pending', offset: 0, limit: 1 }).total, 200_000);
  } finally {
    await core.close();
    await rm(dir, { recursive: true });
  }
});

test('a snapshot larger than one string can hold opens', async (t) => {
  const skip = await roomFor(PAST_STRING_LIMIT);
  if (skip) return t.skip(skip);
  const dir = await makeTempDir();
  const fh = await open(join(dir, 'sandbox.json'), 'w');
  await fh.write(`{"schema_version":1,"seq":7,"settlement_account_id":null,"settings":null,\n"links":[\n`);
  await fh.write(JSON.stringify(link(1)) + ',');
  // Whitespace is valid JSON anywhere between values: the file is large, its content small.
  const blank = Buffer.alloc(1 << 20, ' ');
  for (let written = 0; written < PAST_STRING_LIMIT; written += blank.length) await fh.write(blank);
  await fh.write('\n' + JSON.stringify(link(2)) + '\n],"events":[],"idempotency":[],"endpoints":[]}\n');
  await fh.close();
  const store = await Store.open({ dir });
  try {
    assert.deepEqual(
      [...store.state.links.values()].map((l) => l.title),
      ['Link 1', 'Link 2'],
    );
  } finally {
    await store.close();
    await rm(dir, { recursive: true });
  }
});

test('a journal segment larger than one string can hold replays', async (t) => {
  const skip = await roomFor(PAST_STRING_LIMIT);
  if (skip) return t.skip(skip);
  const dir = await makeTempDir();
  const fh = await open(join(dir, 'journal-000001.ndjson'), 'w');
  const note = 'n'.repeat(60 * 1024);
  let seq = 0;
  // Ten thousand edits of the same link with a large note: the segment is big, the state small.
  for (let written = 0; written < PAST_STRING_LIMIT;) {
    seq++;
    const line = JSON.stringify({ seq, ops: [{ op: 'link', v: link(1, `${seq} ${note}`) }] }) + '\n';
    await fh.write(line);
    written += line.length;
  }
  await fh.close();
  const store = await Store.open({ dir, compactAfter: Number.MAX_SAFE_INTEGER });
  try {
    assert.equal(store.state.links.size, 1);
    assert.ok(store.state.links.get(link(1).id)?.note?.startsWith(`${seq} `), 'the last edit wins');
  } finally {
    await store.close();
    await rm(dir, { recursive: true });
  }
});
