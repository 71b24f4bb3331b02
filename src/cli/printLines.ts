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

/**
 * Watches for stdout's reader going away (`| head -n 5` that has had enough, `| sleep 45` that
 * exited) and returns whether it has: a write then fails with EPIPE, or stdout closes. stdout is not
 * always destroyed by that failure, so its `destroyed` cannot tell; and from here on, the failure
 * is this answer instead of a crash.
 */
export function watchStdoutReader(): () => boolean {
  let gone = false;
  const goes = () => {
    gone = true;
  };
  process.stdout.on('error', goes);
  process.stdout.on('close', goes);
  return () => gone;
}
