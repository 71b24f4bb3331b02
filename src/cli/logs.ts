import { cutOffLine, followLogs, stopOnSignal, type StreamedEntry } from './logStream';
import { formatLogLine } from './logLine';
import { printStreamed } from './printLines';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const LOGS_USAGE = `Usage: payment-links-sandbox logs tail [--json]

Follows the running sandbox's log as it happens: each API request and each webhook attempt, one
line each, until Ctrl-C. With --json, each line is the entry's JSON (NDJSON), as GET /sandbox/logs
gives it: what compare reads as a recording.

Options:
${targetOptions([['--json', 'one JSON object per line']])}`;

/** `logs tail [--json]`: the Stripe CLI's logs tail. */
export const logs = targetCommand(
  'logs',
  LOGS_USAGE,
  { json: { type: 'boolean' } },
  async ({ values, positionals }) => {
    if (positionals[0] !== 'tail' || positionals.length > 1)
      throw new CommandFailure('the one logs command is: logs tail [--json] (see --help)', 2);
    const sandbox = SandboxClient.from(values);
    const stop = new AbortController();
    const signalled = stopOnSignal(stop);
    const print = ({ json, entry }: StreamedEntry) =>
      printStreamed(values.json ? json : formatLogLine(entry));
    const following = await followLogs(sandbox, print, stop.signal);
    // On stderr, so that stdout holds nothing but entries (NDJSON with --json).
    console.error(`Following the log of ${sandbox.baseUrl} (Ctrl-C to stop)`);
    const outcome = await Promise.race([following.ended, signalled.then(() => 'stopped' as const)]);
    if (outcome === 'cut off') throw new CommandFailure(cutOffLine(sandbox.baseUrl), 1);
    if (outcome === 'ended')
      throw new CommandFailure(`the sandbox at ${sandbox.baseUrl} closed the log stream (it stopped)`, 1);
    return 0;
  },
);
