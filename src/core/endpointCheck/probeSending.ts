import type { EndpointCheckExchange } from '../../shared/endpointCheck';
import type { WebhookEndpoint } from '../../shared/types';
import { sendAttempt } from '../webhooks/sendAttempt';
import { signedHeaders, webhookHeaders } from '../webhooks/signing';
import type { TestEventContext } from '../webhooks/testEvent';
import { forgedSignature } from '../webhooks/webhookFaults';

/** What a check keeps of an answer's body: enough to read an error page, not a whole site. */
export const ANSWER_BODY_KEPT = 4096;

/** How one probe request is signed: as deliveries are, or wrong on purpose. */
export interface Signing {
  /** Signs as this endpoint would (its current secret first, then any previous ones). */
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previous_secrets'>;
  /** Real time of the signature; a probe moves it to make a stale or early one. */
  signedAt: number;
  /** Replaces the header, leaves it out (null), or signs under a secret of no endpoint (forged). */
  signature?: string | null | 'forged';
}

/** A stand-in endpoint for signing: checks sign with the secret given, nothing is stored. */
export const signer = (secret: string, previous: string[] = []): Signing['endpoint'] => ({
  secret,
  previous_secrets: previous.map((s) => ({ secret: s, expires_at: '9999-12-31T23:59:59.999Z' })),
});

const keptBody = (text: string, truncated: boolean): { body: string; body_truncated: boolean } => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= ANSWER_BODY_KEPT) return { body: text, body_truncated: truncated };
  return { body: bytes.subarray(0, ANSWER_BODY_KEPT).toString('utf8'), body_truncated: true };
};

/**
 * One POST of `body` as a delivery sends it (the same signing and the same HTTP client, so a
 * redirect is not followed and the timeout is the delivery timeout), recorded for the report.
 */
export async function sendProbe(
  url: string,
  eventId: string,
  body: string,
  signing: Signing,
  timeoutMs: number,
  post: typeof sendAttempt = sendAttempt,
): Promise<EndpointCheckExchange> {
  const signed = signedHeaders(signing.endpoint, eventId, body, signing.signedAt);
  if (signing.signature === null) delete signed['webhook-signature'];
  else if (signing.signature === 'forged')
    signed['webhook-signature'] = forgedSignature(eventId, signed['webhook-timestamp'] as string, body);
  else if (signing.signature !== undefined) signed['webhook-signature'] = signing.signature;
  const headers = webhookHeaders(signed);
  const outcome = await post(url, headers, body, timeoutMs);
  return {
    request: { method: 'POST', ...outcome.request },
    response: outcome.response && {
      status: outcome.response.status,
      headers: outcome.response.headers,
      ...keptBody(outcome.response.body, outcome.response.body_truncated),
    },
    error: outcome.response ? null : outcome.error,
    duration_ms: outcome.duration_ms,
  };
}

/** What a probe is given: the endpoint, its secret, and the sandbox's times. */
export interface ProbeRun {
  url: string;
  secret: string;
  timeoutMs: number;
  /** How a request goes out: as the workspace running the check sends (workspaces/sendingWorkspaces.ts). */
  post: typeof sendAttempt;
  /** Real time, as deliveries are signed with. */
  realNow(): number;
  /** The sandbox's time and settings, as a real link's events are built with. */
  eventContext(): TestEventContext;
}

/** Sends one event (signed as a delivery is, unless `signing` says otherwise) and records it. */
export async function send(
  run: ProbeRun,
  record: (exchange: EndpointCheckExchange) => void,
  event: { id: string },
  signing: Partial<Signing> = {},
  body = JSON.stringify(event),
): Promise<EndpointCheckExchange> {
  const exchange = await sendProbe(
    run.url,
    event.id,
    body,
    { endpoint: signer(run.secret), signedAt: run.realNow(), ...signing },
    run.timeoutMs,
    run.post,
  );
  record(exchange);
  return exchange;
}
