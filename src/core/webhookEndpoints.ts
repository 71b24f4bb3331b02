import { randomBytes } from 'node:crypto';
import { newEndpointId } from './domain/ids';
import type { WebhookEndpoint } from '../shared/types';
import { WEBHOOK_EVENT_TYPES } from '../shared/types';
import type { Op } from './store/ops';

export interface EndpointSeed {
  url: string;
  secret?: string;
}

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

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
