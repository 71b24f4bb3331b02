/** One row of a help table: the flag as typed (`--link ID`), and what it does; `\n` starts a line under it. */
export type HelpRow = [flag: string, text: string];

/**
 * Rows as `--help` prints them: two spaces in, every description starting at one column, the lines
 * under a description at that column too. Computed from the widest flag, so a new one cannot push
 * its text out of line (issue 31: listen's, trigger's and logs's own flags did, beside the shared ones).
 */
export function helpTable(rows: HelpRow[]): string {
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const indent = ' '.repeat(2 + width + 2);
  return rows
    .map(([flag, text]) => `  ${flag.padEnd(width)}  ${text.split('\n').join(`\n${indent}`)}`)
    .join('\n');
}

/**
 * The first line of a command's usage ("Usage: payment-links-sandbox trigger EVENT …"): printed under
 * a usage error, so the line saying what was wrong is followed by what to type.
 */
export const synopsis = (usage: string): string => usage.split('\n')[0] as string;
