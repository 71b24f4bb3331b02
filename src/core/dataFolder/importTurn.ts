import { performance } from 'node:perf_hooks';
import { SandboxError } from '../errors';

interface Running {
  startedAt: number;
  bytes: number;
}

const importInProgress = (running: Running): SandboxError => {
  const seconds = Math.round((performance.now() - running.startedAt) / 1000);
  const mb = (running.bytes / 1e6).toFixed(1);
  return new SandboxError(
    'import_in_progress',
    `Another import is running: it started ${seconds} s ago and has read ${mb} MB of its file so far. Imports run one at a time, as each holds its whole file in memory until it replaces the store; try again when it finishes. Nothing was changed.`,
  );
};

/** Passes the body through, counting what has been read, for a second import's refusal to name. */
async function* counted(body: AsyncIterable<Uint8Array>, running: Running): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    running.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * One import at a time: an import holds every record of its file until it replaces the store, so
 * two at once hold two stores (four uploads with one 256 MiB value each took 1.23 GB). A second
 * one while the first runs is refused with 409 import_in_progress, saying what runs.
 */
export class ImportTurn {
  private running: Running | null = null;

  async run<T>(
    body: AsyncIterable<Uint8Array>,
    work: (body: AsyncIterable<Uint8Array>) => Promise<T>,
  ): Promise<T> {
    if (this.running) throw importInProgress(this.running);
    const running: Running = { startedAt: performance.now(), bytes: 0 };
    this.running = running;
    try {
      return await work(counted(body, running));
    } finally {
      this.running = null;
    }
  }
}
