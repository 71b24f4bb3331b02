#!/usr/bin/env node
import { compare } from './compare';
import { events } from './events';
import { HELP } from './help';
import { listen } from './listen';
import { logs } from './logs';
import { mcp } from './mcp';
import { run } from './run';
import { serve } from './serve';
import { start } from './start';
import { status } from './status';
import { trigger } from './trigger';
import { VERSION } from '../core/version';

/** Each command, one line; its line in `--help` is in help.ts. */
const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  serve,
  start,
  run,
  compare,
  listen,
  trigger,
  events,
  logs,
  status,
  mcp,
};

const [command = 'serve', ...rest] = process.argv.slice(2);
const showHelp = async () => (console.log(HELP), 0);
const showVersion = async () => (console.log(VERSION), 0);
const chosen =
  command === 'help' || command === '--help' || command === '-h'
    ? showHelp
    : command === '--version' || command === '-v'
      ? showVersion
      : (COMMANDS[command] ?? (command.startsWith('-') ? () => serve(process.argv.slice(2)) : undefined));
if (!chosen) {
  console.error(
    `payment-links-sandbox: unknown command "${command}"; "payment-links-sandbox --help" lists them`,
  );
  process.exit(2);
}
process.exitCode = await chosen(rest);
if (process.exitCode !== undefined) process.exit(process.exitCode);
