import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Bad usage of a command (a flag, a variable, their values): said in one line, exit 2. */
export class UsageError extends Error {}

/** Past this many, an unknown option's message points at --help rather than listing them all. */
const LISTED_OPTIONS = 10;

/** What a flag takes, as the usage names it (`--link ID` takes ID), else VALUE. */
const valueName = (flag: string, usage: string | undefined): string =>
  (usage && new RegExp(`${flag}[ =]([A-Z][A-Za-z_.…,-]*)`).exec(usage)?.[1]) ?? 'VALUE';

/**
 * parseArgs's refusal said in this CLI's words, from its error code: Node's own text names its
 * internals ("To specify a positional argument starting with a '-', place it … after '--'"),
 * not what to type. A value that starts with "-" (`--clock-offset -1d`) is "ambiguous" to it:
 * said as what to write instead.
 */
function argvProblem(
  err: Error & { code?: string },
  argv: string[],
  options: Options,
  usage?: string,
): string {
  const flag = /'(-[^' ]+)/.exec(err.message)?.[1] ?? '';
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = Object.keys(options).map((name) => `--${name}`);
    const allowed =
      known.length <= LISTED_OPTIONS ? `it takes ${known.join(', ')}` : 'see --help for the options it takes';
    return `unknown option ${flag}; ${allowed}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (err.message.includes('ambiguous')) {
      const value = argv[argv.indexOf(flag) + 1] ?? '';
      return `${flag} was given "${value}", which starts with "-": write ${flag}=${value} if that is the value you mean`;
    }
    if (err.message.includes('does not take an argument'))
      return `${flag} is a switch and takes no value: write ${flag} alone`;
    return `${flag} needs a value: ${flag} ${valueName(flag, usage)}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const given = /'([^']*)'/.exec(err.message)?.[1] ?? '';
    return `unexpected argument "${given}": only options are taken`;
  }
  return err.message.split('\n')[0] as string;
}

/**
 * A command's argv, strictly parsed (positionals allowed unless `allowPositionals` is false); a
 * refusal is a UsageError in one line, naming what to type (from `usage`, when given).
 */
export function parseArgv<const O extends Options, P extends boolean = true>(
  argv: string[],
  options: O,
  allowPositionals: P = true as P,
  usage?: string,
) {
  try {
    return parseArgs({ args: argv, strict: true as const, allowPositionals, options });
  } catch (err) {
    throw new UsageError(argvProblem(err as Error, argv, options, usage));
  }
}
