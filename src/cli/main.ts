#!/usr/bin/env node
import { serve } from './serve';
import { start } from './start';

const [command = 'serve', ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<number>> = { serve, start };

const run = commands[command] ?? (command.startsWith('-') ? () => serve(process.argv.slice(2)) : undefined);
if (!run) {
  console.error(
    `payment-links-sandbox: unknown command "${command}"; commands: serve, start (see serve --help)`,
  );
  process.exit(2);
}
process.exitCode = await run(rest);
if (process.exitCode !== undefined) process.exit(process.exitCode);
