import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Bad usage of a command (a flag, a variable, their values): said in one line, exit 2. */
export class UsageError extends Error {}

/**
 * parseArgs's refusal in one line. A value that starts with "-" (`--clock-offset -1d`) is
 * "ambiguous" to it, and its second line suggests the `=` form: said as what to write instead.
 */
function argvProblem(err: Error, argv: string[]): string {
  const ambiguous = /^Option '(--[a-z-]+)/.exec(err.message);
  if (ambiguous && err.message.includes('ambiguous')) {
    const flag = ambiguous[1] as string;
    const value = argv[argv.indexOf(flag) + 1] ?? '';
    return `${flag} was given "${value}", which starts with "-": write ${flag}=${value} if that is the value you mean (see --help)`;
  }
  return `${err.message.split('\n')[0]} (see --help)`;
}

/**
 * A command's argv, strictly parsed (positionals allowed unless `allowPositionals` is false); a
 * refusal is a UsageError in one line.
 */
export function parseArgv<const O extends Options, P extends boolean = true>(
  argv: string[],
  options: O,
  allowPositionals: P = true as P,
) {
  try {
    return parseArgs({ args: argv, strict: true as const, allowPositionals, options });
  } catch (err) {
    throw new UsageError(argvProblem(err as Error, argv));
  }
}
