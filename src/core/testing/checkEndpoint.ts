// sandbox.checkEndpoint (docs/testing-your-app.md): an endpoint check (docs/endpoint-check.md)
// started and followed through the keyed API, as code in any language would, to its report: each
// read waits for the check to finish (?wait=), so nothing polls.
import type { EndpointCheck, EndpointCheckStart } from '../../shared/endpointCheck';
import type { WebhookEndpoint } from '../../shared/types';

/** What a check takes besides its URL; the secret may be left out for your own endpoint. */
export type CheckEndpointOptions = Omit<EndpointCheckStart, 'url' | 'secret'> & { secret?: string };

type Request = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
type Answer = { data: EndpointCheck; error?: { message: string } };

/** How long one read waits for the check to finish (GET …?wait=), at most what the API allows. */
const WAIT_SECONDS = 60;

/**
 * The URL and secret to check: given, or those of the endpoint started with webhookUrl. `naming`
 * says how the client is given one: "start the sandbox with startTestSandbox({ webhookUrl })".
 */
export function checkTarget(
  url: string | undefined,
  options: CheckEndpointOptions,
  appEndpoint: WebhookEndpoint | null,
  naming: string,
): { url: string; secret: string } {
  const own = appEndpoint && (url === undefined || url === appEndpoint.url) ? appEndpoint : null;
  if (url === undefined && !own)
    throw new Error(
      `checkEndpoint: give the URL to check (and its secret), or ${naming} to check that endpoint.`,
    );
  const secret = options.secret ?? own?.secret;
  if (secret === undefined)
    throw new Error(
      `checkEndpoint: give { secret } for ${url}, the whsec_ secret that endpoint verifies with (only the endpoint named by webhookUrl is known to the sandbox).`,
    );
  return { url: url ?? (own as WebhookEndpoint).url, secret };
}

export async function checkEndpoint(
  request: Request,
  target: { url: string; secret: string },
  options: CheckEndpointOptions,
  closed: AbortSignal,
): Promise<EndpointCheck> {
  const started = await request<Answer>('POST', '/sandbox/endpoint-checks', { ...options, ...target });
  if (started.status !== 202)
    throw new Error(`checkEndpoint: ${started.body.error?.message ?? `answered ${started.status}`}`);
  let check = started.body.data;
  while (check.status !== 'done') {
    if (closed.aborted)
      throw new Error(`checkEndpoint: the sandbox closed before check ${check.id} finished.`);
    const read = await request<Answer>('GET', `/sandbox/endpoint-checks/${check.id}?wait=${WAIT_SECONDS}`);
    if (read.status !== 200)
      throw new Error(`checkEndpoint: ${read.body.error?.message ?? `answered ${read.status}`}`);
    check = read.body.data;
  }
  return check;
}
