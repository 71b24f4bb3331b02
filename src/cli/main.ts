#!/usr/bin/env node
import { HELP } from './help';
import { VERSION } from '../core/version';

type Command = (argv: string[]) => Promise<number>;

/**
 * Each command, one line; its line in `--help` is in help.ts. Loaded only when chosen: `serve` in a
 * container's start-up should not first load the MCP SDK, nor `--version` the HTTP server.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve')).serve,
  start: async () => (await import('./start')).start,
  run: async () => (await import('./run')).run,
  compare: async () => (await import('./compare')).compare,
  listen: async () => (await import('./listen')).listen,
  trigger: async () => (await import('./trigger')).trigger,
  events: async () => (await import('./events')).events,
  logs: async () => (await import('./logs')).logs,
  status: async () => (await import('./status')).status,
  mcp: async () => (await import('./mcp')).mcp,
  reset: async () => (await import('./reset')).reset,
  workspaces: async () => (await import('./workspaces')).workspaces,
  config: async () => (await import('./configCommand')).config,
  'check-endpoint': async () => (await import('./checkEndpoint')).checkEndpoint,
};

const [command = 'serve', ...rest] = process.argv.slice(2);
const showHelp: Command = async () => (console.log(HELP), 0);
const showVersion: Command = async () => (console.log(VERSION), 0);
const serveWithFlags: Command = async () => (await import('./serve')).serve(process.argv.slice(2));
const load = COMMANDS[command];
const chosen: Command | undefined =
  command === 'help' || command === '--help' || command === '-h'
    ? showHelp
    : command === '--version' || command === '-v'
      ? showVersion
      : load
        ? await load()
        : command.startsWith('-')
          ? serveWithFlags
          : undefined;
if (!chosen) {
  console.error(
    `payment-links-sandbox: unknown command "${command}"; "payment-links-sandbox --help" lists them`,
  );
  process.exit(2);
}
process.exitCode = await chosen(rest);
if (process.exitCode !== undefined) process.exit(process.exitCode);
