import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver, type EntryType } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/**
 * How far past what was live at its last full collection V8 lets a large heap grow before the next
 * one. Its own choice (up to several times) let a sandbox holding 1M links (≈0.5 GB of them) run at
 * 1.2–1.7 GB; at 25 % it stays under 1 GB (docs/performance.md, "Under 1 GB at 1M").
 */
const HEAP_GROWING_PERCENT = 25;

/**
 * Below this much live after a full collection V8 keeps its own growth: a small heap held to 25 %
 * is collected so often that a retrieve at 10,000 links cost ≈4 µs more (docs/performance.md).
 */
const LARGE_HEAP_BYTES = 128 * 1024 * 1024;

/** A data folder this large loads into a large heap (1M links are 0.4–1.1 GB on disk). */
const LARGE_FOLDER_BYTES = 256 * 1024 * 1024;

function folderBytes(dir: string): number {
  try {
    let bytes = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile()) bytes += statSync(join(dir, entry.name)).size;
    return bytes;
  } catch {
    return 0;
  }
}

/**
 * For a process the sandbox owns (`serve`, the desktop app, `mcp --in-memory`, and so the
 * container), called before it starts. The growth follows the live heap, checked after each full
 * collection; and a large data folder switches it before the start loads it, since a limit V8 sets
 * while the heap jumps stands until its next full collection (switched only once 1M links were
 * loaded, reading them back peaked at 1.4 GB). The package's startSandbox never calls it: it runs in
 * the user's process, whose collector is theirs.
 */
export function keepHeapNearLiveData(dataDir: string | undefined): void {
  let percent = 0;
  const use = (wanted: number): void => {
    if (wanted === percent) return;
    percent = wanted;
    setFlagsFromString(`--heap-growing-percent=${percent}`);
  };
  if (dataDir !== undefined && folderBytes(dataDir) > LARGE_FOLDER_BYTES) use(HEAP_GROWING_PERCENT);
  new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some(
        (e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) use(getHeapStatistics().used_heap_size > LARGE_HEAP_BYTES ? HEAP_GROWING_PERCENT : 0);
  }).observe({ entryTypes: ['gc' as EntryType] });
}
