// Which endpoints an event goes to (docs/contract.md §8): the core fans each recorded event out by
// this rule, and the console reads it to say why a link's events made no delivery.
import type { WebhookEndpoint, WebhookEventType } from './types';

/** Whether `endpoint` gets a delivery of an event of `type` recorded now: enabled, and subscribed to it. */
export const wantsEvent = (
  endpoint: Pick<WebhookEndpoint, 'enabled' | 'event_types'>,
  type: WebhookEventType,
): boolean => endpoint.enabled && endpoint.event_types.includes(type);
