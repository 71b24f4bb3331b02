import type { InboxMessageSummary, WebhookEndpoint } from '../../shared/types';
import { signatureVerifies } from '../webhooks/signing';

export type Verification = InboxMessageSummary['verification'];

/** Standard Webhooks verifiers refuse a webhook-timestamp further than this from their clock. */
const TOLERANCE_SECONDS = 5 * 60;

const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** host:port with every loopback name as one, so 127.0.0.1:4545 and localhost:4545 are the same server. */
function serverOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${LOOPBACK.test(url.hostname) ? 'loopback' : url.hostname.toLowerCase()}:${port}`;
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The sandbox's endpoints that point at this inbox: their URL's path is /_inbox/{name} and their
 * host and port are the ones this request was sent to (the Host header), loopback names alike.
 * When the sandbox delivers to itself, that is exactly the endpoint's URL.
 */
export function endpointsPointingAt(
  endpoints: Iterable<WebhookEndpoint>,
  name: string,
  host: string | undefined,
): WebhookEndpoint[] {
  const here = host === undefined ? null : parsed(`http://${host}`);
  if (!here) return [];
  const server = serverOf(here);
  const path = `/_inbox/${name}`;
  const found: WebhookEndpoint[] = [];
  for (const endpoint of endpoints) {
    const url = parsed(endpoint.url);
    if (url && url.pathname.replace(/\/$/, '') === path && serverOf(url) === server) found.push(endpoint);
  }
  return found;
}

const secretsOf = (endpoint: WebhookEndpoint, now: number): string[] => [
  endpoint.secret,
  ...endpoint.previous_secrets.filter((p) => Date.parse(p.expires_at) > now).map((p) => p.secret),
];

/**
 * Whether a received request is a genuine Standard Webhooks delivery from one of the sandbox's
 * own endpoints that point here (docs/contract.md §12), checked against each one's current secret and
 * the previous ones still signing after a rotation. `now` is sandbox time (secrets expire in it),
 * `realNow` real time (webhook-timestamp is real time, docs/contract.md §11).
 */
export function verifyInboxRequest(input: {
  endpoints: WebhookEndpoint[];
  name: string;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  now: number;
  realNow: number;
}): Verification {
  const { endpoints, name, headers } = input;
  const unverifiable = (reason: string): Verification => ({
    state: 'unverifiable',
    reason,
    endpoint_id: null,
  });
  if (endpoints.length === 0) {
    return unverifiable(
      `No endpoint of this sandbox points at /_inbox/${name} on this server, so there is no secret to check the signature against: a foreign sender.`,
    );
  }
  const missing = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].filter((h) => !headers[h]);
  if (missing.length > 0)
    return unverifiable(
      `No ${missing.join(', ')} header: not a Standard Webhooks request, nothing to verify.`,
    );
  if (input.truncated)
    return unverifiable('The body was longer than the 256 KiB kept, so its signature cannot be checked.');
  const body = input.body.toString('utf8');
  const signer = endpoints.find((e) => signatureVerifies(headers, body, secretsOf(e, input.now)));
  if (!signer) {
    const names = endpoints.map((e) => e.id).join(', ');
    return {
      state: 'invalid',
      reason: `webhook-signature matches no current or unexpired previous secret of ${endpoints.length > 1 ? 'endpoints' : 'endpoint'} ${names}: the body, the headers or the secret differ from what was signed.`,
      endpoint_id: endpoints.length === 1 ? (endpoints[0]?.id ?? null) : null,
    };
  }
  const skew = Math.round(Number(headers['webhook-timestamp']) - input.realNow / 1000);
  if (!Number.isFinite(skew) || Math.abs(skew) > TOLERANCE_SECONDS) {
    return {
      state: 'invalid',
      reason: `The signature matches endpoint ${signer.id}, but webhook-timestamp is ${Number.isFinite(skew) ? `${Math.abs(skew)} s ${skew < 0 ? 'behind' : 'ahead of'} real time` : 'not a number'}; Standard Webhooks verifiers refuse more than ${TOLERANCE_SECONDS} s.`,
      endpoint_id: signer.id,
    };
  }
  return {
    state: 'verified',
    reason: `Signed with the secret of endpoint ${signer.id} (${signer.url}), and webhook-timestamp is within ${TOLERANCE_SECONDS} s of real time.`,
    endpoint_id: signer.id,
  };
}
