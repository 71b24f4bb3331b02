import type { LogEntry } from '../shared/sandboxLog';
import { CommandFailure, type SandboxClient } from './sandboxClient';

/** One message of GET /sandbox/logs as an event stream: the entry as sent, and the entry. */
export interface StreamedEntry {
  json: string;
  entry: LogEntry;
}

/**
 * Opens GET /sandbox/logs as Server-Sent Events (failing as a request does when it cannot), then
 * calls `onEntry` for each entry as it comes. `ended` resolves with `stopped` once `signal` aborts,
 * or `ended` when the sandbox closes the stream (it is shutting down).
 */
export async function followLogs(
  sandbox: SandboxClient,
  onEntry: (streamed: StreamedEntry) => void,
  signal: AbortSignal,
): Promise<{ ended: Promise<'stopped' | 'ended'> }> {
  const response = await sandbox.fetch('/sandbox/logs', { headers: { accept: 'text/event-stream' }, signal });
  if (!response.ok || !response.body) {
    const text = await response.text();
    throw new CommandFailure(
      `the sandbox answered ${response.status} to GET /sandbox/logs: ${text.slice(0, 200)}`,
      1,
    );
  }
  return { ended: read(response.body, onEntry, signal) };
}

async function read(
  body: ReadableStream<Uint8Array>,
  onEntry: (streamed: StreamedEntry) => void,
  signal: AbortSignal,
): Promise<'stopped' | 'ended'> {
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for await (const chunk of body) {
      pending += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = pending.indexOf('\n\n')) !== -1) {
        const message = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .join('\n');
        if (data !== '') onEntry({ json: data, entry: JSON.parse(data) as LogEntry });
      }
    }
  } catch (err) {
    if (signal.aborted) return 'stopped';
    // The connection was cut rather than ended: the sandbox went away all the same.
    if ((err as Error).name !== 'TypeError') throw err;
  }
  return signal.aborted ? 'stopped' : 'ended';
}

/** Resolves on the first SIGINT or SIGTERM, aborting `controller`; both keep the process alive until handled. */
export function stopOnSignal(controller: AbortController): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      controller.abort();
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
