// How the Inbox screen groups what it received: the messages of one webhook-id (a delivery and its
// retries carry the same one) as one row with a count, placed where its newest message is.
import type { InboxMessageSummary } from './types';

export interface InboxGroup {
  /** The webhook-id, or the message id of a message without one (a group of one). */
  key: string;
  webhook_id: string | null;
  /** Newest first. */
  messages: InboxMessageSummary[];
}

/** Groups messages listed newest first, keeping that order (each group where its newest is). */
export function groupByWebhookId(messages: readonly InboxMessageSummary[]): InboxGroup[] {
  const groups: InboxGroup[] = [];
  const byId = new Map<string, InboxGroup>();
  for (const message of messages) {
    const known = message.webhook_id === null ? undefined : byId.get(message.webhook_id);
    if (known) {
      known.messages.push(message);
      continue;
    }
    const group: InboxGroup = {
      key: message.webhook_id ?? message.id,
      webhook_id: message.webhook_id,
      messages: [message],
    };
    groups.push(group);
    if (message.webhook_id !== null) byId.set(message.webhook_id, group);
  }
  return groups;
}
