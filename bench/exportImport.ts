import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { startChild, type Child, type ChildMessage } from './child';

/**
 * A one-off measurement, not part of `npm run bench`:
 *   node --import tsx bench/exportImport.ts 1000000
 * Fills an in-memory sandbox with N links (and their webhook events), downloads
 * GET /_console/api/store/export to a file, then POSTs that file to /_console/api/store/import of
 * a fresh sandbox with a data directory, both through the real HTTP routes, each sandbox in its own
 * process. Prints the time of each step, the file size, and each server's RSS before and at its
 * peak during the step; checks that the imported counts are the exported ones.
 */

const EXPORT = '/_console/api/store/export';
const IMPORT = '/_console/api/store/import';
const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1) throw new Error('usage: exportImport.ts <links>');

interface Counts {
  links: number;
  events: number;
  deliveries: number;
  endpoints: number;
  idempotency_records: number;
}
interface Ready extends ChildMessage {
  origin: string;
  seedMs: number;
  counts: Counts;
}
interface Memory extends ChildMessage {
  rss: number;
  peakRss: number;
  heapUsed: number;
  counts: Counts;
}

const MiB = 1024 * 1024;
const mib = (bytes: number): string => `${(bytes / MiB).toFixed(0)} MiB`;
const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const load = (): string => loadavg()[0]?.toFixed(2) ?? '?';

const root = await mkdtemp(join(tmpdir(), 'pls-export-import-'));
const children = new Set<Child>();
const cleanup = async (): Promise<void> => {
  for (const child of children) child.process.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

function spawn(args: string[]): Child {
  // Room for a store of a million links in memory, beside V8's default old-space limit.
  const child = startChild('./exportImportServer.ts', args, ['--max-old-space-size=8192']);
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

async function stop(child: Child): Promise<number> {
  child.send({ type: 'stop' });
  const closed = await child.next<ChildMessage & { closeMs: number }>('closed');
  await child.exited;
  return closed.closeMs;
}

/** Marks the child's memory baseline, runs the step, then reads the peak since the mark. */
async function measured<T>(child: Child, step: () => Promise<T>) {
  child.send({ type: 'mark' });
  const { rss: before } = await child.next<ChildMessage & { rss: number }>('marked');
  const t0 = performance.now();
  const result = await step();
  const ms = performance.now() - t0;
  child.send({ type: 'memory' });
  const memory = await child.next<Memory>('memory');
  return { result, ms, before, memory };
}

function download(origin: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    request(origin + EXPORT, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
      else pipeline(res, createWriteStream(file)).then(resolve, reject);
    })
      .on('error', reject)
      .end();
  });
}

function upload(origin: string, file: string, size: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      origin + IMPORT,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(size) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

try {
  console.log(`export → import of ${count.toLocaleString('en')} links (load ${load()})`);
  const file = join(root, 'export.json');

  const source = spawn(['source', String(count)]);
  const seeded = await source.next<Ready>('ready');
  console.log(
    `  seeded in memory in ${secs(seeded.seedMs)}: ${JSON.stringify(seeded.counts)} (load ${load()})`,
  );
  const exported = await measured(source, () => download(seeded.origin, file));
  const size = (await stat(file)).size;
  await stop(source);
  console.log(
    `  export: ${secs(exported.ms)}, ${mib(size)} (${(size / MiB / (exported.ms / 1000)).toFixed(0)} MiB/s); ` +
      `source RSS ${mib(exported.before)} before, ${mib(exported.memory.peakRss)} at peak (load ${load()})`,
  );

  const target = spawn(['target', join(root, 'target')]);
  const empty = await target.next<Ready>('ready');
  const imported = await measured(target, () => upload(empty.origin, file, size));
  console.log(
    `  import: ${secs(imported.ms)} (${(size / MiB / (imported.ms / 1000)).toFixed(0)} MiB/s), answered ${imported.result.status}; ` +
      `target RSS ${mib(imported.before)} before, ${mib(imported.memory.peakRss)} at peak, ` +
      `${mib(imported.memory.rss)} after (load ${load()})`,
  );
  if (imported.result.status !== 200) {
    console.log(`  import refused: ${imported.result.text.slice(0, 2000)}`);
  } else {
    const counts = (JSON.parse(imported.result.text) as { data: Counts }).data;
    const same = JSON.stringify(counts) === JSON.stringify(seeded.counts);
    console.log(`  counts ${same ? 'match' : `DIFFER: ${JSON.stringify(counts)}`}`);
    if (!same) process.exitCode = 1;
  }
  console.log(`  target closed (store flushed) in ${secs(await stop(target))}`);
} catch (err) {
  process.exitCode = 1;
  console.error(err);
} finally {
  await cleanup();
}
