import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './types';

const PREFIX = 'payment_link.';

/** paid, failed, expired, canceled: the short names, as `trigger paid` and `listen --events paid` take them. */
export const EVENT_SHORT_NAMES = WEBHOOK_EVENT_TYPES.map((type) => type.slice(PREFIX.length));

/** What an event may be named, for every message that refuses a name. */
export const EVENT_NAME_WORDS = `${EVENT_SHORT_NAMES.slice(0, -1).join(', ')} or ${EVENT_SHORT_NAMES.at(-1)} (or the full type, ${WEBHOOK_EVENT_TYPES[0]}…)`;

/**
 * The event type a name gives in either form, `paid` or `payment_link.paid` (any letter case), or
 * undefined: a Stripe CLI user writes the full type (`stripe trigger payment_intent.succeeded`)
 * where this CLI's own examples write the short name, and every command takes both (issue 31).
 */
export function eventTypeNamed(name: string): WebhookEventType | undefined {
  const given = name.trim().toLowerCase();
  const type = given.startsWith(PREFIX) ? given : `${PREFIX}${given}`;
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) ? (type as WebhookEventType) : undefined;
}

/** `payment_link.paid` → `paid`. */
export const shortEventName = (type: WebhookEventType): string => type.slice(PREFIX.length);
