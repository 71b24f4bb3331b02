import { startSandbox } from '../src/core/index';
import { answerCpuProbes, answerMemoryProbes, tell, waitFor } from './child';

/**
 * The sandbox under the event-stream benchmark: a durable data directory and the request log on
 * (each request is an event for the console), answering CPU and memory probes.
 */
const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: eventStreamServer.ts <dataDir>');

const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir });
answerCpuProbes();
answerMemoryProbes();
tell({ type: 'ready', origin: sandbox.origin });

await waitFor('stop');
await sandbox.close();
tell({ type: 'closed' });
process.disconnect?.();
