#!/usr/bin/env node
import { compare } from './compare';
import { mcp } from './mcp';
import { run } from './run';
import { serve } from './serve';
import { start } from './start';

const [command = 'serve', ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<number>> = { serve, start, run, compare, mcp };

const chosen =
  commands[command] ?? (command.startsWith('-') ? () => serve(process.argv.slice(2)) : undefined);
if (!chosen) {
  console.error(
    `payment-links-sandbox: unknown command "${command}"; commands: serve, start, run, compare, mcp (see serve --help, run --help, compare --help, mcp --help)`,
  );
  process.exit(2);
}
process.exitCode = await chosen(rest);
if (process.exitCode !== undefined) process.exit(process.exitCode);
