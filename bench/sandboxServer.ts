import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../src/core/index';
import { LINK_STATUSES } from '../src/shared/types';
import { answerCpuProbes, tell, waitFor } from './child';

/**
 * The sandbox under test, in its own process. Modules are loaded first; the start-up time is
 * from calling startSandbox on the existing data directory until it listens (store read, journal
 * replay, indexes, scheduler, Fastify app and listen). `processMs` is the same moment measured
 * from process start, so it also counts Node, tsx and module loading.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: sandboxServer.ts <dataDir>');

async function filesIn(dir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await readdir(dir)) out[name] = (await stat(join(dir, name))).size;
  return out;
}

const filesBefore = await filesIn(dataDir);
const t0 = performance.now();
// The API alone: without the request history kept for the console's Requests screen.
const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir, requestLog: false });
const startupMs = performance.now() - t0;
const processMs = performance.now();

const byStatus: Record<string, number> = {};
for (const status of LINK_STATUSES) {
  byStatus[status] = sandbox.core.store.state.links.list({ status, offset: 0, limit: 0 }).total;
}
answerCpuProbes();
tell({
  type: 'ready',
  origin: sandbox.origin,
  startupMs,
  processMs,
  links: sandbox.core.store.state.links.size,
  byStatus,
  filesBefore,
});

await waitFor('stop');
const c0 = performance.now();
await sandbox.close();
tell({
  type: 'closed',
  closeMs: performance.now() - c0,
  links: sandbox.core.store.state.links.size,
  filesAfter: await filesIn(dataDir),
});
process.disconnect?.();
