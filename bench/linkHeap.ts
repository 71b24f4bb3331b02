import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { SandboxCore } from '../src/core/sandboxCore';

/**
 * Diagnosis tool: the JS heap a link costs, made through the core and then read back by a new core
 * on the same data folder (what a restart holds):
 *   node --expose-gc --import tsx bench/linkHeap.ts 200000
 * LINK_HEAP_SNAPSHOT=<file> writes a heap snapshot of the read-back core, for a look at what is in
 * it. Not part of `npm run bench`.
 */
const count = Number(process.argv[2] ?? 200_000);
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
const gc = (): void => {
  collect();
  collect();
};
const dir = mkdtempSync(join(tmpdir(), 'pls-link-heap-'));
let t = Date.now() - count;
const options = { dataDir: dir, clock: { now: () => t }, schedulerIntervalMs: 3_600_000 };

async function make(): Promise<number> {
  const core = await SandboxCore.open(options);
  gc();
  const before = process.memoryUsage().heapUsed;
  let pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    // Ten links a millisecond, as a busy API makes them.
    if (i % 10 === 0) t += 1;
    pending.push(core.store.commit(core.links.create({ amount: 1000, title: 't' }).ops));
    if (pending.length >= 1000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  await core.close();
  return bytes;
}

try {
  const made = await make();
  gc();
  const before = process.memoryUsage().heapUsed;
  const core = await SandboxCore.open(options);
  // The start-up compaction runs after open: its garbage is collected before measuring.
  await new Promise((resolve) => setTimeout(resolve, 4000));
  gc();
  const read = process.memoryUsage().heapUsed - before;
  console.log(
    `${count.toLocaleString('en-US')} links: ${(made / count).toFixed(0)} bytes of heap a link made, ${(read / count).toFixed(0)} a link read back`,
  );
  if (process.env.LINK_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.LINK_HEAP_SNAPSHOT);
  await core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
