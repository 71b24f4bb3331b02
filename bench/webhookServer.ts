import { startSandbox } from '../src/core/index';
import { answerCpuProbes, tell, waitFor, type ChildMessage } from './child';

/**
 * The sandbox under the webhook benchmark, in its own process: a durable data directory and one
 * webhook endpoint (the runner's receiver, with a known secret so the runner can verify every
 * signature). Besides CPU probes it answers "deliveries": what its store says about each delivery
 * to the given URL (status, attempts), the sender's side of the exactly-once check.
 */
const [dataDir, url, secret] = process.argv.slice(2);
if (!dataDir || !url || !secret) throw new Error('usage: webhookServer.ts <dataDir> <receiverUrl> <secret>');

const sandbox = await startSandbox({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  requestLog: false,
  webhookEndpoints: [{ url, secret }],
});
// The healthy endpoint's deliveries and the dead neighbour's together pass the default 10,000
// kept; the exactly-once check counts every one of them.
await sandbox.core.updateSettings({ delivery_retention: 100_000 });
answerCpuProbes();
process.on('message', (m: ChildMessage) => {
  if (m.type !== 'deliveries') return;
  const byStatus: Record<string, number> = {};
  const byAttempts: Record<string, number> = {};
  for (const d of sandbox.core.store.state.deliveries.values()) {
    if (d.endpoint_url !== m.url) continue;
    byStatus[d.status] = (byStatus[d.status] ?? 0) + 1;
    byAttempts[d.attempts.length] = (byAttempts[d.attempts.length] ?? 0) + 1;
  }
  tell({ type: 'deliveries', byStatus, byAttempts, concurrency: sandbox.core.settings.delivery_concurrency });
});
tell({ type: 'ready', origin: sandbox.origin });

await waitFor('stop');
await sandbox.close();
tell({ type: 'closed' });
process.disconnect?.();
