import { randomBytes } from 'node:crypto';
import { newEndpointId } from './domain/ids';
import { WEBHOOK_SECRET_PATTERN } from '../shared/exportRecords';
import type { WebhookEndpoint } from '../shared/types';
import { WEBHOOK_EVENT_TYPES } from '../shared/types';
import type { Op } from './store/ops';

export interface EndpointSeed {
  url: string;
  secret?: string;
}

export const SECRET_PATTERN = new RegExp(WEBHOOK_SECRET_PATTERN);

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

const EXAMPLE_WEBHOOK_URL = 'http://localhost:3000/webhooks';

/** Why a webhook URL is unusable, as a sentence a person can act on, or null when it is fine. */
export function webhookUrlProblem(url: string): string | null {
  const shown = JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${shown} is not a web address. Use an absolute http:// or https:// URL, for example ${EXAMPLE_WEBHOOK_URL}.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `${shown} starts with ${parsed.protocol}//, but only http:// and https:// URLs can receive webhooks (for example ${EXAMPLE_WEBHOOK_URL}).`;
  }
  return null;
}

/** Endpoints named at start-up (CLI --webhook-url): added once, their secret updated when given. */
export function seedEndpoints(
  existing: Map<string, WebhookEndpoint>,
  seeds: EndpointSeed[],
  now: string,
): Op[] {
  const ops: Op[] = [];
  for (const seed of seeds) {
    const known = [...existing.values()].find((e) => e.url === seed.url);
    if (known) {
      if (seed.secret && seed.secret !== known.secret)
        ops.push({ op: 'endpoint', v: { ...known, secret: seed.secret } });
      continue;
    }
    ops.push({
      op: 'endpoint',
      v: {
        id: newEndpointId(),
        url: seed.url,
        secret: seed.secret ?? newWebhookSecret(),
        previous_secrets: [],
        enabled: true,
        event_types: [...WEBHOOK_EVENT_TYPES],
        description: 'Added at start-up (--webhook-url)',
        created_at: now,
      },
    });
  }
  return ops;
}
