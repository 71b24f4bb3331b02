// Why a link has no webhook deliveries, said in its detail: an event makes a delivery only for the
// endpoints that want it when it happens (shared/endpointWants.ts), so a link paid or canceled
// while every endpoint was off has none, and never will.
import { wantsEvent } from '../../../shared/endpointWants';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEvent } from '../../../shared/types';

export interface NoDeliveriesNote {
  text: string;
  /** Whether the answer is on the Webhooks screen (the endpoints). */
  toWebhooks: boolean;
}

export function noDeliveriesNote(
  events: readonly WebhookEvent[],
  endpoints: readonly WebhookEndpoint[],
): NoDeliveriesNote {
  if (events.length > 0) {
    const types = [...new Set(events.map((event) => event.type))];
    const one = events.length === 1;
    const text = `None: no enabled endpoint wanted ${types.join(' or ')} when ${one ? 'it' : 'they'} happened`;
    // An endpoint that wants them now was off then, or their deliveries were cleared since.
    const wantedNow = endpoints.some((endpoint) => types.some((type) => wantsEvent(endpoint, type)));
    return {
      text: wantedNow
        ? `${text} (one enabled since gets only later events), or ${one ? 'its delivery was' : 'their deliveries were'} cleared from the history.`
        : `${text}.`,
      toWebhooks: true,
    };
  }
  if (endpoints.length === 0)
    return { text: 'None: there is no endpoint to receive this link’s events.', toWebhooks: true };
  if (!endpoints.some((endpoint) => WEBHOOK_EVENT_TYPES.some((type) => wantsEvent(endpoint, type))))
    return {
      text: 'None yet, and none would be made now: no endpoint is enabled.',
      toWebhooks: true,
    };
  return {
    text: 'None yet: a delivery is queued when the link is paid, fails, expires or is canceled.',
    toWebhooks: false,
  };
}
