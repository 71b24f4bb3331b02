import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpoint } from '../../shared/types';

/**
 * The Standard Webhooks headers for one attempt (contract §8). After a rotation the old secret
 * keeps signing beside the new one until it expires, as the spec's multi-signature header allows,
 * so a receiver can switch secrets without missing a delivery.
 */
export function signedHeaders(
  endpoint: WebhookEndpoint,
  eventId: string,
  body: string,
  now: number,
): Record<string, string> {
  const at = new Date(now);
  const secrets = [
    endpoint.secret,
    ...endpoint.previous_secrets.filter((p) => Date.parse(p.expires_at) > now).map((p) => p.secret),
  ];
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
  };
}

/**
 * Whether a recorded attempt's webhook-signature holds for any secret the endpoint has had (current
 * or rotated out). Checked with the spec's HMAC directly rather than `Webhook.verify`, which also
 * refuses timestamps older than five minutes: the inspector shows old attempts too.
 */
export function signatureVerifies(headers: Record<string, string>, body: string, secrets: string[]): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const given = (headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'));
  if (!id || !timestamp || given.length === 0) return false;
  return secrets.some((secret) => {
    const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest();
    return given.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
  });
}
