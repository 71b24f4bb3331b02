#!/usr/bin/env node
import { config } from './configCommand';
import { reset } from './reset';
import { run } from './run';
import { serve } from './serve';
import { start } from './start';

const [command = 'serve', ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<number>> = { serve, start, run, config, reset };

const chosen =
  commands[command] ?? (command.startsWith('-') ? () => serve(process.argv.slice(2)) : undefined);
if (!chosen) {
  console.error(
    `payment-links-sandbox: unknown command "${command}"; commands: serve, start, run, config, reset (see serve --help, run --help)`,
  );
  process.exit(2);
}
process.exitCode = await chosen(rest);
if (process.exitCode !== undefined) process.exit(process.exitCode);
