import { UNSENT_LIMIT_BYTES } from '../shared/eventStreamLimits';
import { nextEventMessage } from '../shared/eventStreamMessages';
import type { LogEntry } from '../shared/sandboxLog';
import { watchStdoutReader, type StdoutReader } from './printLines';
import { CommandFailure, type SandboxClient } from './sandboxClient';

/** One message of GET /sandbox/logs as an event stream: the entry as sent, and the entry. */
export interface StreamedEntry {
  json: string;
  entry: LogEntry;
}

/** How a followed log ended: stopped here, closed by the sandbox (it went away), or cut off by it. */
export type LogStreamEnd = 'stopped' | 'ended' | 'cut off';

/**
 * What a command says when the sandbox cut its stream off: it honours its output's backpressure
 * (printStreamed), so output read too slowly holds the stream back until the sandbox's bound for a
 * client that does not read applies (docs/keyed-api.md).
 */
export const cutOffLine = (baseUrl: string): string =>
  `the sandbox at ${baseUrl} cut the log stream off: this command's output was read too slowly, so more than ${UNSENT_LIMIT_BYTES / 1024 / 1024} MiB of entries waited for it; entries after the cut were not printed`;

/**
 * Once stdout's reader has gone, how the stream is read on (discarding) to learn how it ends: a
 * reader that never read and then exited (`| sleep 45`) leaves this command behind everything the
 * sandbox sent before it cut the stream off, and the cut shows only after that. What was sent
 * before a cut sits in socket buffers and arrives back to back, so a stream that stays quiet this
 * long has been caught up with and is live; one that keeps coming is live too, past the deadline.
 */
const CAUGHT_UP_QUIET_MS = 100;
const CATCH_UP_DEADLINE_MS = 2_000;

/**
 * Opens GET /sandbox/logs as Server-Sent Events (failing as a request does when it cannot), then
 * calls `onEntry` for each entry as it comes, reading on only once what it returns has settled.
 * `ended` resolves with `stopped` once `signal` aborts, `ended` when the sandbox closes the stream
 * (it is shutting down) or cannot be reached after a cut, `cut off` when it cut the stream yet
 * still answers (it disconnects a client that leaves too much unread).
 *
 * `onEntry` prints to stdout. Once stdout's reader has gone (`| head -n 5` that has had enough,
 * `| sleep 45` that exited), entries are no longer passed on: the stream is read on only to learn
 * whether it was cut off (`cut off`, as above), and is `stopped` once caught up with while live.
 */
export async function followLogs(
  sandbox: SandboxClient,
  onEntry: (streamed: StreamedEntry) => void | Promise<void>,
  signal: AbortSignal,
): Promise<{ ended: Promise<LogStreamEnd> }> {
  let response: Response;
  try {
    response = await sandbox.fetch('/sandbox/logs', { headers: { accept: 'text/event-stream' }, signal });
  } catch (err) {
    // Asked to stop before the stream opened (a stdin that was already at its end): nothing to follow.
    if (signal.aborted) return { ended: Promise.resolve('stopped') };
    throw err;
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    throw new CommandFailure(
      `the sandbox answered ${response.status} to GET /sandbox/logs: ${text.slice(0, 200)}`,
      1,
    );
  }
  const readerGone = watchStdoutReader(true);
  return {
    ended: read(response.body, onEntry, readerGone, signal).then(async (end) =>
      end === 'cut' ? ((await answers(sandbox)) ? 'cut off' : 'ended') : end,
    ),
  };
}

const answers = (sandbox: SandboxClient): Promise<boolean> =>
  sandbox.fetch('/healthz').then(
    (response) => response.ok,
    () => false,
  );

async function read(
  body: ReadableStream<Uint8Array>,
  onEntry: (streamed: StreamedEntry) => void | Promise<void>,
  readerGone: StdoutReader,
  signal: AbortSignal,
): Promise<'stopped' | 'ended' | 'cut'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  // Wakes the read below when the reader goes while the stream is quiet, so listen removes its
  // endpoint then rather than at the next entry, which may never come. A promise per read, not
  // one raced every time: each race would leave a reaction on it, one per read, for ever.
  let wake = (): void => undefined;
  readerGone.onGone(() => wake());
  try {
    for (;;) {
      if (readerGone.gone()) return await readToItsEnd(reader);
      const woken = new Promise<'gone'>((resolve) => (wake = () => resolve('gone')));
      const read = await Promise.race([reader.read(), woken]);
      // The read still pending is one readToItsEnd would discard anyway.
      if (read === 'gone') return await readToItsEnd(reader);
      const { done, value } = read;
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let next: ReturnType<typeof nextEventMessage>;
      while (!readerGone.gone() && (next = nextEventMessage(pending)) !== null) {
        pending = next.rest;
        const { data } = next;
        if (data !== '') await onEntry({ json: data, entry: JSON.parse(data) as LogEntry });
        if (signal.aborted) return 'stopped';
      }
    }
  } catch (err) {
    if (signal.aborted) return 'stopped';
    // The connection was cut rather than ended: the sandbox went away, or cut this client off.
    if ((err as Error).name !== 'TypeError') throw err;
    return 'cut';
  }
  return signal.aborted ? 'stopped' : 'ended';
}

/**
 * Reads on, discarding, until the stream ends (`ended`) or is cut (it throws, as a read does), or
 * until it is caught up with while live (`stopped`, and the connection is closed).
 */
async function readToItsEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<'ended' | 'stopped'> {
  const deadline = Date.now() + CATCH_UP_DEADLINE_MS;
  for (let left = CATCH_UP_DEADLINE_MS; left > 0; left = deadline - Date.now()) {
    let timer: NodeJS.Timeout | undefined;
    // The timer's end waits for the I/O ready by then: on a busy machine it may fire late, together
    // with data that came in time, and the data must win.
    const quiet = new Promise<'quiet'>((resolve) => {
      timer = setTimeout(() => setImmediate(() => resolve('quiet')), Math.min(CAUGHT_UP_QUIET_MS, left));
    });
    const next = await Promise.race([reader.read(), quiet]);
    clearTimeout(timer);
    if (next === 'quiet') break;
    if (next.done) return 'ended';
  }
  await reader.cancel();
  return 'stopped';
}
