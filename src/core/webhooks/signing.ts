import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { WebhookEndpoint } from '../../shared/types';
import { VERSION } from '../version';

/** Secrets seen lately, as keys: decoding one per attempt cost more than the HMAC itself. */
const keys = new Map<string, KeyObject>();
const KEYS_KEPT = 256;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'));
    keys.set(secret, key);
  }
  return key;
}

/** The spec's v1 signature: base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" under the decoded secret. */
const hmac = (secret: string, id: string, timestamp: string, body: string): Buffer =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest();

/**
 * The Standard Webhooks headers for one attempt (docs/contract.md §8). After a rotation the old secret
 * keeps signing beside the new one until it expires, as the spec's multi-signature header allows,
 * so a receiver can switch secrets without missing a delivery. `signedAt` is real time (receivers
 * refuse a timestamp five minutes off their own clock); `now`, the sandbox's time, against which
 * old secrets expire, since their expiry was written in it.
 */
export function signedHeaders(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previous_secrets'>,
  eventId: string,
  body: string,
  signedAt: number,
  now = signedAt,
): Record<string, string> {
  const timestamp = String(Math.floor(signedAt / 1000));
  const secrets = [
    endpoint.secret,
    ...endpoint.previous_secrets.filter((p) => Date.parse(p.expires_at) > now).map((p) => p.secret),
  ];
  return {
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets
      .map((secret) => `v1,${hmac(secret, eventId, timestamp, body).toString('base64')}`)
      .join(' '),
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
    const expected = hmac(secret, id, timestamp, body);
    return given.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
  });
}

/** Every header a webhook POST carries: the JSON type, the sandbox as its sender, and the signing ones. */
export const webhookHeaders = (signed: Record<string, string>): Record<string, string> => ({
  'content-type': 'application/json',
  'user-agent': `PaymentLinksSandbox/${VERSION}`,
  ...signed,
});
