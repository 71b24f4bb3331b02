import { createHmac } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../shared/types';
import type { WebhookAttemptLogEntry } from '../shared/sandboxLog';
import { endpointHeadersProblem } from '../shared/endpointHeaders';
import { WEBHOOK_EVENT_TYPES } from '../shared/types';
import { EVENT_NAME_WORDS, eventTypeNamed } from '../shared/eventNames';
import { cutOffLine, followLogs } from './logStream';
import { formatLogLine } from './logLine';
import { printStreamed } from './printLines';
import { parsePayloadSearch, payloadMatches, textBody, type SearchedBody } from '../shared/payloadSearch';
import { stopWhenAsked } from './stopRequests';
import { CommandFailure, noArguments, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const LISTEN_USAGE = `Usage: payment-links-sandbox listen --forward-to URL [--events a,b] [--headers "K: V"]... [--search Q] [--print-json] [--print-secret]

Has the running sandbox deliver its webhooks to URL while this runs: prints the signing secret
first, then one line per delivery attempt, and removes the endpoint on Ctrl-C (SIGINT), SIGTERM,
the end of a stdin pipe, or once stdout's reader has gone.
The secret is the same every time for the same URL and API key, so an app's configuration can
keep it.

Options:
${targetOptions([
  ['--forward-to URL', 'where webhooks go: http://, https://, or host:port/path read as http://'],
  [
    '--events LIST',
    'only these event types, comma-separated: paid, failed, expired, canceled\n(or payment_link.paid…; default: all)',
  ],
  [
    '--headers "K: V"',
    'add this header to every delivery (repeatable, or comma-separated:\n"K1: V1, K2: V2"); not the ones the sandbox sets (webhook-*, content-type…)',
  ],
  [
    '--search Q',
    'print only the attempts whose event carries Q: free text, or path = value\n(data.reference_id = INV-1001); every event is still forwarded',
  ],
  ['--print-json', "print each delivery's body, the event JSON, one a line (the other lines go\nto stderr)"],
  ['--print-secret', 'print the secret for URL and exit, creating nothing'],
])}`;

/**
 * whsec_ and base64 of HMAC-SHA256(API key, URL): stable per URL and key without anything kept on
 * this machine, and known only to who knows the key (docs/decisions.md, "listen's secret").
 */
export const listenSecret = (apiKey: string, url: string): string =>
  `whsec_${createHmac('sha256', apiKey).update(url).digest().subarray(0, 24).toString('base64')}`;

function eventTypes(list: string | undefined): WebhookEventType[] | undefined {
  if (list === undefined) return undefined;
  return list.split(',').map((name) => {
    const type = eventTypeNamed(name);
    if (!type)
      throw new CommandFailure(
        `--events: "${name}" is not an event type; give ${EVENT_NAME_WORDS}, comma-separated`,
        2,
      );
    return type;
  });
}

/** --search as the API's q= takes it (docs/contract.md §16): what to print, or bad usage. */
function printedWhen(given: string | undefined): ((body: SearchedBody) => boolean) | undefined {
  if (given === undefined) return undefined;
  const parsed = parsePayloadSearch(given);
  if ('problem' in parsed) throw new CommandFailure(`--search: ${parsed.problem}`, 2);
  return parsed.search && payloadMatches(parsed.search);
}

/**
 * The URL deliveries go to. Without a scheme (`localhost:3000/webhooks`, as the Stripe CLI takes
 * it) it is read as http://, and the secret is that URL's: the same as with http:// written.
 */
function forwardTo(given: string | undefined): string {
  if (given === undefined) throw new CommandFailure('give --forward-to URL (see --help)', 2);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(given)?.[1]?.toLowerCase();
  const url = scheme === undefined ? `http://${given}` : given;
  if ((scheme !== undefined && scheme !== 'http' && scheme !== 'https') || !URL.canParse(url))
    throw new CommandFailure(
      `--forward-to must be an http:// or https:// URL, or host:port/path for http://; got "${given}"`,
      2,
    );
  return url;
}

/** Where one header ends in a comma-separated list: a comma before the next "Name:". */
const NEXT_HEADER = /,\s*(?=[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*:)/;

/**
 * --headers as the Stripe CLI takes them: "Name: value", the flag repeated or the headers
 * comma-separated in one ("K1: V1, K2: V2"; a comma inside a value stays, unless "Name:" follows
 * it). Checked by the endpoint's own rule before anything is made.
 */
function forwardedHeaders(given: string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const text of given ?? [])
    for (const part of text.split(NEXT_HEADER)) {
      const colon = part.indexOf(':');
      const name = part.slice(0, Math.max(colon, 0)).trim();
      if (colon === -1 || name === '')
        throw new CommandFailure(
          `--headers "${part.trim()}": give "Name: value", several comma-separated or the flag repeated`,
          2,
        );
      headers[name] = part.slice(colon + 1).trim();
    }
  const problem = endpointHeadersProblem(headers);
  if (problem) throw new CommandFailure(`--headers: ${problem.problem}`, 2);
  return headers;
}

/**
 * The body an attempt sent (the event JSON, byte for byte), from the delivery's record, or undefined
 * when it can no longer be read (the delivery was removed meanwhile): said on stderr, and listen goes on.
 */
async function sentBody(sandbox: SandboxClient, entry: WebhookAttemptLogEntry): Promise<string | undefined> {
  try {
    const { data } = await sandbox.call<{ data: WebhookDelivery }>(
      'GET',
      `/sandbox/deliveries/${encodeURIComponent(entry.delivery_id)}`,
    );
    return data.attempts.findLast((attempt) => attempt.number === entry.attempt)?.request.body;
  } catch (err) {
    if (!(err instanceof CommandFailure)) throw err;
    console.error(
      `payment-links-sandbox listen: the body of ${entry.delivery_id} cannot be read: ${err.message}`,
    );
    return undefined;
  }
}

/** `listen --forward-to URL`: the Stripe CLI's listen, with the sandbox doing the delivering. */
export const listen = targetCommand(
  'listen',
  LISTEN_USAGE,
  {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    'print-secret': { type: 'boolean' },
    'print-json': { type: 'boolean' },
    headers: { type: 'string', multiple: true },
    search: { type: 'string' },
  },
  async ({ values, positionals }) => {
    noArguments(positionals);
    const url = forwardTo(values['forward-to']);
    const types = eventTypes(values.events);
    const headers = forwardedHeaders(values.headers);
    const printed = printedWhen(values.search);
    // With --print-json stdout holds event JSON alone, one a line, for a pipe to read.
    const say = values['print-json'] ? console.error : console.log;
    const sandbox = SandboxClient.from(values);
    const secret = listenSecret(sandbox.apiKey, url);
    if (values['print-secret']) {
      console.log(secret);
      return 0;
    }

    const stop = new AbortController();
    const signalled = stopWhenAsked(stop);
    const mine: { id?: string } = {};
    // The stream opens before the endpoint exists, so not even the first attempt goes unseen.
    const following = await followLogs(
      sandbox,
      async ({ entry }) => {
        if (entry.type !== 'webhook_attempt' || entry.endpoint_id !== mine.id) return;
        if (!values['print-json'] && !printed) return printStreamed(formatLogLine(entry));
        const body = await sentBody(sandbox, entry);
        if (body === undefined || (printed && !printed(textBody(() => body)))) return;
        return printStreamed(values['print-json'] ? body : formatLogLine(entry));
      },
      stop.signal,
    );
    // Stopped before it began: nothing made, nothing to remove.
    if (stop.signal.aborted) return 0;
    const endpoint = await ownEndpoint(sandbox, url, secret, types, headers);
    mine.id = endpoint.id;
    say(`Ready! Your webhook signing secret is ${secret} (endpoint ${endpoint.id}; ^C to quit)`);
    const outcome = await Promise.race([following.ended, signalled.then(() => 'stopped' as const)]);
    if (outcome === 'cut off') {
      // The sandbox still answers, so the endpoint nobody is listening for goes, as on Ctrl-C.
      await sandbox.call('DELETE', `/sandbox/endpoints/${endpoint.id}`);
      console.error(
        `payment-links-sandbox listen: ${cutOffLine(sandbox.baseUrl)}; removed endpoint ${endpoint.id}`,
      );
      return 1;
    }
    if (outcome === 'ended') {
      console.error(
        `payment-links-sandbox listen: the sandbox at ${sandbox.baseUrl} stopped; endpoint ${endpoint.id} stays until the next listen for this URL removes it`,
      );
      return 1;
    }
    await sandbox.call('DELETE', `/sandbox/endpoints/${endpoint.id}`);
    say(`Removed endpoint ${endpoint.id}.`);
    return 0;
  },
);

/**
 * The endpoint this URL's listen owns: one left by an earlier listen that could not remove it
 * (the sandbox stopped first, or the process was killed) is taken over, so deliveries are not doubled.
 */
async function ownEndpoint(
  sandbox: SandboxClient,
  url: string,
  secret: string,
  types: WebhookEventType[] | undefined,
  headers: Record<string, string>,
): Promise<WebhookEndpoint> {
  const { data: endpoints } = await sandbox.call<{ data: WebhookEndpoint[] }>('GET', '/sandbox/endpoints');
  const earlier = endpoints.find((e) => e.url === url && e.secret === secret);
  // Every field this run says, headers too ({} drops an earlier run's), so a taken-over endpoint is this run's.
  const fields = {
    enabled: true,
    event_types: types ?? [...WEBHOOK_EVENT_TYPES],
    description: 'payment-links-sandbox listen',
    headers,
  };
  if (earlier)
    return (
      await sandbox.call<{ data: WebhookEndpoint }>('PATCH', `/sandbox/endpoints/${earlier.id}`, fields)
    ).data;
  return (
    await sandbox.call<{ data: WebhookEndpoint }>('POST', '/sandbox/endpoints', { url, secret, ...fields })
  ).data;
}
