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
