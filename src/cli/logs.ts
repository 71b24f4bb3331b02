import { STATUS_FILTER, matchesLogFilter, type LogFilter } from '../shared/logFilter';
import { cutOffLine, followLogs, type StreamedEntry } from './logStream';
import { formatLogLine } from './logLine';
import { printStreamed } from './printLines';
import { stopWhenAsked } from './stopRequests';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LOGS_USAGE = `Usage: payment-links-sandbox logs tail [--json] [--filter-method M] [--filter-path P] [--filter-status S] [--filter-link ID]

Follows the running sandbox's log as it happens: each API request and each webhook attempt, one
line each, until Ctrl-C (or SIGTERM, the end of a stdin pipe, or stdout's reader gone). With
--json, each line is the entry's JSON (NDJSON), as GET /sandbox/logs gives it: what compare reads
as a recording. Filters narrow it: an entry shown passes every one given, and a filter's
comma-separated values are alternatives (--filter-status 4XX,5XX).

Options:
${targetOptions([
  ['--json', 'one JSON object per line'],
  ['--filter-method M', `API requests with this method: ${METHODS.join(', ')}`],
  ['--filter-path P', 'API requests to this path or one under it, e.g. /payment-links'],
  ['--filter-status S', 'this status (200) or class (4XX); a webhook attempt by the status it got'],
  ['--filter-link ID', "what is about this payment link: its requests and its webhooks' attempts"],
])}`;

/** A filter flag's comma-separated values, each checked; a bad one is usage naming what is allowed. */
function values(
  flag: string,
  given: string | undefined,
  check: (value: string) => string | null,
): string[] | undefined {
  if (given === undefined) return undefined;
  return given.split(',').map((text) => {
    const value = text.trim();
    const problem = check(value);
    if (problem !== null) throw new CommandFailure(`--${flag} "${value}": ${problem}`, 2);
    return value;
  });
}

type FilterFlags = Partial<Record<'filter-method' | 'filter-path' | 'filter-status' | 'filter-link', string>>;

/** The filters as given, or a CommandFailure (2) saying what each one takes. */
function filterOf(given: FilterFlags): LogFilter {
  const methods = values('filter-method', given['filter-method'], (value) =>
    METHODS.includes(value.toUpperCase()) ? null : `give an HTTP method: ${METHODS.join(', ')}`,
  )?.map((method) => method.toUpperCase());
  const paths = values('filter-path', given['filter-path'], (value) =>
    value.startsWith('/') && !/[?#\s]/.test(value)
      ? null
      : 'give a path starting with /, without a query, e.g. /payment-links or /sandbox/simulate',
  );
  const statuses = values('filter-status', given['filter-status'], (value) =>
    STATUS_FILTER.test(value) ? null : 'give a status from 100 to 599, such as 200, or a class, such as 4XX',
  );
  const link = given['filter-link'];
  if (link !== undefined && !UUID.test(link.trim()))
    throw new CommandFailure(`--filter-link "${link}": give a payment link's id (a UUID)`, 2);
  return {
    ...(methods ? { methods } : {}),
    ...(paths ? { paths } : {}),
    ...(statuses ? { statuses } : {}),
    ...(link !== undefined ? { linkId: link.trim().toLowerCase() } : {}),
  };
}

/** `logs tail [--json] [--filter-…]`: the Stripe CLI's logs tail. */
export const logs = targetCommand(
  'logs',
  LOGS_USAGE,
  {
    json: { type: 'boolean' },
    'filter-method': { type: 'string' },
    'filter-path': { type: 'string' },
    'filter-status': { type: 'string' },
    'filter-link': { type: 'string' },
  },
  async ({ values: given, positionals }) => {
    if (positionals[0] !== 'tail' || positionals.length > 1)
      throw new CommandFailure('the one logs command is: logs tail [--json] (see --help)', 2);
    const filter = filterOf(given);
    const sandbox = SandboxClient.from(given);
    const stop = new AbortController();
    const signalled = stopWhenAsked(stop);
    const print = ({ json, entry }: StreamedEntry) =>
      matchesLogFilter(entry, filter) ? printStreamed(given.json ? json : formatLogLine(entry)) : undefined;
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
