import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerCpuProbes, answerMemoryProbes, tell, waitFor } from './child';

/**
 * Child of bench/compare.ts: the sandbox of one revision, as `serve` runs it (request log on), on a
 * data directory. `root` is that revision's checkout: its own src/core is imported, so the code
 * measured is the revision's, while this harness (the same for both) only starts it and answers
 * the runner. startSandbox({ port, host, dataDir }) is all it asks of a revision.
 * BENCH_REQUEST_LOG=0 turns the request log off (requestLog: false), to see what it costs.
 *   revisionServer.ts <root> <dataDir>
 */
const [root, dataDir] = process.argv.slice(2);
if (!root || !dataDir) throw new Error('usage: revisionServer.ts <root> <dataDir>');

interface Running {
  origin: string;
  close(): Promise<void>;
}
const core = (await import(pathToFileURL(join(root, 'src/core/index.ts')).href)) as {
  startSandbox(options: {
    port: number;
    host: string;
    dataDir: string;
    requestLog?: boolean;
  }): Promise<Running>;
};
// As `serve` does before it starts, in a revision that has it (issue 28).
const heapGrowth = join(root, 'src/core/heapGrowth.ts');
if (existsSync(heapGrowth))
  (
    (await import(pathToFileURL(heapGrowth).href)) as { keepHeapNearLiveData(dir: string): void }
  ).keepHeapNearLiveData(dataDir);
const sandbox = await core.startSandbox({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  ...(process.env.BENCH_REQUEST_LOG === '0' ? { requestLog: false } : {}),
});
answerCpuProbes();
answerMemoryProbes();
tell({ type: 'ready', origin: sandbox.origin });

await waitFor('stop');
await sandbox.close();
tell({ type: 'closed' });
process.disconnect?.();
