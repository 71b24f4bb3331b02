import { encodedBody } from './inboxLog';
import type { InboxMessage, InboxMessageSummary, InboxSettings, InboxView } from '../../shared/types';

/** A message as held in memory: its body as received, what it costs against the byte bound. */
export interface Kept {
  seq: number;
  summary: InboxMessageSummary;
  headers: Record<string, string>;
  body: Buffer;
  bytes: number;
}

/** One inbox as held: its answer settings, how far its sequence went, its messages. */
export interface Inbox {
  name: string;
  settings: InboxSettings;
  sequenceUsed: number;
  /** Oldest first. */
  messages: Kept[];
}

/** A message as the API and the console show it: a body that is not UTF-8 goes as base64. */
export function present(kept: Kept): InboxMessage {
  return { ...kept.summary, headers: kept.headers, ...encodedBody(kept.body) };
}

export const view = (inbox: Inbox): InboxView => ({
  name: inbox.name,
  settings: inbox.settings,
  sequence_used: inbox.sequenceUsed,
  message_count: inbox.messages.length,
  last_received_at: inbox.messages.at(-1)?.summary.received_at ?? null,
});
