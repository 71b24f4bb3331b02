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
