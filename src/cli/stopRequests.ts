import { fstatSync } from 'node:fs';

/** Why a command that runs until stopped was asked to stop. */
export type StopRequest = 'signal' | 'input ended';

/**
 * Whether `fd` is a pipe or a socket: an end a parent holds and can close (a shell's `|`, Node's
 * `spawn` with 'pipe'), unlike a terminal, a file or /dev/null.
 */
function isPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/**
 * Calls `stop` on each SIGINT or SIGTERM, and once stdin reaches its end when stdin is a pipe: the
 * program that started this command with a pipe for its input has closed it, or has gone (a test
 * runner killed, a supervisor that exited), and a command left running then would keep its
 * endpoint, its port, its data folder's lock (issue 31). A terminal or /dev/null never ends it:
 * `listen … &` in a script has /dev/null for stdin, as a shell gives a background job. What comes
 * in on the pipe is read and dropped. Every signal keeps being listened for: under `npm run` a
 * signal to the process group comes twice, and a second with no listener would kill the command
 * mid-shutdown.
 */
export function onStopRequest(stop: (why: StopRequest) => void): void {
  process.on('SIGINT', () => stop('signal'));
  process.on('SIGTERM', () => stop('signal'));
  if (!isPipe(0)) return;
  process.stdin.on('data', () => undefined);
  process.stdin.once('end', () => stop('input ended'));
  // A broken input pipe (its writer gone without closing it cleanly) is an end too.
  process.stdin.once('error', () => stop('input ended'));
}

/** Resolves on the first stop request, aborting `controller`. */
export function stopWhenAsked(controller: AbortController): Promise<StopRequest> {
  return new Promise((resolve) =>
    onStopRequest((why) => {
      controller.abort();
      resolve(why);
    }),
  );
}
