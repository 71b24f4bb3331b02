import { fstatSync } from 'node:fs';

/**
 * Writes lines to stdout and resolves once they are written. The command's exit follows at once
 * (main.ts calls process.exit), and stdout to a pipe is asynchronous: a long report written with
 * console.log would be cut short in a CI log. A reader that went away (`| head`) ends it too.
 */
export const printLines = (lines: string[]): Promise<void> =>
  new Promise((resolve) => {
    if (lines.length === 0) return resolve();
    process.stdout.write(lines.map((line) => `${line}\n`).join(''), () => resolve());
  });

/**
 * Writes one line to stdout and resolves once stdout can take more: at once, unless its reader is
 * behind, then on 'drain'. A streaming command (logs tail, listen) awaits it before reading on, so
 * a reader that does not keep up (`logs tail --json | sleep 45`) holds the stream back instead of
 * piling it up in this process (issue 28). A reader that went away ends the wait too.
 */
export function printStreamed(line: string): Promise<void> {
  // Once the reader has gone, stdout neither drains nor closes again: nothing is left to wait for.
  if (process.stdout.destroyed || process.stdout.write(`${line}\n`)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      process.stdout.off('drain', done);
      process.stdout.off('error', done);
      process.stdout.off('close', done);
      resolve();
    };
    process.stdout.on('drain', done);
    process.stdout.on('error', done);
    process.stdout.on('close', done);
  });
}

/** Whether stdout's reader has gone, and a way to hear it the moment it goes. */
export interface StdoutReader {
  gone(): boolean;
  onGone(listener: () => void): void;
}

let watching: (StdoutReader & { goes(): void }) | undefined;
let hearing = false;

/**
 * Watches for stdout's reader going away (`| head -n 5` that has had enough, `| sleep 45` that
 * exited, a parent that destroyed its end): a write then fails with EPIPE, or stdout closes.
 * stdout is not always destroyed by that failure, so its `destroyed` cannot tell; and from here on,
 * the failure is this answer instead of a crash. One watch per process, however many ask.
 *
 * With `whileQuiet` (listen, logs tail: their output is the point of them), a stdout that is a
 * socket (Node's `spawn` gives one for 'pipe') also hears its reader go while nothing is written:
 * the peer's close is an end of file on it. A FIFO (a shell's `|`) cannot be read from its writing
 * end, so there the reader's going shows at the next line written. Not for serve: a log collector
 * that shuts its own sending side (an end of file too) still reads.
 */
export function watchStdoutReader(whileQuiet = false): StdoutReader {
  if (!watching) {
    let gone = false;
    const listeners: (() => void)[] = [];
    const goes = () => {
      if (gone) return;
      gone = true;
      for (const listener of listeners) listener();
    };
    process.stdout.on('error', goes);
    process.stdout.on('close', goes);
    watching = { gone: () => gone, onGone: (listener) => void listeners.push(listener), goes };
  }
  if (whileQuiet && !hearing) {
    hearing = true;
    hearSocketPeerGo(watching.goes);
  }
  return watching;
}

interface ReadableHandle {
  readStart?: () => number;
  readStop?: () => number;
  onread?: (buffer?: ArrayBuffer) => void;
}

/**
 * Reads stdout's socket, which nobody writes to, to hear its end of file. Node gives no public way
 * to read a writable stdout, so its handle is read directly; Node calls `onread` with no buffer
 * for an end or an error, and anything the peer did send is dropped. Where the handle has no such
 * methods (another runtime, a later Node), the reader's going shows at the next write, as before.
 */
function hearSocketPeerGo(goes: () => void): void {
  const handle = (process.stdout as unknown as { _handle?: ReadableHandle })._handle;
  if (typeof handle?.readStart !== 'function' || !isSocket(1)) return;
  handle.onread = (buffer) => {
    if (buffer !== undefined) return;
    handle.readStop?.();
    goes();
  };
  handle.readStart();
}

function isSocket(fd: number): boolean {
  try {
    return fstatSync(fd).isSocket();
  } catch {
    return false;
  }
}
