// How every command says it was typed wrong, and how its --help reads (issue 31): a usage error is
// what was wrong, in this CLI's words (never Node's argument parser's), then the command's usage
// line; each --help table keeps its descriptions in one column. The real CLI in child processes.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { COMMAND_HELP } from '../cli/help';
import { killLeftoverClis, runCli } from './cliProcess';

after(killLeftoverClis);

/** Every command the top-level --help lists, by name (`start` serves serve's help: not spawned, it builds the app). */
const COMMANDS = COMMAND_HELP.map(([usage]) => usage.split(' ')[0] as string).filter(
  (name) => name !== 'start',
);

/** Node's own wording of a refusal, which names its parser, not what to type. */
const NODE_TEXT = /ERR_PARSE_ARGS|TypeError|To specify a positional argument|argument missing|<value>/;

/**
 * The lines of each Options: or Commands: table whose description does not start where the table's
 * first one does; a line under a description counts, and must start at that column too.
 */
function misaligned(help: string): string[] {
  const wrong: string[] = [];
  let column: number | undefined;
  let inTable = false;
  for (const line of help.split('\n')) {
    if (/^(Options|Commands):$/.test(line)) {
      [inTable, column] = [true, undefined];
      continue;
    }
    if (line.trim() === '') inTable = false;
    if (!inTable || line.trim() === '') continue;
    const entry = /^( {2}\S.*?\s{2,})\S/.exec(line);
    const at = /^ {3,}\S/.test(line) ? line.search(/\S/) : entry?.[1]?.length;
    column ??= at;
    if (at === undefined || at !== column)
      wrong.push(`${JSON.stringify(line)} (column ${at}, not ${column})`);
  }
  return wrong;
}

describe('--help', () => {
  test('the top-level help and every command’s: each table’s descriptions in one column, exit 0', async () => {
    for (const args of [['--help'], ...COMMANDS.map((name) => [name, '--help'])]) {
      const help = await runCli(args);
      assert.equal(help.code, 0, `${args.join(' ')}${help.cli.transcript()}`);
      assert.match(help.stdout, /^Usage: payment-links-sandbox /, args.join(' '));
      assert.match(help.stdout, /^(Options|Commands):$/m, `${args.join(' ')} has a table`);
      assert.deepEqual(misaligned(help.stdout), [], `${args.join(' ')}:\n${help.stdout}`);
    }
  });

  test('config validate --help prints the help and exits 0, as config --help does', async () => {
    const plain = await runCli(['config', '--help']);
    for (const args of [
      ['config', 'validate', '--help'],
      ['config', 'schema', '-h'],
    ]) {
      const help = await runCli(args);
      assert.equal(help.code, 0, `${args.join(' ')}${help.cli.transcript()}`);
      assert.equal(help.stdout, plain.stdout);
      assert.equal(help.stderr, '');
    }
  });
});

describe('a usage error: what was wrong, then the usage line, exit 2', () => {
  test('an unknown option names the options the command takes; each command alike', async () => {
    for (const name of COMMANDS.filter((command) => command !== 'serve')) {
      const run = await runCli([name, '--bogus']);
      assert.equal(run.code, 2, `${name}${run.cli.transcript()}`);
      assert.equal(run.stdout, '', name);
      const [what, usage, ...more] = run.stderr.split('\n').filter(Boolean);
      assert.match(
        what ?? '',
        new RegExp(`^payment-links-sandbox ${name}: unknown option --bogus; it takes --`),
      );
      assert.match(usage ?? '', new RegExp(`^Usage: payment-links-sandbox ${name}\\b`), run.stderr);
      assert.deepEqual(more, [], run.stderr);
      assert.doesNotMatch(run.stderr, NODE_TEXT);
    }
  });

  test('a flag without its value, a switch with one, an argument where none is taken', async () => {
    const cases: [string[], string][] = [
      [['trigger', 'paid', '--link'], 'payment-links-sandbox trigger: --link needs a value: --link ID'],
      [['status', '--base-url'], 'payment-links-sandbox status: --base-url needs a value: --base-url URL'],
      [
        ['logs', 'tail', '--json=yes'],
        'payment-links-sandbox logs: --json is a switch and takes no value: write --json alone',
      ],
      [['run', '--timeout'], 'payment-links-sandbox run: --timeout needs a value: --timeout SECONDS'],
      [
        ['compare', 'a', 'b', '--ignore'],
        'payment-links-sandbox compare: --ignore needs a value: --ignore PATH',
      ],
      [['mcp', 'extra'], 'payment-links-sandbox mcp: unexpected argument "extra": only options are taken'],
      [
        ['config', 'validate'],
        'payment-links-sandbox config: cannot "validate": config validate FILE, or config schema',
      ],
      [['status', 'extra'], 'payment-links-sandbox status: unexpected argument "extra" (see --help)'],
    ];
    for (const [args, said] of cases) {
      const run = await runCli(args);
      assert.equal(run.code, 2, `${args.join(' ')}${run.cli.transcript()}`);
      const lines = run.stderr.split('\n').filter(Boolean);
      assert.equal(lines[0], said, run.stderr);
      assert.match(lines[1] ?? '', new RegExp(`^Usage: payment-links-sandbox ${args[0]}\\b`), run.stderr);
      assert.equal(lines.length, 2, run.stderr);
      assert.doesNotMatch(run.stderr, NODE_TEXT);
    }
  });

  test('serve says it in one line, naming the flag and what it takes, without Node’s words', async () => {
    const cases: [string[], string][] = [
      [
        ['serve', '--bogus'],
        'payment-links-sandbox: unknown option --bogus; see --help for the options it takes',
      ],
      [['serve', '--port'], 'payment-links-sandbox: --port needs a value: --port N'],
      [
        ['serve', '--quiet=no'],
        'payment-links-sandbox: --quiet is a switch and takes no value: write --quiet alone',
      ],
      [['serve', 'extra'], 'payment-links-sandbox: unexpected argument "extra": only options are taken'],
    ];
    for (const [args, said] of cases) {
      const run = await runCli(args);
      assert.equal(run.code, 2, `${args.join(' ')}${run.cli.transcript()}`);
      assert.equal(run.stderr, `${said}\n`);
    }
  });
});
