import { createHmac } from 'node:crypto';
import type { WebhookEndpoint, WebhookEventType } from '../shared/types';
import { WEBHOOK_EVENT_TYPES } from '../shared/types';
import { EVENT_NAME_WORDS, eventTypeNamed } from '../shared/eventNames';
import { cutOffLine, followLogs, stopOnSignal } from './logStream';
import { formatLogLine } from './logLine';
import { printStreamed } from './printLines';
import { CommandFailure, noArguments, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const LISTEN_USAGE = `Usage: payment-links-sandbox listen --forward-to URL [--events a,b] [--print-secret]

Has the running sandbox deliver its webhooks to URL while this runs: prints the signing secret
first, then one line per delivery attempt, and removes the endpoint on Ctrl-C (SIGINT) or SIGTERM.
The secret is the same every time for the same URL and API key, so an app's configuration can
keep it.

Options:
${targetOptions([
  ['--forward-to URL', 'where webhooks go (http:// or https://)'],
  [
    '--events LIST',
    'only these event types, comma-separated: paid, failed, expired, canceled\n(or payment_link.paid…; default: all)',
  ],
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

function forwardTo(url: string | undefined): string {
  if (url === undefined) throw new CommandFailure('give --forward-to URL (see --help)', 2);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if ((scheme !== 'http' && scheme !== 'https') || !URL.canParse(url))
    throw new CommandFailure(`--forward-to must be an http:// or https:// URL; got "${url}"`, 2);
  return url;
}

/** `listen --forward-to URL`: the Stripe CLI's listen, with the sandbox doing the delivering. */
export const listen = targetCommand(
  'listen',
  LISTEN_USAGE,
  {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    'print-secret': { type: 'boolean' },
  },
  async ({ values, positionals }) => {
    noArguments(positionals);
    const url = forwardTo(values['forward-to']);
    const types = eventTypes(values.events);
    const sandbox = SandboxClient.from(values);
    const secret = listenSecret(sandbox.apiKey, url);
    if (values['print-secret']) {
      console.log(secret);
      return 0;
    }

    const stop = new AbortController();
    const signalled = stopOnSignal(stop);
    const mine: { id?: string } = {};
    // The stream opens before the endpoint exists, so not even the first attempt goes unseen.
    const following = await followLogs(
      sandbox,
      ({ entry }) => {
        if (entry.type === 'webhook_attempt' && entry.endpoint_id === mine.id)
          return printStreamed(formatLogLine(entry));
      },
      stop.signal,
    );
    const endpoint = await ownEndpoint(sandbox, url, secret, types);
    mine.id = endpoint.id;
    console.log(`Ready! Your webhook signing secret is ${secret} (endpoint ${endpoint.id}; ^C to quit)`);
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
    console.log(`Removed endpoint ${endpoint.id}.`);
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
): Promise<WebhookEndpoint> {
  const { data: endpoints } = await sandbox.call<{ data: WebhookEndpoint[] }>('GET', '/sandbox/endpoints');
  const earlier = endpoints.find((e) => e.url === url && e.secret === secret);
  const fields = {
    enabled: true,
    event_types: types ?? [...WEBHOOK_EVENT_TYPES],
    description: 'payment-links-sandbox listen',
  };
  if (earlier)
    return (
      await sandbox.call<{ data: WebhookEndpoint }>('PATCH', `/sandbox/endpoints/${earlier.id}`, fields)
    ).data;
  return (
    await sandbox.call<{ data: WebhookEndpoint }>('POST', '/sandbox/endpoints', { url, secret, ...fields })
  ).data;
}
